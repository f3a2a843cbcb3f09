import { botHash } from '../bot-launcher.ts';
import type { ParticipantPatch } from '../store/participants.ts';
import type { TournamentStore } from '../store/store.ts';
import type { ReadyBot } from './ready-bots.ts';

/** A bot whose program changed since it played finished games. */
export interface ProgramChange {
  /** The participant's id and name. */
  readonly id: string;
  readonly name: string;
  /** The finished games it played with its former program, by index. */
  readonly games: readonly number[];
  /** Whether those games were reopened, so this run plays them again. */
  readonly replayed: boolean;
}

/**
 * Records, for every participant, the command it is started with and the content hash of its program
 * ({@link botHash}) in the store, and answers the bots whose program changed since they played finished
 * games: a stored hash that differs from the new one (a null stored hash is a first run, or a program
 * that could not be read before: nothing to compare with). With `replayChanged` those bots' games are
 * reopened (one transaction; a game two changed bots shared counts for both), so the run plays them again
 * from the start with the same seeds and boards; otherwise they stay as they are. Only the changed bots'
 * games are reopened: in adaptive formats (Swiss, groups by standing, knockout) later rounds keep the
 * pairings made from the old results; the caller must say so.
 */
export async function recordBots(
  store: TournamentStore,
  bots: readonly ReadyBot[],
  replayChanged: boolean,
): Promise<ProgramChange[]> {
  const changed: ProgramChange[] = [];
  const patches = new Map<string, ParticipantPatch>();
  for (const { id, name, bot } of bots) {
    const stored = store.participant(id);
    const patch: { command?: string[]; executableHash?: string } = {};
    if (JSON.stringify(stored?.command ?? null) !== JSON.stringify(bot.command))
      patch.command = [...bot.command];
    const hash = await botHash(bot);
    const before = stored?.executableHash ?? null;
    if (hash !== null && hash !== before) {
      patch.executableHash = hash;
      const games = before === null ? [] : store.gamesOf(id);
      if (games.length > 0) changed.push({ id, name, games, replayed: replayChanged });
    }
    if (Object.keys(patch).length > 0) patches.set(id, patch);
  }
  if (replayChanged && changed.length > 0) store.reopenGames([...new Set(changed.flatMap((c) => c.games))]);
  // After the reopening: a crash in between leaves the old hash, so the next run still sees the change.
  for (const [id, patch] of patches) store.updateParticipant(id, patch);
  return changed;
}
