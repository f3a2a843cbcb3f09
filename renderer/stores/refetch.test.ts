import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { ref } from 'vue';
import { useNotices } from './notices.ts';
import { newestAnswer, sharedSubscription, throttledRefetch } from './refetch.ts';

describe('throttledRefetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches at once when nothing was fetched yet, and once for a burst', async () => {
    const fetch = vi.fn();
    const refetch = throttledRefetch(fetch, 1000);
    refetch.soon();
    refetch.soon();
    expect(refetch.planned()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refetch.planned()).toBe(false);
  });

  it('waits for the end of the period counted from the last fetch', async () => {
    const fetch = vi.fn();
    const refetch = throttledRefetch(fetch, 1000);
    refetch.fetched();
    await vi.advanceTimersByTimeAsync(300);
    refetch.soon();
    refetch.soon();
    await vi.advanceTimersByTimeAsync(699);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('drops the planned fetch when cancelled', async () => {
    const fetch = vi.fn();
    const refetch = throttledRefetch(fetch, 1000);
    refetch.fetched();
    refetch.soon();
    refetch.cancel();
    expect(refetch.planned()).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('sharedSubscription', () => {
  it('subscribes once and ends when the last follower lets go, in either order', () => {
    const unsubscribe = vi.fn();
    const subscribe = vi.fn(() => unsubscribe);
    const onStop = vi.fn();
    const shared = sharedSubscription(subscribe, onStop);
    const first = shared.follow();
    const second = shared.follow();
    expect(subscribe).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(unsubscribe).not.toHaveBeenCalled();
    second();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(onStop).toHaveBeenCalledTimes(1);
    shared.follow();
    expect(subscribe).toHaveBeenCalledTimes(2);
  });

  it('stops for every follower at once', () => {
    const unsubscribe = vi.fn();
    const shared = sharedSubscription(() => unsubscribe);
    const first = shared.follow();
    shared.follow();
    shared.stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    first();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('newestAnswer', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('applies only the newest answer, and only its failure is shown', async () => {
    const loading = ref(false);
    const newest = newestAnswer(loading);
    const applied: string[] = [];
    let slow: (v: string) => void = () => undefined;
    const first = newest(
      () => new Promise<string>((r) => (slow = r)),
      (a) => applied.push(a),
    );
    expect(loading.value).toBe(true);
    const second = newest(
      () => Promise.resolve('new'),
      (a) => applied.push(a),
    );
    await second;
    expect(loading.value).toBe(false);
    slow('old');
    await first;
    expect(applied).toEqual(['new']);
    // A failure overtaken by a newer call is dropped; the newest failure is a notice.
    const stale = newest(
      () => Promise.reject(new Error('stale')),
      () => undefined,
    );
    await newest(
      () => Promise.reject(new Error('current')),
      () => undefined,
    );
    await stale;
    expect(useNotices().items.map((n) => n.message)).toEqual(['current']);
    expect(loading.value).toBe(false);
  });
});
