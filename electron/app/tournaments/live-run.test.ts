import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, startHarness, type Harness } from '../../../test/helpers/service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** A harness with a 6561 round robin of the two samples: `repeats` × 2 games, two at a time. */
async function setup(name: string, repeats = 2): Promise<Harness> {
  h = await startHarness();
  const bots = await h.call('bots.addSamples', { game: '6561' });
  await h.call('tournaments.create', {
    draft: {
      name,
      game: '6561',
      schedule: { kind: 'round-robin', repeats },
      bots: bots.map((b) => b.id),
      timing: { mode: 'cpu' },
      concurrency: 2,
    },
  });
  return h;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('running tournaments', () => {
  it('pauses (no new game starts) and resumes to the end', async () => {
    const h = await setup('Paused');
    await h.call('tournament.start', { id: 'Paused' });
    expect((await h.call('tournament.pause', { id: 'Paused' })).state).toBe('paused');
    await h.waitFor('tournament.progress', (p) => p.state === 'paused' && p.running === 0);
    const started = h.events.filter(
      (e) => e.channel === 'tournament.changed' && e.payload.reason === 'game-started',
    );
    await sleep(400);
    const paused = (await h.call('tournaments.list', undefined))[0];
    expect(paused).toMatchObject({ state: 'paused', running: 0, finished: started.length, total: 4 });
    expect(
      h.events.filter((e) => e.channel === 'tournament.changed' && e.payload.reason === 'game-started'),
    ).toHaveLength(started.length);
    expect(await h.call('tournament.live', { id: 'Paused' })).toEqual([]);

    expect((await h.call('tournament.resume', { id: 'Paused' })).state).toBe('running');
    await h.waitFor('tournament.progress', (p) => p.state === 'done');
    expect((await h.call('tournaments.list', undefined))[0]).toMatchObject({ state: 'done', finished: 4 });
    await expect(h.call('tournament.pause', { id: 'Paused' })).rejects.toThrow('Paused is not running');
  });

  it('finishes the running games, then stops; a later start resumes', async () => {
    const h = await setup('Stopped');
    await h.call('tournament.start', { id: 'Stopped' });
    expect((await h.call('tournament.stop', { id: 'Stopped' })).state).toBe('stopping');
    await h.waitFor('tournament.progress', (p) => p.state === 'stopped');
    const stopped = (await h.call('tournaments.list', undefined))[0];
    expect(stopped).toMatchObject({ state: 'stopped', finished: 2, running: 0, total: 4 });
    const concurrency = await h.call('tournament.concurrency', { id: 'Stopped', concurrency: 1 });
    expect(concurrency.concurrency).toBe(1);

    await h.call('tournament.start', { id: 'Stopped' });
    const end = await h.waitFor('tournament.progress', (p) => p.state === 'done');
    expect(end).toMatchObject({ finished: 4, total: 4 });
    const rows = await h.call('tournament.games', { id: 'Stopped' });
    expect(rows.map((r) => r.state)).toEqual(['finished', 'finished', 'finished', 'finished']);
  });

  it('after a restart, shows a run that ended part-way as unfinished, to continue or run again', async () => {
    const first = await setup('Restarted');
    await first.call('tournament.start', { id: 'Restarted' });
    await first.call('tournament.stop', { id: 'Restarted' });
    await first.waitFor('tournament.progress', (p) => p.state === 'stopped');
    // Jury restarts: a new service on the same folders remembers no run.
    const again = await startHarness({ dir: first.dir });
    try {
      const [listed] = await again.call('tournaments.list', undefined);
      expect(listed).toMatchObject({ state: 'unfinished', finished: 2, total: 4, running: 0 });
      await again.call('tournament.start', { id: 'Restarted' });
      await again.waitFor('tournament.progress', (p) => p.state === 'done');
      expect((await again.call('tournaments.list', undefined))[0]).toMatchObject({
        state: 'done',
        finished: 4,
      });
    } finally {
      await again.service.close();
    }
  });

  it('aborts: the boards come down, no bot process is left, and the next start plays the games again', async () => {
    const h = await setup('Aborted');
    await h.call('tournament.start', { id: 'Aborted' });
    await h.waitFor('game.frame', (f) => f.ply > 2);
    const live = await h.call('tournament.live', { id: 'Aborted' });
    expect(live.length).toBeGreaterThan(0);
    expect(live[0]).toMatchObject({
      tournament: 'Aborted',
      done: false,
      seats: ['6561 random', '6561 greedy'],
    });
    await expect(h.call('tournaments.remove', { id: 'Aborted' })).rejects.toThrow(/Aborted is running/);

    const concurrency = await h.call('tournament.concurrency', { id: 'Aborted', concurrency: 3 });
    expect(concurrency.concurrency).toBe(3);
    expect((await h.call('tournament.abort', { id: 'Aborted' })).state).toBe('aborted');
    await h.waitFor('tournament.progress', (p) => p.state === 'aborted' && p.running === 0);
    expect(h.pids.length).toBeGreaterThan(0);
    expect(h.pids.filter(isAlive)).toEqual([]);
    const last = h.events.filter((e) => e.channel === 'game.frame').at(-1)?.payload;
    expect(last).toMatchObject({ done: true, scores: null });
    expect((await h.call('tournaments.list', undefined))[0]).toMatchObject({ state: 'aborted', running: 0 });

    const finishedBefore = (await h.call('tournament.games', { id: 'Aborted' })).filter(
      (r) => r.state === 'finished',
    ).length;
    const restarted = await h.call('tournament.start', { id: 'Aborted' });
    expect(restarted).toMatchObject({ state: 'running', finished: finishedBefore, concurrency: 3 });
    await h.waitFor('tournament.progress', (p) => p.state === 'done');

    await h.call('tournaments.remove', { id: 'Aborted' });
    expect(readdirSync(join(h.dir, 'tournaments'))).toEqual([]);
    expect(await h.call('tournaments.list', undefined)).toEqual([]);
    expect(h.events.at(-1)).toEqual({
      channel: 'tournament.changed',
      payload: { id: 'Aborted', reason: 'removed', game: null },
    });
  });

  it('says why a run aborted itself when a game cannot be played', async () => {
    // A bot that cannot run is the bot's failure (EXIT) and the event goes on; a launch that throws is
    // Jury's (no process could be made at all): the run stops and says why.
    let launches = 0;
    h = await startHarness({
      wrapLauncher: (inner) => ({
        check: (bot) => inner.check(bot),
        launch: (bot, limits) => {
          launches += 1;
          if (launches > 2) return Promise.reject(new Error('fork failed: resource temporarily unavailable'));
          return inner.launch(bot, limits);
        },
      }),
    });
    const bots = await h.call('bots.addSamples', { game: '6561' });
    await h.call('tournaments.create', {
      draft: {
        name: 'Broken',
        game: '6561',
        schedule: { kind: 'round-robin', repeats: 2 },
        bots: bots.map((b) => b.id),
        timing: { mode: 'cpu' },
        concurrency: 1,
      },
    });
    await h.call('tournament.start', { id: 'Broken' });
    const end = await h.waitFor('tournament.progress', (p) => p.state === 'aborted');
    expect(end.finished).toBe(1);
    expect(end.error).toBe('game 2 could not be played: fork failed: resource temporarily unavailable');
  });

  it('lists tournaments newest first', async () => {
    const h = await setup('First');
    await sleep(5);
    const bots = await h.call('bots.list', undefined);
    await h.call('tournaments.create', {
      draft: {
        name: 'Second',
        game: '6561',
        schedule: { kind: 'round-robin', repeats: 1 },
        bots: bots.map((b) => b.id),
        timing: { mode: 'cpu' },
      },
    });
    expect((await h.call('tournaments.list', undefined)).map((t) => t.id)).toEqual(['Second', 'First']);
    expect(existsSync(join(h.dir, 'tournaments', 'First.sqlite'))).toBe(true);
  });
});
