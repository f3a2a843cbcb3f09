import { describe, expect, it } from 'vitest';
import { TimeKeeper, type TimeKeeperOptions } from './time-keeper.ts';

/** A hand-driven clock: tests set the wall time and each seat's CPU time. */
function fakeSource() {
  const s = { wall: 0, cpu: [0, 0] as number[] };
  return { s, source: { wallUs: () => s.wall, cpuUs: (seat: number) => s.cpu[seat] ?? 0 } };
}
const total30s = { kind: 'game-total', budgetMs: 30_000 } as const;

function keeper(over: Partial<TimeKeeperOptions> & Pick<TimeKeeperOptions, 'source'>): TimeKeeper {
  return new TimeKeeper({ control: total30s, mode: 'official', seats: 2, ...over });
}

describe('TimeKeeper, official mode', () => {
  it('charges wall time from prompt to reply, per seat', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source });
    s.wall = 1_000;
    tk.start(0);
    s.wall = 251_000;
    s.cpu[0] = 200_000;
    expect(tk.stop()).toEqual({ wallUs: 250_000, cpuUs: 200_000, chargedUs: 250_000, late: false });
    tk.start(1);
    s.wall = 261_000;
    tk.stop();
    expect(tk.totals(0)).toEqual({ chargedUs: 250_000, wallUs: 250_000, cpuUs: 200_000 });
    expect(tk.remainingUs(0)).toBe(29_750_000);
    expect(tk.remainingUs(1)).toBe(29_990_000);
  });

  it('waits exactly the remaining budget and flags the reply that exceeds it', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source });
    tk.start(0);
    s.wall = 29_000_000;
    tk.stop();
    tk.start(0);
    expect(tk.waitLimitUs()).toBe(1_000_000);
    s.wall += 400_000;
    expect(tk.waitLimitUs()).toBe(600_000);
    expect(tk.isOverdue()).toBe(false);
    s.wall += 600_001;
    expect(tk.isOverdue()).toBe(true);
    expect(tk.waitLimitUs()).toBe(0);
    expect(tk.stop().late).toBe(true);
  });

  it('refuses to run two clocks at once or stop a clock that is not running', () => {
    const { source } = fakeSource();
    const tk = keeper({ source });
    tk.start(0);
    expect(() => tk.start(1)).toThrow(/still running/);
    tk.abandon();
    expect(tk.runningSeat).toBeNull();
    expect(() => tk.stop()).toThrow(/no clock/);
  });
});

describe('TimeKeeper, cpu mode', () => {
  it('charges CPU time, not wall time', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, mode: 'cpu' });
    tk.start(1);
    s.wall = 5_000_000; // the machine was busy: 5 s of wall time...
    s.cpu[1] = 120_000; // ...but the bot only computed for 120 ms
    expect(tk.stop()).toEqual({ wallUs: 5_000_000, cpuUs: 120_000, chargedUs: 120_000, late: false });
    expect(tk.remainingUs(1)).toBe(29_880_000);
  });

  it('waits until the CPU budget could be used up, then checks again; caps a sleeping bot by wall time', () => {
    const { s, source } = fakeSource();
    const tk = keeper({
      source,
      mode: 'cpu',
      control: { kind: 'game-total', budgetMs: 1_000 },
      wallCapFactor: 3,
      wallSlackUs: 500_000,
    });
    tk.start(0);
    expect(tk.waitLimitUs()).toBe(1_000_000);
    s.wall = 1_000_000;
    s.cpu[0] = 300_000; // it slept most of that second
    expect(tk.isOverdue()).toBe(false);
    expect(tk.waitLimitUs()).toBe(700_000);
    s.wall = 3_500_000; // the wall cap is 3 × 1 s + 0.5 s
    expect(tk.isOverdue()).toBe(false);
    s.wall = 3_500_001;
    expect(tk.isOverdue()).toBe(true);
  });

  it('is overdue as soon as the CPU used passes the budget', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, mode: 'cpu', control: { kind: 'game-total', budgetMs: 1_000 } });
    tk.start(0);
    s.wall = 1_100_000;
    s.cpu[0] = 1_000_001;
    expect(tk.isOverdue()).toBe(true);
    expect(tk.stop()).toMatchObject({ chargedUs: 1_000_001, late: true });
  });
});

describe('TimeKeeper, per-move deadline (Flit)', () => {
  it('judges every reply alone against the deadline, on the wall clock, in both modes', () => {
    for (const mode of ['official', 'cpu'] as const) {
      const { s, source } = fakeSource();
      const tk = keeper({
        source,
        mode,
        control: { kind: 'per-move', deadlineMs: 50, freezeAfter: 5 },
        startupAllowanceUs: 0,
      });
      tk.start(0);
      s.wall = 49_000;
      expect(tk.waitLimitUs()).toBe(1_000);
      expect(tk.stop()).toMatchObject({ chargedUs: 49_000, late: false });
      tk.start(0);
      s.wall += 50_001;
      expect(tk.isOverdue()).toBe(true);
      expect(tk.stop()).toMatchObject({ chargedUs: 50_001, late: true });
      expect(tk.remainingUs(0)).toBe(50_000);
      // Totals still add up every reply, for the statistics.
      expect(tk.totals(0).chargedUs).toBe(99_001);
    }
  });
});

describe('TimeKeeper start-up allowance', () => {
  it("gives each program's first per-move reply extra time for starting its process, and only the first", () => {
    const { s, source } = fakeSource();
    const tk = keeper({
      source,
      control: { kind: 'per-move', deadlineMs: 50, freezeAfter: 5 },
      startupAllowanceUs: 1_000_000,
    });
    tk.start(1);
    expect(tk.waitLimitUs()).toBe(1_050_000);
    s.wall = 700_000;
    expect(tk.stop()).toMatchObject({ chargedUs: 700_000, late: false });
    tk.start(1);
    expect(tk.waitLimitUs()).toBe(50_000);
    s.wall += 60_000;
    expect(tk.stop().late).toBe(true);
    tk.start(0); // seat 0 has not replied yet: it still has its allowance
    expect(tk.waitLimitUs()).toBe(1_050_000);
  });

  it('gives no allowance in game-total games: start-up is part of the budget, as on CodeCup', () => {
    const { source } = fakeSource();
    const tk = keeper({ source, startupAllowanceUs: 1_000_000 });
    tk.start(0);
    expect(tk.waitLimitUs()).toBe(30_000_000);
  });
});
