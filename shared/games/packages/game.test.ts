import { describe, expect, it } from 'vitest';
import { findGameDriver } from '../driver.ts';
import {
  builtInGameIds,
  externalGameId,
  findGame,
  findGameInfo,
  findRegistration,
  gameIds,
  gameInfo,
  gameModule,
  isGameId,
  packageGames,
  registerGame,
  registerPackageGame,
  registrationOf,
} from '../registry.ts';
import { gameIdSchema, gameSummaryInfoSchema } from '../../ipc/schemas.ts';
import type { AnyGameModule } from '../types.ts';
import { packageGameFacts, packageGameId, type PackageGame } from './game.ts';

const toy = (overrides: Partial<PackageGame> = {}): PackageGame => ({
  id: externalGameId(packageGameId('Toy')),
  title: 'Toy',
  players: 3,
  budgetMs: 30_000,
  timeFactor: 1,
  protocol: 'caia',
  samples: ['player1'],
  log: null,
  folder: '/games/toy',
  ...overrides,
});

describe('game packages in the registry', () => {
  it('registers a package under its pkg- id, with facts but no module', () => {
    expect(isGameId('pkg-toy')).toBe(false);
    expect(findGameInfo('pkg-toy')).toBeUndefined();
    expect(registerPackageGame(toy())).toEqual({ ok: true, value: 'pkg-toy' });
    expect(isGameId('pkg-toy')).toBe(true);
    expect(gameIdSchema.parse('pkg-toy')).toBe('pkg-toy');
    expect(gameIds.at(-1)).toBe('pkg-toy');
    expect(findGameDriver('pkg-toy')?.carried.package?.folder).toBe('/games/toy');
    expect(findGame('pkg-toy')).toBeUndefined();
    expect(findRegistration('pkg-toy')).toBeUndefined();
    expect(() => gameModule(externalGameId('pkg-toy'))).toThrow(
      'the game "pkg-toy" is a game package: it has no game module',
    );
    expect(gameInfo(externalGameId('pkg-toy'))).toEqual({
      id: 'pkg-toy',
      title: 'Toy',
      seats: 3,
      seatNames: ['player 1', 'player 2', 'player 3'],
      teams: [[0], [1], [2]],
      cooperative: false,
      timeControl: { kind: 'game-total', budgetMs: 30_000 },
      hasBoard: false,
      scoreRange: { min: Number.MIN_SAFE_INTEGER, max: null },
      rulesVersion: "Toy: the rules of its game package's referee (Caia protocol)",
    });
  });

  it('takes the same package again (a changed manifest) and refuses another of the same id', () => {
    expect(registerPackageGame(toy({ budgetMs: 5000 }))).toEqual({ ok: true, value: 'pkg-toy' });
    expect(gameInfo(externalGameId('pkg-toy')).timeControl).toEqual({ kind: 'game-total', budgetMs: 5000 });
    expect(gameIds.filter((id) => id === 'pkg-toy')).toHaveLength(1);
    expect(registerPackageGame(toy({ folder: '/elsewhere/toy' }))).toMatchObject({
      ok: false,
      error: {
        code: 'game-id-taken',
        message: 'another game package named "Toy" (/games/toy) is loaded already; rename one of them',
      },
    });
    expect(packageGames().map((g) => g.id)).toEqual(['pkg-toy']);
  });

  it('keeps package ids and module ids apart', () => {
    expect(registerPackageGame(toy({ id: externalGameId('less') }))).toMatchObject({
      ok: false,
      error: { code: 'bad-game-id' },
    });
    expect(registerPackageGame(toy({ id: externalGameId('pkg-') }))).toMatchObject({ ok: false });
    const pkgModule = {
      ...registrationOf('more'),
      module: {
        ...gameModule('more'),
        info: { ...gameModule('more').info, id: externalGameId('pkg-more') },
      } as AnyGameModule,
    };
    expect(registerGame(pkgModule)).toMatchObject({ ok: false, error: { code: 'bad-game-id' } });
    for (const id of builtInGameIds) expect(id.startsWith('pkg-')).toBe(false);
    expect(packageGameId('Flit')).toBe('pkg-flit');
  });

  it('registers the package a games-list entry carries where the list is read (main, the renderer)', () => {
    const dots = toy({ id: externalGameId('pkg-dots'), title: 'Dots', players: 2, folder: '/games/dots' });
    expect(isGameId('pkg-dots')).toBe(false);
    const entry = { ...packageGameFacts(dots), package: dots };
    const { id, title, seats } = gameSummaryInfoSchema.parse({
      id: entry.id,
      title: entry.title,
      seats: entry.seats,
      seatNames: entry.seatNames,
      timeControl: entry.timeControl,
      package: dots,
    });
    expect({ id, title, seats }).toEqual({ id: 'pkg-dots', title: 'Dots', seats: 2 });
    expect(isGameId('pkg-dots')).toBe(true);
    const bad = gameSummaryInfoSchema.safeParse({ ...entry, id: 'pkg-nope', package: { id: 'pkg-nope' } });
    expect(bad.success).toBe(false);
    expect(isGameId('pkg-nope')).toBe(false);
  });
});
