import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import type { TournamentDraft } from '../logic/draft.ts';
import { useNotices } from './notices.ts';

/** A saved, reusable set of tournament settings. */
export type Preset = Response<'presets.list'>[number];

/**
 * The saved presets of the new-tournament form. Saving under an existing name replaces that preset;
 * every change answers the whole list, which the store keeps.
 */
export const usePresetsStore = defineStore('presets', () => {
  const presets = ref<Preset[]>([]);
  const loaded = ref(false);

  async function guard(work: () => Promise<Preset[]>): Promise<boolean> {
    try {
      presets.value = await work();
      loaded.value = true;
      return true;
    } catch (cause) {
      useNotices().error(cause);
      return false;
    }
  }

  /** Reads the presets. */
  function load(): Promise<boolean> {
    return guard(() => jury().presetsList());
  }

  /** Saves `draft` as preset `name` (replacing one of that name). */
  function save(name: string, draft: TournamentDraft): Promise<boolean> {
    return guard(() => jury().presetsSave({ name: name.trim(), draft }));
  }

  /** Deletes a preset. */
  function remove(name: string): Promise<boolean> {
    return guard(() => jury().presetsRemove({ name }));
  }

  /** The preset called `name`, if there is one. */
  function byName(name: string): Preset | undefined {
    return presets.value.find((p) => p.name === name);
  }

  return { presets, loaded, load, save, remove, byName };
});
