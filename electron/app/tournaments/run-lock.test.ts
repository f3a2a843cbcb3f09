import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshot } from '../../../test/helpers/bad-stores.ts';
import { refuses } from '../../../test/integration/store/samples.ts';
import { startHarness, type Harness } from '../../../test/helpers/service-harness.ts';
import { TournamentStore } from '../../engine/store/store.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** A harness with one 6561 round robin of the two samples (`repeats` × 2 games). */
async function setup(name: string, repeats: number): Promise<Harness> {
  h = await startHarness();
  const bots = await h.call('bots.addSamples', { game: '6561' });
  await h.call('tournaments.create', {
    draft: {
      name,
      game: '6561',
      schedule: { kind: 'round-robin', repeats },
      bots: bots.map((b) => b.id),
      timing: { mode: 'cpu' },
      concurrency: 1,
    },
  });
  return h;
}

describe("the app and a tournament's run lock", () => {
  it('refuses to start or remove a tournament that jury run is running, naming it, and starts once it ended', async () => {
    const h = await setup('Club', 1);
    const folder = join(h.dir, 'tournaments');
    const cli = TournamentStore.open(join(folder, 'Club.sqlite'), { lock: 'jury run club.json' });
    const before = snapshot(folder);
    await expect(h.call('tournament.start', { id: 'Club' })).rejects.toThrow(
      new RegExp(
        `Club\\.sqlite is being run by jury run club\\.json \\(pid ${process.pid}, since [^)]+\\); a second run is refused`,
      ),
    );
    await expect(h.call('tournaments.remove', { id: 'Club' })).rejects.toThrow(
      new RegExp(
        `^Club is being run by jury run club\\.json \\(pid ${process.pid}, since [^)]+\\); stop it before removing it$`,
      ),
    );
    expect(snapshot(folder)).toEqual(before);
    // Its screens still read it.
    expect((await h.call('tournaments.list', undefined)).map((t) => t.id)).toEqual(['Club']);
    expect(await h.call('tournament.games', { id: 'Club' })).toEqual([]);
    cli.close();
    await h.call('tournament.start', { id: 'Club' });
    const end = await h.waitFor('tournament.progress', (p) => p.state === 'done');
    expect(end).toMatchObject({ finished: 2, total: 2 });
  });

  it('holds the lock while it runs a tournament: jury run is refused, naming the Jury app', async () => {
    const h = await setup('Busy', 5);
    await h.call('tournament.start', { id: 'Busy' });
    refuses(
      () => TournamentStore.open(join(h.dir, 'tournaments', 'Busy.sqlite'), { lock: 'jury run busy.json' }),
      'locked',
      new RegExp(`Busy\\.sqlite is being run by the Jury app \\(pid ${process.pid}, since [^)]+\\)`),
    );
    await h.waitFor('tournament.progress', (p) => p.state === 'done');
    await h.call('tournaments.remove', { id: 'Busy' });
    expect(snapshot(join(h.dir, 'tournaments'))).toEqual({});
  });
});
