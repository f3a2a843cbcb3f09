import type { Ref } from 'vue';
import { useNotices } from './notices.ts';
/** A fetch throttled to at most one call per period (see {@link throttledRefetch}). */
export interface ThrottledRefetch {
  /** Notes that a fetch starts now: the period counts from here (call it in the fetch itself). */
  fetched(): void;
  /** Refetches soon: at once when the last fetch is a period ago, else once at its end. */
  soon(): void;
  /** Whether a refetch is planned. */
  planned(): boolean;
  /** Drops the planned refetch, if any. */
  cancel(): void;
}

/**
 * Throttles the refetches a burst of events asks for (a fast tournament finishes many games a second):
 * however many `soon()` calls, one planned call of `fetch` at a time, at most one per `periodMs`
 * counted from the last {@link ThrottledRefetch.fetched}.
 */
export function throttledRefetch(fetch: () => unknown, periodMs: number): ThrottledRefetch {
  let lastFetch = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;
  return {
    fetched() {
      lastFetch = Date.now();
    },
    soon() {
      if (pending !== null) return;
      const wait = Math.max(0, lastFetch + periodMs - Date.now());
      pending = setTimeout(() => {
        pending = null;
        void fetch();
      }, wait);
    },
    planned: () => pending !== null,
    cancel() {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}

/** One subscription shared by several screens (see {@link sharedSubscription}). */
export interface SharedSubscription {
  /** Subscribes unless subscribed; the returned function lets go (once; later calls do nothing). */
  follow(): () => void;
  /** Unsubscribes for every follower at once, then runs the `onStop` given. */
  stop(): void;
}

/**
 * A subscription kept while any follower wants it: screens come and go in either order when the route
 * changes, so the last one to let go ends it.
 */
export function sharedSubscription(
  subscribe: () => () => void,
  onStop: () => void = () => {},
): SharedSubscription {
  let unsubscribe: (() => void) | null = null;
  let followers = 0;

  function stop(): void {
    followers = 0;
    unsubscribe?.();
    unsubscribe = null;
    onStop();
  }

  function follow(): () => void {
    followers += 1;
    unsubscribe ??= subscribe();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      followers = Math.max(0, followers - 1);
      if (followers === 0) stop();
    };
  }

  return { follow, stop };
}

/**
 * Runs loads so that only the newest one counts: a call's answer is applied, its failure shown as a
 * notice and `loading` cleared only while no later call has started (an answer overtaken by a newer
 * request, for another tournament or stage, is dropped). One per store; call it for every fetch.
 */
export function newestAnswer(loading: Ref<boolean>) {
  let sequence = 0;
  return async <T>(load: () => Promise<T>, apply: (answer: T) => void): Promise<void> => {
    const mine = ++sequence;
    loading.value = true;
    try {
      const answer = await load();
      if (mine === sequence) apply(answer);
    } catch (cause) {
      if (mine === sequence) useNotices().error(cause);
    } finally {
      if (mine === sequence) loading.value = false;
    }
  };
}
