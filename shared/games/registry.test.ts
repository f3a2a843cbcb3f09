import { describe, expect, it } from 'vitest';
import {
  builtInGameIds,
  byBuiltInGame,
  defaultGameId,
  externalGameId,
  findGame,
  findRegistration,
  gameIds,
  gameModule,
  games,
  isBuiltInGameId,
  isGameId,
  registerGame,
  registrationOf,
} from './registry.ts';
import { gameIdSchema } from '../ipc/schemas.ts';
import type { GameRegistration } from './registration.ts';
import type { AnyGameModule } from './types.ts';

describe('the game registry', () => {
  it('lists the built-in games once, in the order of the UI, each under its module’s own id', () => {
    expect(builtInGameIds).toEqual(['less', 'more', '6561', 'flit']);
    for (const id of builtInGameIds) {
      expect(registrationOf(id).module.info.id).toBe(id);
      expect(games[id]).toBe(registrationOf(id).module);
      expect(gameModule(id)).toBe(games[id]);
      expect(registrationOf(id).samples.map((s) => s.strength)).toEqual(['random', 'greedy']);
    }
    expect(isBuiltInGameId(defaultGameId)).toBe(true);
    expect(byBuiltInGame((id) => gameModule(id).info.seats)).toEqual({
      less: 4,
      more: 2,
      '6561': 2,
      flit: 4,
    });
  });

  it('knows nothing else until a game is registered', () => {
    for (const id of ['chess', 'Less', '', 'toString', '__proto__']) {
      expect(isGameId(id)).toBe(false);
      expect(findGame(id)).toBeUndefined();
      expect(findRegistration(id)).toBeUndefined();
      expect(gameIdSchema.safeParse(id).success).toBe(false);
    }
    expect(gameIdSchema.safeParse(6561).success).toBe(false);
    expect(() => registrationOf(externalGameId('chess'))).toThrow('the game "chess" was never registered');
  });

  it('registers a game defined elsewhere under a well-formed id no other game has', () => {
    // More under another id (a spread of the module union needs the cast back).
    const copy = (id: string): GameRegistration => ({
      ...registrationOf('more'),
      module: { ...games.more, info: { ...games.more.info, id: externalGameId(id) } } as AnyGameModule,
    });
    for (const bad of ['', 'Moore', 'more more', '-more', 'more-', 'm'.repeat(33)])
      expect(registerGame(copy(bad))).toMatchObject({ ok: false, error: { code: 'bad-game-id' } });
    expect(registerGame(copy('more'))).toMatchObject({ ok: false, error: { code: 'game-id-taken' } });
    const moore = copy('moore-2');
    expect(registerGame(moore)).toEqual({ ok: true, value: 'moore-2' });
    expect(registerGame(moore)).toEqual({ ok: true, value: 'moore-2' });
    expect(gameIds).toEqual([...builtInGameIds, 'moore-2']);
    expect(isGameId('moore-2') && !isBuiltInGameId('moore-2')).toBe(true);
    expect(gameModule(externalGameId('moore-2'))).toBe(moore.module);
    expect(gameIdSchema.parse('moore-2')).toBe('moore-2');
    expect(gameIdSchema.safeParse('chess').error?.issues[0]?.message).toBe(
      'the game must be one of less, more, 6561, flit, moore-2',
    );
  });
});
