import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { Launcher } from '../../../electron/engine/play-match.ts';
import { killAllBots } from '../../../electron/engine/process/index.ts';
import type { RefereeEvent } from '../../../electron/engine/referee/referee.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { loadTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { gamePlayer } from '../../../electron/engine/tournament/game-player.ts';
import { GameThread } from '../../../electron/engine/tournament/game-thread.ts';
import { botsById, prepareBots } from '../../../electron/engine/tournament/ready-bots.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';

// The game thread (electron/engine/tournament/game-thread.ts) plays whole games away from the main
// thread: a main thread busy with anything (a store write, a spectator's read, garbage collection)
// must not make a bot's reply look late, nor keep the game from going on. A game package's game there:
// test/integration/caia/game-player.test.ts.

const FIXTURES = new URL('../../fixtures/bots/', import.meta.url).pathname;
const threads: GameThread[] = [];
afterAll(async () => {
  for (const t of threads) await t.close();
});

/** A thread launcher of its own per test: the process's shared one would outlive the test file. */
function threadLauncher(): Launcher {
  const launcher = processLauncher();
  const games = new GameThread();
  threads.push(games);
  return { launch: (...args) => launcher.launch(...args), games };
}

/** A 6561 game of `bots` (tournament config entries) played by `launcher`'s game player. */
async function player(bots: readonly object[], launcher: Launcher, onEvent?: (e: RefereeEvent) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'jury-game-thread-'));
  const file = join(dir, 'event.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name: 'Thread',
      game: '6561',
      schedule: { kind: 'round-robin' },
      bots,
    }),
  );
  const loaded = await loadTournamentConfig(file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { config } = loaded.value;
  const ready = await prepareBots(config, dir, join(dir, 'builds'));
  const play = gamePlayer(config, botsById(ready), launcher, {
    store: join(dir, 'event.sqlite'),
    ...(onEvent ? { onEvent: (_: ScheduledGame, e: RefereeEvent) => onEvent(e) } : {}),
  });
  const scheduled: ScheduledGame = {
    index: 0,
    stage: 'main',
    round: 1,
    seats: ready.map((b) => b.id),
    seed: 7,
    board: null,
    match: '',
  };
  return { play: (signal = new AbortController().signal) => play(scheduled, signal) };
}

const SAMPLES = [
  { name: 'Greedy', sample: 'greedy' },
  { name: 'Random', sample: 'random' },
];

/** Plays a 6561 game of two samples (1000 quick moves), spinning the main thread for `stallMs` once it began. */
async function stalledGame(launcher: Launcher, stallMs: number) {
  const events: RefereeEvent[] = [];
  let stalled = false;
  const { play } = await player(SAMPLES, launcher, (e) => {
    events.push(e);
    if (stalled || events.length < 50) return;
    stalled = true;
    const until = performance.now() + stallMs;
    while (performance.now() < until);
  });
  const record = await play();
  return { record, events, stalled };
}

const slowest = (record: GameRecord): number => Math.max(...record.seats.map((s) => s.time.maxChargedUs));

describe('the game thread', () => {
  it('times a reply when it arrives while the main thread is busy for 600 ms', async () => {
    const { record, events, stalled } = await stalledGame(threadLauncher(), 600);
    expect(stalled).toBe(true);
    expect(record.end.kind).toBe('move-limit');
    expect(record.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    // Each sample replies in about a millisecond; the stall is charged to nobody.
    expect(slowest(record)).toBeLessThan(200_000);
    // Every move reached the main thread, in order, each with a state (the batch's last board).
    expect(events.map((e) => (e.kind === 'move' ? e.ply : -1))).toEqual(record.moves.map((_, i) => i));
    expect(events.every((e) => e.kind !== 'move' || e.state !== undefined)).toBe(true);
  });

  it('is what keeps the stall off the bots: played on the main thread, a bot is charged for it', async () => {
    const { record, stalled } = await stalledGame(processLauncher(), 600);
    expect(stalled).toBe(true);
    expect(slowest(record)).toBeGreaterThan(500_000);
  });

  it("kills its bots when Jury's exit kills every bot, and the game ends at once", async () => {
    const { play } = await player(
      [
        SAMPLES[0] as object,
        { name: 'Hang', executable: process.execPath, args: [join(FIXTURES, 'hang.js')] },
      ],
      threadLauncher(),
    );
    const t0 = performance.now();
    const playing = play();
    await new Promise((r) => setTimeout(r, 1500));
    killAllBots();
    const record = await playing;
    // The game's budget is 60 s a bot: only the kill ends it this soon.
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(record.seats[1]?.status).not.toBe('OK');
  });

  it('fails the games of a thread that stopped, and starts a new one for the next game', async () => {
    const launcher = threadLauncher();
    const { play } = await player(SAMPLES, launcher);
    const playing = play();
    await new Promise((r) => setTimeout(r, 300));
    await (launcher.games as GameThread).close();
    await expect(playing).rejects.toThrow(/the game thread stopped/);
    const again = await play();
    expect(again.moves).toHaveLength(1000);
  });
});
