import { afterEach, describe, expect, it } from 'vitest';
import { demoName } from './demo.ts';
import { isAlive, startHarness, type Harness } from '../../../test/helpers/service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('demoName', () => {
  it('numbers the demos, skipping names taken in any case', () => {
    expect(demoName([])).toBe('Demo Less 1');
    expect(demoName(['demo less 1', 'Demo Less 3', 'Cup'])).toBe('Demo Less 2');
  });
});

describe('the demo tournament', () => {
  it('creates and starts a Less tournament of the sample bots whose boards are live within seconds', async () => {
    h = await startHarness();
    const demo = await h.call('tournaments.demo', undefined);
    expect(demo).toMatchObject({
      id: 'Demo Less 1',
      name: 'Demo Less 1',
      game: 'less',
      format: 'groups',
      state: 'running',
      total: 8,
    });
    const frame = await h.waitFor('game.frame', (f) => f.tournament === 'Demo Less 1' && f.ply > 0, 10_000);
    expect(frame.seats).toHaveLength(4);
    expect(frame.clocksMs).toHaveLength(4);
    expect(frame.lastMove).toMatch(/\S/);
    expect(frame.state).toMatchObject({ board: expect.any(String), pieces: expect.any(Array) });
    expect(frame.toAct).toBeGreaterThanOrEqual(0);
    const live = await h.call('tournament.live', { id: 'Demo Less 1' });
    expect(live.map((f) => f.seats)).toContainEqual(frame.seats);
    expect(new Set(frame.seats)).toEqual(
      new Set(['Less greedy', 'Less random', 'Less greedy 2', 'Less random 2']),
    );
    const bots = await h.call('bots.list', undefined);
    expect(bots.map((b) => b.path).sort()).toEqual(['less-greedy', 'less-random']);
    const draft = await h.call('tournament.draft', { id: 'Demo Less 1' });
    expect(draft.schedule).toEqual({
      kind: 'groups',
      permutations: 'rotations',
      mode: 'rounds',
      rounds: 2,
      evenOut: true,
    });

    // Closing the service in the middle of the demo leaves no bot process behind.
    const { pids } = h;
    await h.dispose();
    h = null;
    expect(pids.length).toBeGreaterThanOrEqual(4);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});
