import { describe, expect, it } from 'vitest';
import type { Progress } from './notifications.ts';
import { finishedNotice, finishWatcher, justFinished } from './notifications.ts';

const progress = (id: string, state: Progress['state']): Progress => ({
  id,
  state,
  finished: 0,
  total: 4,
  running: 0,
  etaMs: null,
  error: null,
});

describe('justFinished', () => {
  it('is true only when a tournament seen in another state reaches done', () => {
    expect(justFinished('running', 'done')).toBe(true);
    expect(justFinished('stopping', 'done')).toBe(true);
    expect(justFinished('done', 'done')).toBe(false);
    expect(justFinished(undefined, 'done')).toBe(false);
    expect(justFinished('running', 'stopped')).toBe(false);
    expect(justFinished('running', 'aborted')).toBe(false);
    expect(justFinished('idle', 'running')).toBe(false);
  });
});

describe('finishWatcher', () => {
  it('picks the one event to notify about, per tournament', () => {
    const watch = finishWatcher();
    const seen = [
      progress('a', 'running'),
      progress('b', 'done'),
      progress('a', 'running'),
      progress('a', 'done'),
      progress('a', 'done'),
      progress('b', 'running'),
      progress('b', 'done'),
    ].map(watch);
    expect(seen).toEqual([false, false, false, true, false, false, true]);
  });
});

describe('finishedNotice', () => {
  it("names the tournament, or says 'A tournament' when the name is unknown", () => {
    expect(finishedNotice('Club night')).toEqual({ title: 'Jury', body: 'Club night: tournament finished' });
    expect(finishedNotice(undefined).body).toBe('A tournament: tournament finished');
  });
});
