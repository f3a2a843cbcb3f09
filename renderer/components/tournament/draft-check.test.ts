// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '@vue/test-utils';
import { defineComponent, nextTick, ref } from 'vue';
import type { TournamentDraft } from '../../logic/draft.ts';
import type { FieldIssue } from '../../logic/draft-issues.ts';
import { CHECK_DELAY_MS, useDraftCheck } from './draft-check.ts';

const draftNamed = (name: string): TournamentDraft => ({
  name,
  game: 'more',
  schedule: { kind: 'round-robin' },
  bots: ['a', 'b'],
});

function setup(ask: (d: TournamentDraft) => Promise<FieldIssue[] | null>) {
  const draft = ref(draftNamed('A'));
  const enabled = ref(true);
  let checker!: ReturnType<typeof useDraftCheck>;
  const wrapper = mount(
    defineComponent({
      setup() {
        checker = useDraftCheck(draft, enabled, ask);
        return () => null;
      },
    }),
  );
  return { draft, enabled, checker, wrapper };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDraftCheck', () => {
  it('asks once, the delay after the last change, and never twice for the same draft', async () => {
    const ask = vi.fn(async (d: TournamentDraft) => [{ path: 'name', message: `about ${d.name}` }]);
    const { draft, checker } = setup(ask);
    draft.value = draftNamed('B');
    await nextTick();
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 50);
    draft.value = draftNamed('C');
    await nextTick();
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 50);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(checker.remote.value).toEqual([{ path: 'name', message: 'about C' }]);
    await checker.now();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('drops an answer that a newer question overtook, and waits while disabled', async () => {
    const answers: ((issues: FieldIssue[]) => void)[] = [];
    const ask = vi.fn(() => new Promise<FieldIssue[]>((resolve) => answers.push(resolve)));
    const { draft, enabled, checker } = setup(ask);
    const first = checker.now(draftNamed('old'));
    const second = checker.now(draftNamed('new'));
    answers[1]!([{ path: 'bots', message: 'new' }]);
    answers[0]!([{ path: 'bots', message: 'old' }]);
    await Promise.all([first, second]);
    expect(checker.remote.value).toEqual([{ path: 'bots', message: 'new' }]);
    enabled.value = false;
    draft.value = draftNamed('D');
    await nextTick();
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS * 2);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('stops when the form goes away', async () => {
    const ask = vi.fn(async () => []);
    const { draft, wrapper } = setup(ask);
    draft.value = draftNamed('B');
    await nextTick();
    wrapper.unmount();
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS * 2);
    expect(ask).not.toHaveBeenCalled();
  });
});
