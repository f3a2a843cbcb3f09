import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadResult } from '../channel.ts';
import { Inbox, POLL_MS, type InboxHooks } from './inbox.ts';

const line = (text: string, atUs = 1): ReadResult & { kind: 'line' } => ({ kind: 'line', line: text, atUs });
const closed: ReadResult = { kind: 'closed', exit: { code: 0, signal: null }, pending: '' };

function inbox(over: Partial<InboxHooks> = {}) {
  const calls: string[] = [];
  const box = new Inbox({
    maxQueuedBytes: 10,
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    pending: () => 'part',
    closedResult: () => Promise.resolve(closed),
    ...over,
  });
  return { box, calls };
}

describe('Inbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('returns queued lines first, oldest first, then waits', async () => {
    const { box } = inbox();
    box.accept(line('a'), 2);
    box.accept(line('b'), 2);
    expect(await box.read(1000)).toEqual(line('a'));
    expect(await box.read(1000)).toEqual(line('b'));
    const pending = box.read(5000);
    box.accept(line('c', 7), 2);
    expect(await pending).toEqual(line('c', 7));
  });

  it('times out with the partial line, a millisecond after the deadline at the latest', async () => {
    const { box } = inbox();
    const r = box.read(5000);
    vi.advanceTimersByTime(6);
    expect(await r).toEqual({ kind: 'timeout', pending: 'part' });
  });

  it('arms its timer a millisecond past the deadline: one firing early would only wake the judge', () => {
    const { box } = inbox();
    let settled = false;
    void box.read(5000).then(() => (settled = true));
    // libuv fires a timer up to its millisecond early: due at the deadline, it could fire at 4 ms.
    vi.advanceTimersByTime(5.5);
    expect(settled).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('leaves no timer armed once a read is answered, nor after a timeout', async () => {
    const { box } = inbox();
    const r = box.read(50_000);
    box.accept(line('a'), 2);
    await r;
    // A timer left armed would wake the judge during the other bots' turns (Flit: every move).
    expect(vi.getTimerCount()).toBe(0);
    const t = box.read(5000);
    vi.advanceTimersByTime(6);
    await t;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects a second outstanding read', async () => {
    const { box } = inbox();
    void box.read(5000);
    await expect(box.read(5000)).rejects.toThrow('another read is outstanding');
  });

  it('once closed, still gives the queued lines, then closed', async () => {
    const { box } = inbox();
    box.accept(line('a'), 2);
    box.close();
    expect(await box.read(1000)).toEqual(line('a'));
    expect(await box.read(1000)).toEqual(closed);
  });

  it('ends a waiting read when output closes', async () => {
    const { box } = inbox();
    const r = box.read(60_000_000);
    box.close();
    expect(await r).toEqual(closed);
  });

  it('pauses past the cap and resumes below half of it, or when discarded', async () => {
    const { box, calls } = inbox();
    for (let i = 0; i < 4; i++) box.accept(line(`l${i}`), 4);
    expect(calls).toEqual(['pause']);
    await box.read(0);
    await box.read(0);
    expect(calls).toEqual(['pause']); // 8 bytes left: above half the cap
    await box.read(0);
    expect(calls).toEqual(['pause', 'resume']);
    for (let i = 0; i < 4; i++) box.accept(line(`m${i}`), 4);
    expect(box.discard()).toBe(5);
    expect(calls).toEqual(['pause', 'resume', 'pause', 'resume']);
  });

  it('polls whether the bot let go of its output while a read waits', async () => {
    let gone = false;
    const { box } = inbox({ outputGone: () => gone });
    const r = box.read(60_000_000);
    vi.advanceTimersByTime(POLL_MS * 3);
    gone = true;
    vi.advanceTimersByTime(POLL_MS);
    expect(await r).toEqual(closed);
    expect(box.closed).toBe(true);
  });
});
