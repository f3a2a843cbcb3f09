import type { DraftForm } from './draft.ts';
import type { FieldIssue, Translate } from './draft-issues.ts';

/**
 * The new-tournament form's speed factor range (a tournament on remote workers may require one:
 * `workers.factorRange`, docs/workers.md): what is wrong with it, by the paths the engine's check uses
 * (`workers.factorRange` for the pair, `workers.factorRange.0` and `.1` for one end), in the user's
 * language. Nothing is wrong with both ends empty (any worker plays), or on this machine's slots.
 */
export function factorRangeIssues(form: DraftForm, t: Translate): FieldIssue[] {
  if (form.playOn !== 'workers') return [];
  const min = form.factorMin;
  const max = form.factorMax;
  const out: FieldIssue[] = [];
  [min, max].forEach((end, i) => {
    if (end !== null && !(end > 0))
      out.push({ path: `workers.factorRange.${i}`, message: t('workers.range.positive') });
  });
  if (out.length > 0) return out;
  if ((min === null) !== (max === null))
    out.push({ path: 'workers.factorRange', message: t('workers.range.bothEnds') });
  else if (min !== null && max !== null && min > max)
    out.push({ path: 'workers.factorRange', message: t('workers.range.order') });
  return out;
}
