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
    expect(store.smoke.a).toEqual({ game: 'flit', running: true, result: null, error: null });
    finish(verdict);
    expect(await running).toEqual(verdict);
    expect(api.botsSmokeTest).toHaveBeenCalledWith({ id: 'a', game: 'flit' });
    expect(store.smoke.a).toEqual({ game: 'flit', running: false, result: verdict, error: null });
    // A test that cannot be played keeps why, for its dialog to say (no passing notice).
    api.botsSmokeTest.mockRejectedValue(new Error('Trio names no sample player to test against'));
    expect(await store.smokeTest('a', 'less')).toBeNull();
    expect(store.smoke.a).toEqual({
      game: 'less',
      running: false,
      result: null,
      error: 'Trio names no sample player to test against',
    });
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
