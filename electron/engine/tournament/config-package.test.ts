import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalGameId, isGameId } from '../../../shared/games/registry.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import { FORMAT_KINDS, type FormatKind } from '../../../shared/tournament/formats/kinds.ts';
import { checkSchedule } from '../../cli/run-checks.ts';
import { makeToyPackage, TOY } from '../../../test/fixtures/caia/packages.ts';
import { loadTournamentConfig, parseTournamentConfig, type TournamentConfig } from './config.ts';
import { readyGame } from './ready-bots.ts';
import { RunRefusal } from './run-store.ts';

const schedules: Record<FormatKind, object> = {
  'round-robin': { kind: 'round-robin' },
  groups: { kind: 'groups' },
  swiss: { kind: 'swiss', swissRounds: 2, finalists: 4 },
  knockout: { kind: 'knockout' },
  gauntlet: { kind: 'gauntlet', challengers: ['A'] },
};

/** Writes a config naming the package `game` (a path) and loads it as `jury run` does. */
async function load(game: string, kind: FormatKind, extra: object = {}): Promise<TournamentConfig> {
  const dir = mkdtempSync(join(tmpdir(), 'jury-cfg-pkg-'));
  const file = join(dir, 'event.json');
  const bots = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, executable: '/bin/true' }));
  writeFileSync(
    file,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name: 'Event',
      game: relative(dir, game),
      schedule: schedules[kind],
      bots,
      ...extra,
    }),
  );
  const loaded = await loadTournamentConfig(file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value.config;
}

describe('a tournament config whose game is a game package', () => {
  it('is kept as the package id with its facts, and every format that fits its players schedules it', async () => {
    const toy = await load(TOY, 'swiss');
    expect(toy.game).toBe('pkg-toy');
    expect(toy.package).toMatchObject({ id: 'pkg-toy', title: 'Toy', players: 2, folder: TOY });
    const quad = makeToyPackage({ name: 'Quad formats', players: 4 });
    for (const kind of FORMAT_KINDS) {
      const fits = kind !== 'groups';
      const two = fits ? await load(TOY, kind) : null;
      if (two) expect(checkSchedule(two).kind).toBe(kind);
      if (kind === 'round-robin' || kind === 'knockout') {
        await expect(load(quad, kind)).rejects.toThrow(`schedule.kind: `);
      } else {
        expect(checkSchedule(await load(quad, kind)).kind).toBe(kind);
      }
    }
    await expect(load(TOY, 'groups')).rejects.toThrow(
      'schedule.kind: groups are for games of 3 or more players; Toy has 2 seats (use round robin)',
    );
  });

  it('refuses boards and a game package named by its id instead of its folder', async () => {
    await expect(load(TOY, 'swiss', { boards: ['x'] })).rejects.toThrow(
      'boards: Toy is not played on boards',
    );
    const named = parseTournamentConfig({
      format: 'jury-tournament',
      version: 1,
      name: 'By id',
      game: 'pkg-toy',
      schedule: { kind: 'round-robin' },
      bots: [
        { name: 'A', executable: '/bin/true' },
        { name: 'B', executable: '/bin/true' },
      ],
    });
    expect(named).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('game: Toy is a game package: name its folder') },
    });
  });

  it('is read back from its stored form without the package at hand; playing it needs the folder', async () => {
    const facts = {
      id: 'pkg-moved-away',
      title: 'Moved away',
      players: 2,
      budgetMs: 30_000,
      timeFactor: 1,
      protocol: 'caia',
      samples: [],
      log: null,
      folder: join(tmpdir(), 'jury-no-such-package'),
    };
    expect(isGameId('pkg-moved-away')).toBe(false);
    const stored = parseTournamentConfig({
      format: 'jury-tournament',
      version: 1,
      name: 'Stored',
      game: 'pkg-moved-away',
      package: facts,
      schedule: { kind: 'round-robin' },
      bots: [
        { name: 'A', executable: '/bin/true' },
        { name: 'B', executable: '/bin/true' },
      ],
    });
    expect(stored.ok).toBe(true);
    expect(gameDriver(externalGameId('pkg-moved-away')).carried.package?.title).toBe('Moved away');
    if (!stored.ok) return;
    const refused = await readyGame(stored.value).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunRefusal);
    expect(refused).toMatchObject({
      code: 'game',
      message: expect.stringContaining(
        `the game package Moved away cannot be loaded again from ${facts.folder}`,
      ),
    });
  });
});
