import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { jury } from '../bridge/index.ts';
import {
  limitsKey,
  summarizeProtections,
  type Protection,
  type ProtectionLimits,
  type ProtectionSummary,
} from '../logic/protections.ts';
import { messageOf } from './notices.ts';

/**
 * What this machine enforces around every bot (`system.protections`): the rows for the limits asked
 * last (the bot library asks with the defaults, the new-tournament form with its own limits). The
 * engine probes the machine once, so answers are kept per distinct request. A failure is kept as the
 * reason to show in place of the rows: the screens never stay silent about protections.
 */
export const useSystemStore = defineStore('system', () => {
  /** The rows for the limits asked last, or null before the first answer. */
  const protections = shallowRef<readonly Protection[] | null>(null);
  /** The limits those rows are for. */
  const asked = ref<ProtectionLimits | null>(null);
  const loading = ref(false);
  /** Why the last request failed, or null. */
  const error = ref<string | null>(null);
  const answers = new Map<string, readonly Protection[]>();
  let sequence = 0;

  const summary = computed<ProtectionSummary | null>(() =>
    protections.value ? summarizeProtections(protections.value) : null,
  );

  /** Asks what is enforced under `limits` (left out: the defaults); only the latest request counts. */
  async function load(limits: ProtectionLimits = {}): Promise<void> {
    const mine = ++sequence;
    const key = limitsKey(limits);
    const known = answers.get(key);
    if (known) {
      protections.value = known;
      asked.value = limits;
      error.value = null;
      loading.value = false;
      return;
    }
    loading.value = true;
    try {
      const answer = await jury().systemProtections(limits);
      answers.set(key, answer);
      if (mine !== sequence) return;
      protections.value = answer;
      asked.value = limits;
      error.value = null;
    } catch (cause) {
      if (mine === sequence) error.value = messageOf(cause);
    } finally {
      if (mine === sequence) loading.value = false;
    }
  }

  return { protections, asked, summary, loading, error, load };
});
