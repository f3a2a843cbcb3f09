import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useBotsStore, type LibraryBot } from './bots.ts';
import { useNotices } from './notices.ts';
import { usePackagesStore } from './packages.ts';
import { findGameDriver } from '../../shared/games/driver.ts';

const api = vi.hoisted(() => ({
  botsList: vi.fn(),
  gamesList: vi.fn(),
  gamesAddPackage: vi.fn(),
  gamesRemovePackage: vi.fn(),
  dialogOpenPackage: vi.fn(),
  onGamesChanged: vi.fn(),
  botsAdd: vi.fn(),
  botsAddSamples: vi.fn(),
  botsRename: vi.fn(),
  botsRemove: vi.fn(),
  botsSmokeTest: vi.fn(),
  dialogOpenBot: vi.fn(),
}));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

function bot(id: string, extra: Partial<LibraryBot> = {}): LibraryBot {
  return {
    id,
    name: id,
    kind: 'program',
    path: `/bots/${id}`,
    args: [],
    language: null,
    game: null,
    hash: 'ab'.repeat(32),
    modifiedAt: '2026-03-01T10:00:00Z',
    addedAt: '2026-03-01T10:00:00Z',
    status: 'ready',
    buildLog: null,
    ...extra,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('packages store', () => {
  const toy = {
    id: 'pkg-toy',
    title: 'Toy',
    seats: 2,
    seatNames: ['player 1', 'player 2'],
    timeControl: { kind: 'game-total', budgetMs: 30000 },
    package: {
      id: 'pkg-toy',
      title: 'Toy',
      players: 2,
      budgetMs: 30000,
      timeFactor: 1,
      protocol: 'caia',
      samples: ['player1'],
      log: null,
      folder: '/games/toy',
    },
    added: true,
  };

  it('adds a package by path and lists it; a refused one becomes the notice with its field', async () => {
    api.gamesAddPackage.mockResolvedValueOnce(toy);
    const store = useBotsStore();
    const packages = usePackagesStore();
    await expect(packages.add('/games/toy')).resolves.toEqual(toy);
    expect(api.gamesAddPackage).toHaveBeenCalledWith({ path: '/games/toy' });
    expect(store.games.map((g) => g.id)).toEqual(['pkg-toy']);
    expect(findGameDriver('pkg-toy')?.carried.package?.folder).toBe('/games/toy');
    api.gamesAddPackage.mockRejectedValueOnce(new Error('/x/jury-game.json: players: must be at most 32'));
    await expect(packages.add('/x')).resolves.toBeNull();
    expect(useNotices().items.at(-1)?.message).toMatch(/players: must be at most 32/);
    expect(store.games).toHaveLength(1);
    expect(packages.adding).toBe(false);
  });

  it('adds by the folder dialog, removes, and reads the games again on games.changed', async () => {
    api.dialogOpenPackage.mockResolvedValueOnce('/games/toy').mockResolvedValueOnce(null);
    api.gamesAddPackage.mockResolvedValue(toy);
    const store = useBotsStore();
    const packages = usePackagesStore();
    await expect(packages.addFromDialog()).resolves.toEqual(toy);
    await expect(packages.addFromDialog()).resolves.toBeNull();
    expect(api.gamesAddPackage).toHaveBeenCalledTimes(1);
    api.gamesRemovePackage.mockResolvedValue([{ ...toy, added: false }]);
    await expect(packages.remove('pkg-toy' as never)).resolves.toBe(true);
    expect(store.games[0]?.added).toBe(false);

    api.botsList.mockResolvedValue([]);
    api.gamesList.mockResolvedValue([]);
    await store.load();
    const listener = api.onGamesChanged.mock.calls[0]?.[0] as () => void;
    api.gamesList.mockResolvedValue([toy]);
    listener();
    await vi.waitFor(() => expect(store.games.map((g) => g.id)).toEqual(['pkg-toy']));
    await store.load();
    expect(api.onGamesChanged).toHaveBeenCalledTimes(1);
  });

  it('adds a package’s sample players to the library', async () => {
    api.botsAddSamples.mockResolvedValue([bot('toy-1')]);
    const store = useBotsStore();
    await expect(usePackagesStore().addSamples('pkg-toy' as never)).resolves.toBe(true);
    expect(api.botsAddSamples).toHaveBeenCalledWith({ game: 'pkg-toy' });
    expect(store.bots.map((b) => b.id)).toEqual(['toy-1']);
    expect(store.addingSamples).toBe(false);
  });

  it('takes a dropped jury-game.json as a package and other files as bots', async () => {
    vi.stubGlobal('window', { juryFiles: { pathForFile: (f: File) => `/d/${f.name}` } });
    api.gamesAddPackage.mockResolvedValue(toy);
    api.botsAdd.mockResolvedValue(bot('mine'));
    const store = useBotsStore();
    const files = [{ name: 'jury-game.json' }, { name: 'mine' }] as File[];
    await expect(store.addDropped(files)).resolves.toBe(2);
    expect(api.gamesAddPackage).toHaveBeenCalledWith({ path: '/d/jury-game.json' });
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/d/mine' });
    // Dropped on the packages panel or the game picker: every file is a package.
    await expect(usePackagesStore().addDropped([{ name: 'toy' }] as File[])).resolves.toEqual([toy]);
    expect(api.gamesAddPackage).toHaveBeenLastCalledWith({ path: '/d/toy' });
    vi.stubGlobal('window', {});
    await expect(usePackagesStore().addDropped([{ name: 'toy' }] as File[])).resolves.toBeNull();
  });
});
