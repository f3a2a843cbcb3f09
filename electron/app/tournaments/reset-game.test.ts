import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshot } from '../../../test/helpers/bad-stores.ts';
import { startHarness, type Harness } from '../../../test/helpers/service-harness.ts';
import type { Response } from '../../../shared/ipc/contract.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

type Rows = Response<'tournament.games'>;

/** Each bot's points and games as the rows give them. */
function fromRows(rows: Rows): Record<string, { points: number; games: number }> {
  const out: Record<string, { points: number; games: number }> = {};
  for (const row of rows) {
    if (row.state !== 'finished') continue;
    row.seats.forEach((name, i) => {
      const bot = (out[name] ??= { points: 0, games: 0 });
      bot.points += row.scores?.[i] ?? 0;
      bot.games += 1;
    });
  }
  return out;
}

/** Each bot's points and games as the standings give them. */
async function fromStandings(
  h: Harness,
  id: string,
): Promise<Record<string, { points: number; games: number }>> {
  const standings = await h.call('tournament.standings', { id });
  return Object.fromEntries(
    standings.ranking.rows.map((r) => [r.name, { points: r.points, games: r.games }]),
  );
}

/** Resolves once `done` holds, checked every 20 ms; rejects after 60 s. */
async function until(done: () => boolean): Promise<void> {
  for (const end = Date.now() + 60_000; !done();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the app: deleting a finished game's result (Play again)", () => {
  it('reopens a game of a finished round robin, keeps the standings consistent, and plays it on resume', async () => {
    h = await startHarness();
    const bots = await h.call('bots.addSamples', { game: '6561' });
    await h.call('tournaments.create', {
      draft: {
        name: 'Club',
        game: '6561',
        schedule: { kind: 'round-robin', repeats: 2 },
        bots: bots.map((b) => b.id),
        timing: { mode: 'cpu' },
        concurrency: 1,
      },
    });
    // Nothing is scheduled before the first start: there is no game to reopen.
    await expect(h.call('tournament.resetGame', { id: 'Club', index: 0 })).rejects.toThrow(
      'there is no game #1 in the schedule; nothing was changed',
    );
    await h.call('tournament.start', { id: 'Club' });
    // While it runs: refused.
    await expect(h.call('tournament.resetGame', { id: 'Club', index: 0 })).rejects.toThrow(
      'Club is running; stop it before playing a game again',
    );
    await h.waitFor('tournament.progress', (p) => p.id === 'Club' && p.state === 'done');
    await h.waitFor('tournament.changed', (c) => c.id === 'Club' && c.reason === 'state');
    const played = await h.call('tournament.games', { id: 'Club' });
    expect(played.map((r) => r.state)).toEqual(['finished', 'finished', 'finished', 'finished']);

    const summary = await h.call('tournament.resetGame', { id: 'Club', index: 2 });
    // No longer complete: resumable, one game left.
    expect(summary).toMatchObject({ state: 'unfinished', finished: 3, total: 4, running: 0 });
    expect(h.events).toContainEqual({
      channel: 'tournament.changed',
      payload: { id: 'Club', reason: 'game-reset', game: 2 },
    });
    const reopened = await h.call('tournament.games', { id: 'Club' });
    expect(reopened.map((r) => [r.state, r.scores, r.durationMs])).toEqual([
      ['finished', played[0]!.scores, played[0]!.durationMs],
      ['finished', played[1]!.scores, played[1]!.durationMs],
      ['scheduled', null, null],
      ['finished', played[3]!.scores, played[3]!.durationMs],
    ]);
    expect(reopened[2]!.seats).toEqual(played[2]!.seats);
    const three = fromRows(reopened);
    expect(Object.values(three).map((b) => b.games)).toEqual([3, 3]);
    expect(await fromStandings(h, 'Club')).toEqual(three);
    await expect(h.call('tournament.replay', { id: 'Club', index: 2 })).rejects.toThrow();
    // A second delete of the same game is refused, and changes nothing.
    const folder = join(h.dir, 'tournaments');
    const before = snapshot(folder);
    await expect(h.call('tournament.resetGame', { id: 'Club', index: 2 })).rejects.toThrow(
      'game #3 has not finished: it has no result to delete; nothing was changed',
    );
    expect(snapshot(folder)).toEqual(before);

    // Resumed: only that game is played, and the standings count it again.
    const started = h.events.length;
    await h.call('tournament.start', { id: 'Club' });
    // waitFor also answers past events: wait for this run's own end, then for its store to be let go.
    const since = (): Harness['events'] => h!.events.slice(started);
    await until(() => since().some((e) => e.channel === 'tournament.progress' && e.payload.state === 'done'));
    await until(() => {
      const done = since().findIndex(
        (e) => e.channel === 'tournament.progress' && e.payload.state === 'done',
      );
      return since()
        .slice(done)
        .some((e) => e.channel === 'tournament.changed' && e.payload.reason === 'state');
    });
    const finishedNow = h.events
      .slice(started)
      .flatMap((e) =>
        e.channel === 'tournament.changed' && e.payload.reason === 'game-finished' ? [e.payload.game] : [],
      );
    expect(finishedNow).toEqual([2]);
    const again = await h.call('tournament.games', { id: 'Club' });
    expect(again.map((r) => r.state)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect(again[2]!.seats).toEqual(played[2]!.seats);
    expect(again[2]!.durationMs).toBeGreaterThan(0);
    const four = fromRows(again);
    expect(Object.values(four).map((b) => b.games)).toEqual([4, 4]);
    expect(await fromStandings(h, 'Club')).toEqual(four);
    expect((await h.call('tournaments.list', undefined))[0]).toMatchObject({ state: 'done', finished: 4 });
  });
});
