import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import type {
  GameOutcome,
  ScheduleContext,
  ScheduledGame,
  ScheduleHistory,
  Scheduler,
} from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { MemoryChannel, MemoryOracle, playsWell } from '../../../test/helpers/memory-channel.ts';
import { playGame } from '../referee/referee.ts';
import { TournamentRunner, type RunnerEvent, type RunnerStore } from './runner.ts';

/** The store as the runner sees it, in memory, with a JSON round trip like a real database. */
class MemoryStore implements RunnerStore {
  scheduled: ScheduledGame[] = [];
  outcomes = new Map<number, GameOutcome>();
  history(): ScheduleHistory {
    return JSON.parse(JSON.stringify({ scheduled: this.scheduled, outcomes: [...this.outcomes] }), (k, v) =>
      k === 'outcomes' ? new Map(v as [number, GameOutcome][]) : v,
    ) as ScheduleHistory;
  }
  unfinished(): ScheduledGame[] {
    return this.scheduled.filter((g) => !this.outcomes.has(g.index));
  }
  addScheduled(games: readonly ScheduledGame[]): void {
    this.scheduled.push(...games);
  }
  finishGame(index: number, outcome: GameOutcome): void {
    if (this.outcomes.has(index)) throw new Error(`game ${index} is finished already`);
    this.outcomes.set(index, outcome);
  }
}

/** Two rounds of every ordered pair; round 2 only once round 1 is complete. */
const twoRounds: Scheduler = {
  next(ctx, history) {
    const done = history.scheduled.every((g) => history.outcomes.has(g.index));
    const round = history.scheduled.length === 0 ? 1 : (history.scheduled.at(-1)?.round ?? 0) + 1;
    if (!done) return { kind: 'wait' };
    if (round > 2) return { kind: 'done' };
    const ids = ctx.participants.map((p) => p.id);
    const pairs = ids.flatMap((a) => ids.filter((b) => b !== a).map((b) => [a, b]));
    return {
      kind: 'games',
      games: pairs.map((seats, i) => {
        const index = history.scheduled.length + i;
        return {
          index,
          stage: 'main',
          round,
          seats,
          seed: deriveSeed(ctx.seed, 'game', index),
          board: null,
          match: `r${round}`,
        };
      }),
    };
  },
  total: (ctx) => 2 * ctx.participants.length * (ctx.participants.length - 1),
};

const context: ScheduleContext = {
  game: '6561',
  seats: 2,
  participants: ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase() })),
  seed: 99,
  boardFor: () => null,
};

/** Plays a scheduled 6561 game with in-memory players; player `c` always fails at once. */
async function play(game: ScheduledGame, signal: AbortSignal): Promise<GameRecord> {
  const module = games['6561'];
  const oracle = new MemoryOracle(module, game.seed);
  const channels = game.seats.map(
    (id, seat) =>
      new MemoryChannel(seat, oracle, id === 'c' ? () => ({ line: 'junk' }) : playsWell(module, game.seed)),
  );
  signal.addEventListener('abort', () => channels.forEach((c) => void c.shutdown()));
  await new Promise((r) => setTimeout(r, 5));
  return playGame(
    channels.map((channel, i) => ({
      channel,
      name: game.seats[i] ?? '',
      command: null,
      executableHash: null,
    })),
    { game: module, seed: game.seed, timing: 'official', onEvent: oracle.onEvent, graceMs: 0 },
  );
}

function runner(store: MemoryStore, events: RunnerEvent[] = [], concurrency = 2): TournamentRunner {
  return new TournamentRunner({
    store,
    scheduler: twoRounds,
    context,
    play,
    concurrency,
    onEvent: (e) => events.push(e),
  });
}
const scoresOf = (store: MemoryStore) =>
  [...store.outcomes.values()]
    .sort((a, b) => a.index - b.index)
    .map((o) => [o.index, o.seats, o.scores, o.statuses]);

describe('TournamentRunner', () => {
  it('plays the whole schedule round by round, never more games at once than allowed', async () => {
    const store = new MemoryStore();
    const events: RunnerEvent[] = [];
    let running = 0;
    let most = 0;
    // Each running game holds a slot (for CPU pinning): never two at once in the same one.
    const busy = new Set<number>();
    const slots: number[] = [];
    const r = new TournamentRunner({
      store,
      scheduler: twoRounds,
      context,
      concurrency: 2,
      onEvent: (e) => events.push(e),
      play: async (g, s, slot) => {
        most = Math.max(most, ++running);
        expect(busy.has(slot.slot)).toBe(false);
        expect(slot.concurrency).toBe(2);
        busy.add(slot.slot);
        slots.push(slot.slot);
        try {
          return await play(g, s);
        } finally {
          running--;
          busy.delete(slot.slot);
        }
      },
    });
    expect(await r.run()).toBe('done');
    expect(store.outcomes.size).toBe(12);
    expect(most).toBe(2);
    expect(new Set(slots)).toEqual(new Set([0, 1]));
    // Round 2 is scheduled only after every game of round 1 finished.
    const firstRound2 = events.findIndex((e) => e.kind === 'scheduled' && e.games[0]?.round === 2);
    const finishedBefore = events.slice(0, firstRound2).filter((e) => e.kind === 'game-finished').length;
    expect(finishedBefore).toBe(6);
    expect(r.progress()).toMatchObject({ finished: 12, total: 12, running: 0, etaMs: 0 });
    expect(
      [...store.outcomes.values()]
        .filter((o) => o.seats.includes('c'))
        .every((o) => o.statuses[o.seats.indexOf('c')] === 'ILLEGAL'),
    ).toBe(true);
  });

  it('stops after the running games when asked, and a new run continues to the same results', async () => {
    const straight = new MemoryStore();
    await runner(straight).run();

    const store = new MemoryStore();
    const first = runner(store, [], 2);
    const done = first.run();
    await new Promise((r) => setTimeout(r, 12));
    first.finishThenStop();
    expect(await done).toBe('stopped');
    expect(store.outcomes.size).toBeGreaterThan(0);
    expect(store.outcomes.size).toBeLessThan(12);
    expect(store.unfinished().length + store.outcomes.size).toBe(store.scheduled.length);
    expect(await runner(store, [], 3).run()).toBe('done');
    expect(scoresOf(store)).toEqual(scoresOf(straight));
  });

  it('aborts running games without storing them; they restart next time', async () => {
    const store = new MemoryStore();
    const r = runner(store);
    const done = r.run();
    await new Promise((resolve) => setTimeout(resolve, 2));
    r.abort();
    expect(await done).toBe('aborted');
    const unfinished = store.unfinished().map((g) => g.index);
    expect(unfinished.length).toBeGreaterThan(0);
    expect(await runner(store).run()).toBe('done');
    expect(store.outcomes.size).toBe(12);
  });

  it('pauses (no new games start) and resumes; concurrency can change while running', async () => {
    const store = new MemoryStore();
    const events: RunnerEvent[] = [];
    const r = runner(store, events, 1);
    const done = r.run();
    r.pause();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const startedWhilePaused = events.filter((e) => e.kind === 'game-started').length;
    expect(startedWhilePaused).toBeLessThanOrEqual(1);
    expect(r.current).toBe('paused');
    r.setConcurrency(4);
    r.resume();
    expect(await done).toBe('done');
    expect(store.outcomes.size).toBe(12);
    expect(events.filter((e) => e.kind === 'state').map((e) => (e as { state: string }).state)).toEqual([
      'running',
      'paused',
      'running',
      'done',
    ]);
  });
});
