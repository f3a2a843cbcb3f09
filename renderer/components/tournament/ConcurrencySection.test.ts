// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { enableAutoUnmount, type VueWrapper } from '@vue/test-utils';
import { computed, defineComponent, h, provide, reactive, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { buildDraft, defaultForm, type DraftForm } from '../../logic/draft.ts';
import { localIssues, mergeIssues, type FieldIssue } from '../../logic/draft-issues.ts';
import ConcurrencySection from './ConcurrencySection.vue';
import { draftFormKey } from './form-context.ts';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

// Where games are played, and on remote workers the speed factor range a worker must be in, each
// problem next to its field: the form's local checks as NewTournamentView merges them with the engine's.
enableAutoUnmount(afterEach);

const defaults = { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null } as const;

async function mountSection(engine: FieldIssue[] = []): Promise<{ wrapper: VueWrapper; form: DraftForm }> {
  const form = reactive(defaultForm('6561', 2, defaults, 1));
  form.name = 'Final';
  form.bots = ['a', 'b'];
  const Host = defineComponent({
    setup() {
      const { t } = useI18n();
      const issues = computed(() => mergeIssues(localIssues(form, 2, t), engine));
      provide(draftFormKey, {
        form,
        issues,
        games: computed(() => []),
        bots: computed(() => []),
        game: computed(() => undefined),
        seats: ref(2) as never,
      });
      return () => h(ConcurrencySection);
    },
  });
  const { wrapper } = await mountScreen(Host);
  return { wrapper, form };
}

const typeInto = async (w: VueWrapper, id: string, text: string) => {
  const input = w.get(`[data-testid="${id}"]`);
  (input.element as HTMLInputElement).value = text;
  await input.trigger('input');
};
const issues = (w: VueWrapper, path: string): string[] =>
  w.findAll(`[data-testid="issues-${path}"] li`).map((li) => li.text());

describe('ConcurrencySection: the speed factor range of remote workers', () => {
  it('offers the range only for remote workers, empty (any worker)', async () => {
    const { wrapper, form } = await mountSection();
    expect(wrapper.find('[data-testid="factor-range"]').exists()).toBe(false);
    await wrapper.get('[data-testid="play-on-workers"]').setValue(true);
    expect(form.playOn).toBe('workers');
    expect(wrapper.get('[data-testid="factor-range"] legend').text()).toBe('Speed factor of the workers');
    expect((wrapper.get('[data-testid="factor-min"]').element as HTMLInputElement).value).toBe('');
    expect(wrapper.findAll('.field-error')).toHaveLength(0);
    expect(buildDraft(form, []).workers).toEqual({ localSlots: 0 });
  });

  it('shows each problem next to its field, and builds the range once it is right', async () => {
    const { wrapper, form } = await mountSection();
    await wrapper.get('[data-testid="play-on-workers"]').setValue(true);

    await typeInto(wrapper, 'factor-min', '0.8');
    expect(form.factorMin).toBe(0.8);
    expect(issues(wrapper, 'workers.factorRange')).toEqual(['Give both ends of the range, or neither.']);

    await typeInto(wrapper, 'factor-max', '0.5');
    expect(issues(wrapper, 'workers.factorRange')).toEqual([
      'The lowest factor must not be above the highest.',
    ]);

    await typeInto(wrapper, 'factor-max', '0');
    expect(issues(wrapper, 'workers.factorRange.1')).toEqual(['Give a factor above 0.']);
    expect(wrapper.get('[data-testid="factor-max"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('[data-testid="factor-min"]').attributes('aria-invalid')).toBe('false');
    expect(issues(wrapper, 'workers.factorRange')).toEqual([]);

    await typeInto(wrapper, 'factor-max', '1.25');
    expect(wrapper.findAll('.field-error')).toHaveLength(0);
    expect(buildDraft(form, []).workers).toEqual({ localSlots: 0, factorRange: [0.8, 1.25] });

    // Back to this machine: the range is neither checked nor sent.
    await typeInto(wrapper, 'factor-max', '');
    await wrapper.get('[data-testid="play-on-local"]').setValue(true);
    expect(localIssues(form, 2, (k) => k)).toEqual([]);
    expect(buildDraft(form, []).workers).toBeUndefined();
  });

  it('shows the engine’s issue with the range by the range', async () => {
    const { wrapper } = await mountSection([
      { path: 'workers.factorRange', message: 'the speed factor range must be [min, max] with min ≤ max' },
    ]);
    await wrapper.get('[data-testid="play-on-workers"]').setValue(true);
    expect(issues(wrapper, 'workers.factorRange')).toEqual([
      'the speed factor range must be [min, max] with min ≤ max',
    ]);
  });
});
