import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Request, Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import { messageOf, useNotices } from './notices.ts';
import { readNumber } from '../../shared/text/numbers.ts';

/** The user's settings as the engine stores them. */
export type Settings = Response<'settings.get'>;
/** A change to some settings (the top-level fields it names; `defaults` as a whole). */
export type SettingsPatch = Request<'settings.set'>;
/** The defaults of the new-tournament form. */
export type TournamentDefaults = Settings['defaults'];

/**
 * The remembered settings: loaded once (`settings.get`); every change goes to the engine at once
 * (`settings.set`) and the store keeps its answer, so what is shown is what was stored.
 */
export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings | null>(null);
  const saving = ref(false);
  let loading: Promise<void> | null = null;

  /** Loads the settings once; later calls wait for the same answer. */
  function load(): Promise<void> {
    loading ??= jury()
      .settingsGet()
      .then((answer) => {
        settings.value = answer;
      })
      .catch((cause: unknown) => {
        loading = null;
        useNotices().error(cause);
      });
    return loading;
  }

  /** Stores a change; true when the engine took it. Failures are shown as a notice. */
  async function update(patch: SettingsPatch): Promise<boolean> {
    const refusal = await attempt(patch);
    if (refusal !== null) useNotices().error(refusal);
    return refusal === null;
  }

  /**
   * Stores a change and answers null, or the engine's refusal (its message) for the caller to show next
   * to the field, with no notice.
   */
  async function attempt(patch: SettingsPatch): Promise<string | null> {
    saving.value = true;
    try {
      settings.value = await jury().settingsSet(patch);
      return null;
    } catch (cause) {
      return messageOf(cause);
    } finally {
      saving.value = false;
    }
  }

  return { settings, saving, load, update, attempt };
});

/** Why a number field's text is not acceptable: a message key of the settings area and its values. */
export interface NumberProblem {
  readonly key: 'settings.errors.wholeNumber' | 'settings.errors.between' | 'settings.errors.atLeast';
  readonly params: Readonly<Record<string, number>>;
}

/**
 * Reads a whole number typed into a field, within `min` … `max` (`max` null: no upper bound); the
 * number, or the problem to show next to the field.
 */
export function parseWholeNumber(
  text: string,
  min: number,
  max: number | null,
): { readonly value: number } | { readonly problem: NumberProblem } {
  const read = readNumber(text, { whole: true, min, max });
  if (read.kind === 'number') return { value: read.value };
  if (read.kind !== 'out-of-range') return { problem: { key: 'settings.errors.wholeNumber', params: {} } };
  return max === null
    ? { problem: { key: 'settings.errors.atLeast', params: { min } } }
    : { problem: { key: 'settings.errors.between', params: { min, max } } };
}
