import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useBotsStore, type LibraryBot, type SmokeTest } from './bots.ts';
import { useNotices } from './notices.ts';

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

const verdict: SmokeTest = {
  passed: true,
  verdict: 'Played a full game',
  dialogue: [{ seat: 0, dir: 'in', text: 'Start' }],
  scores: [1, 0],
  statuses: ['OK', 'OK'],
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('bots store', () => {
  it('loads the library and the games', async () => {
    api.botsList.mockResolvedValue([bot('a'), bot('b')]);
    api.gamesList.mockResolvedValue([{ id: 'less', title: 'Less' }]);
    const store = useBotsStore();
    await store.load();
    expect(store.bots.map((b) => b.id)).toEqual(['a', 'b']);
    expect(store.games.map((g) => g.id)).toEqual(['less']);
    expect(store.loaded).toBe(true);
    expect(store.loading).toBe(false);
  });

  it('adds a bot by path with language and name, replacing one with the same id', async () => {
    const store = useBotsStore();
    store.bots = [bot('a'), bot('src')];
    const built = bot('src', { kind: 'source', language: 'cpp', buildLog: 'g++ ok' });
    api.botsAdd.mockResolvedValue(built);
    const added = await store.add({ path: '/b/src.cpp', language: 'cpp', name: 'Src' });
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/b/src.cpp', language: 'cpp', name: 'Src' });
    expect(added).toEqual(built);
    expect(store.bots.map((b) => [b.id, b.kind])).toEqual([
      ['a', 'program'],
      ['src', 'source'],
    ]);
    expect(store.lastAdded).toEqual(built);
    expect(store.adding).toBe(false);
  });

  it('shows a refused add as a notice and answers null', async () => {
    api.botsAdd.mockRejectedValue(new Error('no such file: /nope'));
    const store = useBotsStore();
    expect(await store.add({ path: '/nope' })).toBeNull();
    expect(store.bots).toEqual([]);
    expect(useNotices().items.map((n) => n.message)).toEqual(['no such file: /nope']);
  });

  it('adds the file chosen in the native dialog, and nothing when it was cancelled', async () => {
    const store = useBotsStore();
    api.dialogOpenBot.mockResolvedValueOnce(null);
    expect(await store.addFromDialog()).toBeNull();
    expect(api.botsAdd).not.toHaveBeenCalled();
    api.dialogOpenBot.mockResolvedValueOnce('/home/me/bot');
    api.botsAdd.mockResolvedValue(bot('mine'));
    expect((await store.addFromDialog())?.id).toBe('mine');
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/home/me/bot' });
  });

  it('adds dropped files by the paths the preload gives, and knows a browser cannot', async () => {
    const store = useBotsStore();
    vi.stubGlobal('window', {});
    expect(await store.addDropped([new File(['x'], 'bot')])).toBeNull();
    const pathForFile = vi.fn((file: File) => `/drop/${file.name}`);
    vi.stubGlobal('window', { juryFiles: { pathForFile } });
    api.botsAdd.mockImplementation(({ path }: { path: string }) =>
      path.endsWith('bad') ? Promise.reject(new Error('bad')) : Promise.resolve(bot(path)),
    );
    const added = await store.addDropped([
      new File(['x'], 'one'),
      new File(['x'], 'bad'),
      new File(['x'], 'two'),
    ]);
    expect(added).toBe(2);
    expect(api.botsAdd.mock.calls.map(([r]) => r)).toEqual([
      { path: '/drop/one' },
      { path: '/drop/bad' },
      { path: '/drop/two' },
    ]);
    expect(store.bots.map((b) => b.id)).toEqual(['/drop/one', '/drop/two']);
  });

  it('adds the sample bots and takes the new list', async () => {
    api.botsAddSamples.mockResolvedValue([bot('less-random', { kind: 'sample', game: 'less' })]);
    const store = useBotsStore();
    expect(await store.addSamples()).toBe(true);
    expect(api.botsAddSamples).toHaveBeenCalledWith({});
    expect(store.bots.map((b) => b.id)).toEqual(['less-random']);
    expect(store.addingSamples).toBe(false);
  });

  it('renames and removes, marking the bot busy meanwhile', async () => {
    const store = useBotsStore();
    store.bots = [bot('a'), bot('b')];
    let finish: (list: LibraryBot[]) => void = () => undefined;
    api.botsRename.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const renaming = store.rename('a', 'Alpha');
    expect(store.isBusy('a')).toBe(true);
    expect(store.isBusy('b')).toBe(false);
    finish([bot('a', { name: 'Alpha' }), bot('b')]);
    expect(await renaming).toBe(true);
    expect(api.botsRename).toHaveBeenCalledWith({ id: 'a', name: 'Alpha' });
    expect(store.bots[0]?.name).toBe('Alpha');
    expect(store.isBusy('a')).toBe(false);

    api.botsRemove.mockResolvedValue([bot('b')]);
    expect(await store.remove('a')).toBe(true);
    expect(api.botsRemove).toHaveBeenCalledWith({ id: 'a' });
    expect(store.bots.map((b) => b.id)).toEqual(['b']);
  });

  it('keeps the list when a rename is refused', async () => {
    const store = useBotsStore();
    store.bots = [bot('a')];
    api.botsRename.mockRejectedValue(new Error('name taken'));
    expect(await store.rename('a', 'b')).toBe(false);
    expect(store.bots[0]?.name).toBe('a');
    expect(useNotices().items[0]?.message).toBe('name taken');
  });

  it('runs a smoke test and keeps its verdict per bot', async () => {
    const store = useBotsStore();
    let finish: (r: SmokeTest) => void = () => undefined;
    api.botsSmokeTest.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const running = store.smokeTest('a', 'flit');
    expect(store.smoke.a).toEqual({ game: 'flit', running: true, result: null });
    finish(verdict);
    expect(await running).toEqual(verdict);
    expect(api.botsSmokeTest).toHaveBeenCalledWith({ id: 'a', game: 'flit' });
    expect(store.smoke.a).toEqual({ game: 'flit', running: false, result: verdict });
  });

  it('forgets a removed bot’s smoke test', async () => {
    const store = useBotsStore();
    api.botsSmokeTest.mockResolvedValue(verdict);
    await store.smokeTest('a', 'less');
    api.botsRemove.mockResolvedValue([]);
    await store.remove('a');
    expect(store.smoke).toEqual({});
  });
});

describe('bots store: game packages', () => {
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
    await expect(store.addPackage('/games/toy')).resolves.toEqual(toy);
    expect(api.gamesAddPackage).toHaveBeenCalledWith({ path: '/games/toy' });
    expect(store.games.map((g) => g.id)).toEqual(['pkg-toy']);
    api.gamesAddPackage.mockRejectedValueOnce(new Error('/x/jury-game.json: players: must be at most 32'));
    await expect(store.addPackage('/x')).resolves.toBeNull();
    expect(useNotices().items.at(-1)?.message).toMatch(/players: must be at most 32/);
    expect(store.games).toHaveLength(1);
    expect(store.addingPackage).toBe(false);
  });

  it('adds by the folder dialog, removes, and reads the games again on games.changed', async () => {
    api.dialogOpenPackage.mockResolvedValueOnce('/games/toy').mockResolvedValueOnce(null);
    api.gamesAddPackage.mockResolvedValue(toy);
    const store = useBotsStore();
    await expect(store.addPackageFromDialog()).resolves.toEqual(toy);
    await expect(store.addPackageFromDialog()).resolves.toBeNull();
    expect(api.gamesAddPackage).toHaveBeenCalledTimes(1);
    api.gamesRemovePackage.mockResolvedValue([{ ...toy, added: false }]);
    await expect(store.removePackage('pkg-toy' as never)).resolves.toBe(true);
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

  it('takes a dropped jury-game.json as a package and other files as bots', async () => {
    vi.stubGlobal('window', { juryFiles: { pathForFile: (f: File) => `/d/${f.name}` } });
    api.gamesAddPackage.mockResolvedValue(toy);
    api.botsAdd.mockResolvedValue(bot('mine'));
    const store = useBotsStore();
    const files = [{ name: 'jury-game.json' }, { name: 'mine' }] as File[];
    await expect(store.addDropped(files)).resolves.toBe(2);
    expect(api.gamesAddPackage).toHaveBeenCalledWith({ path: '/d/jury-game.json' });
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/d/mine' });
  });
});
