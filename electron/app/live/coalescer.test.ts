import { describe, expect, it } from 'vitest';
import { FrameCoalescer, type CoalescerTimer } from './coalescer.ts';

/** A made-up clock: timers fire only when the test advances time. */
class FakeTimer implements CoalescerTimer {
  time = 0;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.timers.length;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }
}

function setup(intervalMs = 100, maxPerSecond?: number) {
  const timer = new FakeTimer();
  const sent: { frame: string; at: number }[] = [];
  const coalescer = new FrameCoalescer<string, string>({
    intervalMs,
    ...(maxPerSecond === undefined ? {} : { maxPerSecond }),
    timer,
    send: (frame) => sent.push({ frame, at: timer.time }),
  });
  return { timer, sent, coalescer };
}

describe('FrameCoalescer', () => {
  it('spreads at most maxPerSecond frames over the boards: the more boards, the longer each waits', () => {
    const { timer, sent, coalescer } = setup(100, 20);
    const play = (boards: number) => {
      sent.length = 0;
      // Every board has a new picture every 10 ms for two seconds.
      for (let t = 0; t < 2000; t += 10) {
        for (let b = 0; b < boards; b++) coalescer.push(`g${b}`, `${b}@${t}`);
        timer.advance(10);
      }
      const perBoard = sent.filter((s) => s.frame.startsWith('0@')).map((s) => s.at);
      return { total: sent.length, gap: (perBoard.at(-1)! - perBoard[0]!) / (perBoard.length - 1) };
    };
    expect(play(2)).toEqual({ total: 42, gap: 100 }); // two boards: every 100 ms each (21 frames)
    coalescer.close();
    const eight = play(8); // eight boards: every 400 ms each, 20 frames a second in all
    expect(eight.gap).toBe(400);
    expect(eight.total).toBeLessThanOrEqual(8 * 6);
  });

  it('sends the first frame of a board at once', () => {
    const { sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    expect(sent).toEqual([{ frame: 'a1', at: 0 }]);
  });

  it('sends only the newest of the frames that arrive within the interval, when it is over', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    timer.advance(10);
    coalescer.push('g1', 'a2');
    timer.advance(30);
    coalescer.push('g1', 'a3');
    timer.advance(20);
    coalescer.push('g1', 'a4');
    expect(sent.map((s) => s.frame)).toEqual(['a1']);
    timer.advance(39);
    expect(sent.map((s) => s.frame)).toEqual(['a1']);
    timer.advance(1);
    expect(sent).toEqual([
      { frame: 'a1', at: 0 },
      { frame: 'a4', at: 100 },
    ]);
    // Nothing else is waiting: no further frame without a new push.
    timer.advance(1000);
    expect(sent).toHaveLength(2);
  });

  it('never sends two frames of a board closer than the interval, even at a steady high rate', () => {
    const { timer, sent, coalescer } = setup(100);
    for (let i = 0; i < 1000; i++) {
      coalescer.push('g1', `f${i}`);
      timer.advance(3);
    }
    timer.advance(100);
    const gaps = sent.slice(1).map((s, i) => s.at - (sent[i]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
    expect(sent.length).toBeLessThanOrEqual(31);
    expect(sent.at(-1)?.frame).toBe('f999');
  });

  it('sends a frame at once when the interval since the last one is already over', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    timer.advance(250);
    coalescer.push('g1', 'a2');
    expect(sent).toEqual([
      { frame: 'a1', at: 0 },
      { frame: 'a2', at: 250 },
    ]);
  });

  it('keeps boards apart: each has its own interval', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    timer.advance(50);
    coalescer.push('g2', 'b1');
    coalescer.push('g1', 'a2');
    coalescer.push('g2', 'b2');
    timer.advance(50);
    expect(sent).toEqual([
      { frame: 'a1', at: 0 },
      { frame: 'b1', at: 50 },
      { frame: 'a2', at: 100 },
    ]);
    timer.advance(50);
    expect(sent.at(-1)).toEqual({ frame: 'b2', at: 150 });
  });

  it('always sends the final frame at once and never a waiting older one after it', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    coalescer.push('g1', 'a2');
    coalescer.finish('g1', 'final');
    expect(sent.map((s) => s.frame)).toEqual(['a1', 'final']);
    expect(timer.pending).toBe(0);
    timer.advance(1000);
    expect(sent.map((s) => s.frame)).toEqual(['a1', 'final']);
    expect(coalescer.size).toBe(0);
  });

  it('sends the final frame even within the interval of the previous one, and for unseen boards', () => {
    const { sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    coalescer.finish('g1', 'end1');
    coalescer.finish('g2', 'end2');
    expect(sent.map((s) => s.frame)).toEqual(['a1', 'end1', 'end2']);
  });

  it('a board started again after finishing is a new board with its own first frame', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    coalescer.push('g1', 'a2');
    coalescer.finish('g1', 'end');
    coalescer.push('g1', 'b1');
    timer.advance(500);
    expect(sent.map((s) => s.frame)).toEqual(['a1', 'end', 'b1']);
  });

  it('forget and close drop waiting frames without sending them', () => {
    const { timer, sent, coalescer } = setup();
    coalescer.push('g1', 'a1');
    coalescer.push('g1', 'a2');
    coalescer.push('g2', 'b1');
    coalescer.push('g2', 'b2');
    coalescer.forget('g1');
    expect(coalescer.size).toBe(1);
    coalescer.close();
    timer.advance(1000);
    expect(sent.map((s) => s.frame)).toEqual(['a1', 'b1']);
    expect(timer.pending).toBe(0);
  });
});
