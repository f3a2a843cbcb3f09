import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { identityFile, sha256File } from '../../engine/bots/hash.ts';
import { findSampleBot } from '../../engine/bots/samples/index.ts';
import type { StoredBot } from './library-file.ts';

/** What a bot's file looks like right now. */
export interface FileFacts {
  readonly hash: string | null;
  readonly modifiedAt: string | null;
  readonly missing: boolean;
}

/**
 * The file whose content is the bot: the program (the script or jar an interpreter runs: `python3
 * bot.py` is bot.py), the source file, or a sample's script. Null for a sample id this version of Jury
 * does not ship.
 */
export function botFile(
  bot: Pick<StoredBot, 'kind' | 'path'> & {
    readonly args?: readonly string[];
    readonly cwd?: string | undefined;
  },
): string | null {
  if (bot.kind === 'sample') return findSampleBot(bot.path)?.file ?? null;
  if (bot.kind === 'program') return identityFile(bot.path, bot.args ?? [], bot.cwd ?? dirname(bot.path));
  return bot.path;
}

/** Reads the hash and last change of `file`; `missing` when it is gone or is not a regular file. */
export async function fileFacts(file: string | null): Promise<FileFacts> {
  if (file === null) return { hash: null, modifiedAt: null, missing: true };
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) return { hash: null, modifiedAt: null, missing: true };
  // There but unreadable (a program with mode 111): not missing, only without a hash.
  const hash = await sha256File(file).catch(() => null);
  return { hash, modifiedAt: info.mtime.toISOString(), missing: false };
}

/** `bot` with its file's facts read afresh. */
export async function refreshBot(bot: StoredBot): Promise<StoredBot> {
  return { ...bot, ...(await fileFacts(botFile(bot))) };
}

/** Whether refreshing changed anything worth storing. */
export function factsChanged(before: StoredBot, after: StoredBot): boolean {
  return (
    before.hash !== after.hash || before.modifiedAt !== after.modifiedAt || before.missing !== after.missing
  );
}
