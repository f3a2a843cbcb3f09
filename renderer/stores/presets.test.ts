import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { TournamentDraft } from '../logic/draft.ts';
import { usePresetsStore, type Preset } from './presets.ts';
import { useNotices } from './notices.ts';

const draft: TournamentDraft = {
  name: 'Club',
  game: 'more',
  schedule: { kind: 'round-robin', repeats: 2 },
  bots: ['a', 'b'],
};

let saved: Preset[] = [];
const fake = {
  presetsList: vi.fn(async () => saved),
  // The engine fills the draft's defaults; these drafts need none.
  presetsSave: vi.fn(async (preset: { name: string; draft: TournamentDraft }) => {
    saved = [...saved.filter((p) => p.name !== preset.name), preset as Preset];
    return saved;
  }),
  presetsRemove: vi.fn(async ({ name }: { name: string }) => {
    if (!saved.some((p) => p.name === name)) throw new Error(`no preset named ${name}`);
    saved = saved.filter((p) => p.name !== name);
    return saved;
  }),
};

vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => true }));

beforeEach(() => {
  setActivePinia(createPinia());
  saved = [{ name: 'Weekly', draft } as Preset];
});

describe('the presets store', () => {
  it('loads, saves (replacing by name) and removes presets', async () => {
    const store = usePresetsStore();
    expect(await store.load()).toBe(true);
    expect(store.presets.map((p) => p.name)).toEqual(['Weekly']);
    await store.save('  Monthly ', { ...draft, name: 'M' });
    expect(fake.presetsSave).toHaveBeenCalledWith({ name: 'Monthly', draft: { ...draft, name: 'M' } });
    await store.save('Weekly', { ...draft, name: 'W2' });
    expect(store.presets.map((p) => [p.name, p.draft.name])).toEqual([
      ['Monthly', 'M'],
      ['Weekly', 'W2'],
    ]);
    expect(store.byName('Weekly')?.draft.name).toBe('W2');
    expect(await store.remove('Monthly')).toBe(true);
    expect(store.presets.map((p) => p.name)).toEqual(['Weekly']);
  });

  it('keeps the list and shows a notice when the engine refuses', async () => {
    const store = usePresetsStore();
    await store.load();
    expect(await store.remove('Nope')).toBe(false);
    expect(store.presets).toHaveLength(1);
    expect(useNotices().items[0]?.message).toBe('no preset named Nope');
  });
});
