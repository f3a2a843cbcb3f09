import { onBeforeUnmount, onMounted } from 'vue';
import { actionForKey, keyTargetsField } from '../../logic/replay-nav.ts';
import { useReplayStore } from '../../stores/replay.ts';

/**
 * The replay's keys (← → Home End) for the component that calls it, while it is mounted: they step the
 * replay store's game, never while a field has the focus or with a modifier held.
 */
export function useReplayKeys(): void {
  const store = useReplayStore();
  function onKey(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (keyTargetsField(event.target instanceof HTMLElement ? event.target : null)) return;
    const action = actionForKey(event.key);
    if (action === null || !store.replay) return;
    event.preventDefault();
    store.act(action);
  }
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
