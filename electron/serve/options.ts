import { posix, resolve, win32 } from 'node:path';
import { defaultStoreFolder } from '../engine/store/paths.ts';
import { DEFAULT_PORT } from './server.ts';
import { readNumber } from '../../shared/text/numbers.ts';

/**
 * The flags of `jury serve` turned into settings, checked, with the defaults filled in. Pure: the working
 * folder, the platform and the environment are arguments, so every default is tested on any machine.
 */

/** The flags as commander hands them over (all strings). */
export interface ServeFlags {
  readonly db?: string;
  readonly port?: string;
  readonly host?: string;
  readonly store?: string;
  readonly workspace?: string;
  readonly token?: string;
  /** `--event <folder>`: serve this event's routes too (docs/event-day.md). */
  readonly event?: string;
}

/** What `jury serve` runs with. */
export interface ServeSettings {
  readonly port: number;
  readonly host: string;
  /** Undefined: a fresh random token. */
  readonly token: string | undefined;
  /** The folder of the bot library, settings and presets. */
  readonly workspace: string;
  /** The folder of the tournament stores. */
  readonly storeFolder: string;
  /** `--db`: show only this tournament store. */
  readonly singleStore: string | undefined;
}

/** The default host: every IPv4 interface, so spectators on the local network can watch. */
export const DEFAULT_HOST = '0.0.0.0';

// Characters that survive a URL's query unescaped, so the printed link is the token as typed.
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{8,200}$/;

/** Checks the flags and fills in the defaults, or says what is wrong with them. */
export function resolveServeFlags(
  flags: ServeFlags,
  cwd: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): { readonly ok: true; readonly value: ServeSettings } | { readonly ok: false; readonly error: string } {
  const read = flags.port === undefined ? null : readNumber(flags.port, { whole: true, min: 0, max: 65535 });
  if (read !== null && read.kind !== 'number') {
    return { ok: false, error: `--port: expected 0..65535 (0 = any free port), got ${flags.port}` };
  }
  const port = read === null ? DEFAULT_PORT : read.value;
  const host = flags.host ?? DEFAULT_HOST;
  if (host.trim() === '') return { ok: false, error: '--host: give an address or a host name' };
  if (flags.token !== undefined && !TOKEN_PATTERN.test(flags.token)) {
    return { ok: false, error: '--token: expected at least 8 of the characters A-Z a-z 0-9 . _ ~ -' };
  }
  const path = platform === 'win32' ? win32 : posix;
  const singleStore = flags.db === undefined ? undefined : resolve(cwd, flags.db);
  let defaultStore = '';
  if (flags.workspace === undefined || (flags.store === undefined && singleStore === undefined)) {
    try {
      defaultStore = defaultStoreFolder(platform, env);
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
  const storeFolder =
    flags.store !== undefined
      ? resolve(cwd, flags.store)
      : singleStore !== undefined
        ? path.dirname(singleStore)
        : defaultStore;
  // The workspace (bots, settings, presets) sits beside the tournaments folder: ~/.local/share/jury.
  const workspace =
    flags.workspace !== undefined ? resolve(cwd, flags.workspace) : path.dirname(defaultStore);
  return { ok: true, value: { port, host, token: flags.token, workspace, storeFolder, singleStore } };
}
