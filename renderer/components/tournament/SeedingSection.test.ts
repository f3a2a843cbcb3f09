// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { computed, reactive } from 'vue';
import { createJuryI18n } from '../../i18n/index.ts';
import { buildDraft, defaultForm, formFromDraft, type LibraryBot } from '../../logic/draft.ts';
import SeedingSection from './SeedingSection.vue';
import { draftFormKey, type GameSummary } from './form-context.ts';

enableAutoUnmount(afterEach);

const bot = (id: string, name: string): LibraryBot => ({
  id,
  name,
  kind: 'program',
  path: id,
  args: [],
  language: null,
  game: 'more',
  hash: null,
  modifiedAt: null,
  addedAt: '',
  status: 'ready',
  buildLog: null,
});
const library = [bot('ann', 'Ann'), bot('bob', 'Bob'), bot('cy', 'Cy'), bot('dee', 'Dee')];
const more: GameSummary = {
  id: 'more',
  title: 'More',
  seats: 2,
  seatNames: ['White', 'Black'],
  timeControl: { kind: 'game-total', budgetMs: 30_000 },
};

async function mountSection() {
  const form = reactive(
    defaultForm('more', 2, { timingMode: 'cpu', graceMs: 1000, memoryMiB: 1024, concurrency: null }, 1),
  );
  form.format = 'knockout';
  form.bots = ['ann', 'bob', 'cy', 'dee'];
  const wrapper = mount(SeedingSection, {
    global: {
      plugins: [createJuryI18n('en')],
      provide: {
        [draftFormKey as symbol]: {
          form,
          issues: computed(() => []),
          games: computed(() => [more]),
          bots: computed(() => library),
          game: computed(() => more),
          seats: computed(() => 2),
        },
      },
    },
  });
  await flushPromises();
  return { wrapper, form };
}

describe('SeedingSection: a knockout seeded by rating', () => {
  it('seeds in the chosen order, or by the ratings typed, and the draft carries them', async () => {
    const { wrapper, form } = await mountSection();
    expect(wrapper.get('[data-testid="seed-order"]').text()).toBe('Seeds: 1. Ann, 2. Bob, 3. Cy, 4. Dee');
    expect(buildDraft(form, library).schedule).toEqual({ kind: 'knockout', gamesPerMatch: 2 });

    await wrapper.get('[data-testid="seeding-ratings"]').setValue(true);
    await wrapper.get('[data-testid="rating-Cy"]').setValue('2100');
    await wrapper.get('[data-testid="rating-Bob"]').setValue('1900');
    await wrapper.get('[data-testid="rating-Ann"]').setValue('');
    expect(wrapper.get('[data-testid="seed-order"]').text()).toBe(
      'Seeds: 1. Cy (2100), 2. Bob (1900), 3. Dee (0), 4. Ann',
    );
    const draft = buildDraft(form, library);
    expect(draft.schedule).toEqual({
      kind: 'knockout',
      gamesPerMatch: 2,
      ratings: { cy: 2100, bob: 1900, dee: 0 },
    });

    // Run again: a stored tournament names its ratings by bot name; they come back to the same bots.
    const again = formFromDraft(
      { ...draft, schedule: { kind: 'knockout', gamesPerMatch: 2, ratings: { Cy: 2100, Bob: 1900 } } },
      form,
      library,
    );
    expect(again.ratings).toEqual({ cy: 2100, bob: 1900 });

    await wrapper.get('[data-testid="seeding-order"]').setValue(true);
    expect(form.ratings).toEqual({});
    expect(wrapper.find('[data-testid="rating-Cy"]').exists()).toBe(false);
  });
});
