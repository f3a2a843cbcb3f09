import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import { messageOf } from './notices.ts';

/** The remote workers of the settings' queue, as the engine reads their heartbeats. */
export type WorkersView = Response<'workers.list'>;

/** How often the list is read again while it is shown (the workers beat every 2 s). */
export const WORKERS_REFRESH_MS = 2000;

/**
 * The remote workers (`workers.list`): read on demand and every {@link WORKERS_REFRESH_MS} while a
 * screen follows them ({@link follow} answers the function that stops), never while a read is still
 * waiting. A failed read is kept as the problem to show, never thrown.
 */
export const useWorkersStore = defineStore('workers', () => {
  const view = shallowRef<WorkersView | null>(null);
  const loading = ref(false);
  let followers = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  let asked = 0;

  /** Reads the workers now; an answer that a later read overtook is dropped. */
  async function load(): Promise<void> {
    const mine = ++asked;
    loading.value = true;
    let answer: WorkersView;
    try {
      answer = await jury().workersList();
    } catch (cause) {
      answer = { connected: false, problem: messageOf(cause), reference: null, workers: [] };
    }
    if (mine !== asked) return;
    view.value = answer;
    loading.value = false;
  }

  /** Reads the workers now and every 2 s until the answered function is called. */
  function follow(): () => void {
    followers += 1;
    void load();
    // A read still waiting (a Redis that does not answer takes up to 3 s) is not asked again.
    timer ??= setInterval(() => {
      if (!loading.value) void load();
    }, WORKERS_REFRESH_MS);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      followers -= 1;
      if (followers === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }

  return { view, loading, load, follow };
});
