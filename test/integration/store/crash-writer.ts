// A child process for the crash test: it resumes the store at argv[2] and plays (instantly) every game up
// to argv[3], scheduling argv[4] games at a time, like `jury run` would. It prints `start N` before a game
// and `committed N` only after finishGame has returned, so the parent knows which games must survive a
// SIGKILL. Stdout to a pipe is synchronous on Linux: a printed line is never lost to buffering.
import { existsSync } from 'node:fs';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { sampleOutcome, sampleParticipants, sampleRecord, sampleSchedule } from './samples.ts';

/** Participants in the crash test's tournament. */
export const CRASH_PLAYERS = 6;
/** Dialogue lines per record: large enough that a kill often lands inside a commit. */
export const CRASH_RECORD_LINES = 300;

function main(): void {
  const [path, totalText, batchText] = process.argv.slice(2);
  if (!path || !totalText || !batchText) throw new Error('usage: crash-writer.ts STORE TOTAL BATCH');
  const total = Number(totalText);
  const batch = Number(batchText);
  const store = existsSync(path)
    ? TournamentStore.open(path)
    : TournamentStore.create(path, { seed: 5, participants: sampleParticipants(CRASH_PLAYERS) });
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say('ready');
  for (;;) {
    const todo = store.unfinished();
    if (todo.length === 0) {
      const { scheduled } = store.counts();
      if (scheduled >= total) break;
      store.addScheduled(sampleSchedule(scheduled, Math.min(batch, total - scheduled), CRASH_PLAYERS));
      say(`scheduled ${scheduled}`);
      continue;
    }
    for (const game of todo) {
      say(`start ${game.index}`);
      store.finishGame(game.index, sampleOutcome(game), sampleRecord(game, CRASH_RECORD_LINES));
      say(`committed ${game.index}`);
    }
  }
  store.close();
  say('done');
}

// Only when run as a program: the test imports the constants above.
if (import.meta.url === `file://${process.argv[1]}`) main();
