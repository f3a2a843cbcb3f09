import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Response } from '../../shared/ipc/contract.ts';
import { isDesktop as bridgeIsDesktop, jury } from '../bridge/index.ts';
import { useNotices } from './notices.ts';

/** What the engine says about where the page runs (version, desktop or browser, control, first start). */
export type AppInfo = Response<'app.info'>;

/**
 * Where the app runs: the engine's `app.info` (loaded once) and whether native dialogs exist. Until the
 * answer arrives, `canControl` reads as true so the controls do not flash a read-only banner.
 */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const isDesktop = ref(bridgeIsDesktop());
  let loading: Promise<void> | null = null;

  /** Loads `app.info` once; later calls wait for the same answer. */
  function load(): Promise<void> {
    loading ??= jury()
      .appInfo()
      .then((answer) => {
        info.value = answer;
      })
      .catch((cause: unknown) => {
        loading = null;
        useNotices().error(cause);
      });
    return loading;
  }

  /** Whether this client may change things (false for spectators of `jury serve`). */
  function canControl(): boolean {
    return info.value?.canControl ?? true;
  }

  /** Creates and starts the demo tournament; its summary, or null when it failed (shown as a notice). */
  return { info, isDesktop, load, canControl };
});
