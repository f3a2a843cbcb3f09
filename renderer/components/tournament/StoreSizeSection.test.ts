// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, type VueWrapper } from '@vue/test-utils';
import { computed, defineComponent, h, nextTick, provide, reactive } from 'vue';
import { gameInfo } from '../../../shared/games/registry.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { defaultForm, type DraftForm } from '../../logic/draft.ts';
import StoreSizeSection from './StoreSizeSection.vue';
import { draftFormKey } from './form-context.ts';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

// The size of the tournament's file, shown before it runs: the planned games times what one game of the
// chosen game adds to a store, in English and Dutch, with a warning when it is large.
enableAutoUnmount(afterEach);

const defaults = { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null } as const;

async function mountSection(
  game: GameId,
  bots: number,
): Promise<{ wrapper: VueWrapper; form: DraftForm; setLocale: (l: 'en' | 'nl') => Promise<void> }> {
  const seats = gameInfo(game).seats;
  const form = reactive(defaultForm(game, seats, defaults, 1));
  form.bots = Array.from({ length: bots }, (_, i) => `bot${i}`);
  const Host = defineComponent({
    setup() {
      provide(draftFormKey, {
        form,
        issues: computed(() => []),
        games: computed(() => []),
        bots: computed(() => []),
        game: computed(() => undefined),
        seats: computed(() => seats),
      });
      return () => h(StoreSizeSection);
    },
  });
  const { wrapper, i18n } = await mountScreen(Host);
  const setLocale = async (l: 'en' | 'nl') => {
    i18n.global.locale.value = l;
    await nextTick();
  };
  return { wrapper, form, setLocale };
}

const text = (w: VueWrapper, id: string): string | null => {
  const found = w.find(`[data-testid="${id}"]`);
  return found.exists() ? found.text() : null;
};

describe('StoreSizeSection', () => {
  it('shows the size of a small 6561 round robin, in English and Dutch, without a warning', async () => {
    const { wrapper, form, setLocale } = await mountSection('6561', 6);
    form.format = 'round-robin';
    form.repeats = 3;
    await nextTick();
    // 3 × 6 × 5 = 90 games of 32 KB.
    expect(text(wrapper, 'store-size')).toBe('About 2.9 MB: 90 games of about 32 KB each.');
    expect(text(wrapper, 'store-size-large')).toBeNull();
    await setLocale('nl');
    expect(text(wrapper, 'store-size')).toBe('Ongeveer 2,9 MB: 90 partijen van elk ongeveer 32 KB.');
  });

  it('warns for a CodeCup-size Flit event', async () => {
    const { wrapper, form, setLocale } = await mountSection('flit', 60);
    form.format = 'swiss';
    form.swissRounds = 11;
    form.finalists = 8;
    form.permutations = 'all';
    await nextTick();
    // 11 rounds × 15 tables × 24 seat orders, then 70 groups of the 8 finalists × 24: 5,640 games.
    expect(text(wrapper, 'store-size')).toBe('About 5.1 GB: 5,640 games of about 900 KB each.');
    expect(text(wrapper, 'store-size-large')).toMatch(/^That is large: make sure the disk has room/);
    await setLocale('nl');
    expect(text(wrapper, 'store-size')).toBe('Ongeveer 5,1 GB: 5.640 partijen van elk ongeveer 900 KB.');
    expect(text(wrapper, 'store-size-large')).toMatch(/^Dat is groot: zorg dat er genoeg ruimte/);
  });

  it('follows the form, and shows nothing while the format cannot run', async () => {
    const { wrapper, form } = await mountSection('6561', 1);
    form.format = 'round-robin';
    await nextTick();
    expect(wrapper.find('section').exists()).toBe(false);
    form.bots = ['a', 'b'];
    await nextTick();
    expect(text(wrapper, 'store-size')).toBe('About 64 KB: 2 games of about 32 KB each.');
  });
});
