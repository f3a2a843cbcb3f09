import { onBeforeUnmount, ref, watch, type Ref } from 'vue';
import type { TournamentDraft } from '../../logic/draft.ts';
import type { FieldIssue } from '../../logic/draft-issues.ts';

/** How long the form waits after the last change before asking the engine (ms). */
export const CHECK_DELAY_MS = 300;

/**
 * The engine's issues with the form's draft, kept current: `delayMs` after the last change of `draft`
 * (while `enabled`), the draft goes to `ask` (the tournaments store's `check`). The same draft is never
 * asked twice, and an answer that a newer question overtook is dropped. `now` asks at once (Create).
 */
export function useDraftCheck(
  draft: Ref<TournamentDraft>,
  enabled: Ref<boolean>,
  ask: (draft: TournamentDraft) => Promise<FieldIssue[] | null>,
  delayMs = CHECK_DELAY_MS,
) {
  const remote = ref<FieldIssue[]>([]);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sequence = 0;
  /** The draft (as JSON) that `remote` is about. */
  let checked = '';

  function cancel(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  async function now(value: TournamentDraft = draft.value): Promise<void> {
    cancel();
    const key = JSON.stringify(value);
    if (key === checked) return;
    const mine = ++sequence;
    const answer = await ask(value);
    if (mine !== sequence || !answer) return;
    remote.value = answer;
    checked = key;
  }

  watch(draft, (value) => {
    if (!enabled.value) return;
    cancel();
    timer = setTimeout(() => void now(value), delayMs);
  });

  onBeforeUnmount(() => {
    cancel();
    sequence++;
  });

  return { remote, now };
}
