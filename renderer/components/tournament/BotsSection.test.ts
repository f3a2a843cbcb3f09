// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { computed, reactive } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createJuryI18n } from '../../i18n/index.ts';
import { buildDraft, defaultForm, type LibraryBot } from '../../logic/draft.ts';
import { localIssues } from '../../logic/draft-issues.ts';
import BotsSection from './BotsSection.vue';
import { draftFormKey, type GameSummary } from './form-context.ts';

enableAutoUnmount(afterEach);

function bot(id: string, name: string, game: LibraryBot['game'], status: LibraryBot['status'] = 'ready') {
  const kind: LibraryBot['kind'] = id.includes('random') || id.includes('greedy') ? 'sample' : 'program';
  return {
    id,
    name,
    kind,
    path: id,
    args: [],
    language: null,
    game,
    hash: null,
    modifiedAt: null,
    addedAt: '',
    status,
    buildLog: null,
  } satisfies LibraryBot;
}

const less: GameSummary = {
  id: 'less',
  title: 'Less',
  seats: 4,
  seatNames: ['Yellow', 'Black', 'White', 'Red'],
  timeControl: { kind: 'game-total', budgetMs: 30_000 },
};

/** BotsSection in a Less form whose library holds only the two Less sample bots. */
async function mountSection(library: LibraryBot[]) {
  const form = reactive(
    defaultForm('less', 4, { timingMode: 'cpu', graceMs: 1000, memoryMiB: 1024, concurrency: null }, 1),
  );
  const i18n = createJuryI18n('en');
  const t = i18n.global.t as (key: string, params?: Record<string, unknown> | number) => string;
  const issues = computed(() => localIssues(form, 4, t));
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/:p(.*)', component: { render: () => null } }],
  });
  const wrapper = mount(BotsSection, {
    global: {
      plugins: [i18n, router],
      provide: {
        [draftFormKey as symbol]: {
          form,
          issues,
          games: computed(() => [less]),
          bots: computed(() => library),
          game: computed(() => less),
          seats: computed(() => 4),
        },
      },
    },
  });
  await flushPromises();
  return { wrapper, form, issues };
}

const samples = [bot('less-random', 'Less random', 'less'), bot('less-greedy', 'Less greedy', 'less')];

describe('BotsSection: a bot in several seats', () => {
  it('makes a 4-player Less event from the two sample bots with copies', async () => {
    const { wrapper, form, issues } = await mountSection(samples);
    expect(wrapper.get('[data-testid="bots-too-few"]').text()).toContain('A bot can fill several seats');
    await wrapper.get('[data-testid="bot-option-Less random"]').setValue(true);
    await wrapper.get('[data-testid="bot-option-Less greedy"]').setValue(true);
    expect(issues.value.map((i) => i.path)).toContain('bots');
    await wrapper.get('[data-testid="bot-more-Less random"]').trigger('click');
    await wrapper.get('[data-testid="bot-more-Less greedy"]').trigger('click');
    expect(form.bots).toEqual(['less-random', 'less-random', 'less-greedy', 'less-greedy']);
    expect(wrapper.get('[data-testid="bot-copies-Less random"]').text()).toBe('× 2');
    expect(wrapper.get('[data-testid="bots-count"]').text()).toBe('4 chosen, at least 4 needed');
    expect(issues.value.filter((i) => i.path === 'bots')).toEqual([]);
    expect(buildDraft(form, samples).bots).toEqual([
      'less-random',
      'less-random',
      'less-greedy',
      'less-greedy',
    ]);
  });

  it('removes one copy with −, and every copy when unticked', async () => {
    const { wrapper, form } = await mountSection(samples);
    await wrapper.get('[data-testid="bot-option-Less random"]').setValue(true);
    await wrapper.get('[data-testid="bot-more-Less random"]').trigger('click');
    await wrapper.get('[data-testid="bot-more-Less random"]').trigger('click');
    expect(form.bots).toEqual(['less-random', 'less-random', 'less-random']);
    await wrapper.get('[data-testid="bot-fewer-Less random"]').trigger('click');
    expect(form.bots).toEqual(['less-random', 'less-random']);
    await wrapper.get('[data-testid="bot-option-Less random"]').setValue(false);
    expect(form.bots).toEqual([]);
    expect(wrapper.find('[data-testid="bot-more-Less random"]').exists()).toBe(false);
  });

  it('offers no copy of a bot that is not chosen or cannot run', async () => {
    const { wrapper } = await mountSection([...samples, bot('gone', 'Gone', 'less', 'missing')]);
    expect(wrapper.find('[data-testid="bot-more-Less random"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="bot-more-Gone"]').exists()).toBe(false);
  });
});

describe('BotsSection: bots belong to their game', () => {
  const library = [
    ...samples,
    bot('more-greedy', 'More greedy', 'more'),
    bot('mine-less', 'Mine for Less', 'less'),
    bot('mine-flit', 'Mine for Flit', 'flit'),
    bot('untested', 'Untested', null),
  ];

  it('offers only the game’s bots and the untied ones, and “All” ticks only the game’s', async () => {
    const { wrapper, form } = await mountSection(library);
    const offered = wrapper.findAll('[data-testid^="bot-option-"]').map((o) => o.attributes('data-testid'));
    expect(offered).toEqual([
      'bot-option-Less random',
      'bot-option-Less greedy',
      'bot-option-Mine for Less',
      'bot-option-Untested',
    ]);
    expect(wrapper.get('[data-testid="bot-untied-Untested"]').text()).toBe('game not set');
    expect(wrapper.find('[data-testid="bot-untied-Mine for Less"]').exists()).toBe(false);
    const all = wrapper.findAll('button').find((b) => b.text() === 'All');
    await all!.trigger('click');
    expect(form.bots).toEqual(['less-random', 'less-greedy', 'mine-less']);
  });
});

describe('BotsSection: long names', () => {
  it('never cuts a name without a way to read it: it wraps, and hovering shows it whole', async () => {
    const long = 'Less greedy with the opening book of the 2026 final, third try';
    const { wrapper } = await mountSection([bot('less-greedy', long, 'less')]);
    const name = wrapper.get('.bots .name');
    expect(name.text()).toBe(long);
    expect(name.attributes('title')).toBe(long);
  });
});
