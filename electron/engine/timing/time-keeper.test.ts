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
    expect(tk.stop()).toEqual({
      wallUs: 250_000,
      cpuUs: 200_000,
      chargedUs: 250_000,
      late: false,
      startup: false,
    });
    tk.start(1);
    s.wall = 261_000;
    tk.stop();
    expect(tk.totals(0)).toEqual({ chargedUs: 250_000, wallUs: 250_000, cpuUs: 200_000 });
    expect(tk.usedUs(0)).toBe(250_000);
    expect(tk.remainingUs(0)).toBe(29_750_000);
    expect(tk.remainingUs(1)).toBe(29_990_000);
  });

  it('settling late: reads the CPU time once per move, after the reply, ending that move', () => {
    let reads = 0;
    const { s, source } = fakeSource();
    const counted = { wallUs: source.wallUs, cpuUs: (seat: number) => (reads++, source.cpuUs(seat)) };
    const tk = keeper({ source: counted, settleCpuLate: true });
    s.cpu[0] = 5_000; // start-up before the first prompt: not this game's moves
    tk.start(0);
    expect(reads).toBe(1); // a program's first start reads its CPU time
    s.wall = 100;
    s.cpu[0] = 5_080;
    expect(tk.stop(100)).toEqual({ wallUs: 100, cpuUs: 0, chargedUs: 100, late: false, startup: false });
    expect(tk.isPending(0)).toBe(true);
    expect(reads).toBe(1); // nothing read at a stop
    tk.start(1);
    s.cpu[0] = 5_090; // what it did after its reply counts in its move
    expect(tk.readAfterReply(0)).toBe(90); // the referee reads it once seat 1's prompt is out
    expect(tk.isPending(0)).toBe(false);
    s.wall = 150;
    tk.stop();
    tk.start(0); // no reading: its move starts from the one after its reply
    expect(reads).toBe(3);
    expect(tk.readAfterReply(1)).toBe(0);
    s.cpu[0] = 5_150;
    tk.stop();
    expect(tk.totals(0).cpuUs).toBe(90); // the last move is pending until read
    expect(tk.settleAll()).toEqual([60, Number.NaN]);
    expect(tk.settleAll()).toEqual([Number.NaN, Number.NaN]); // nothing left to read
    expect(tk.totals(0).cpuUs).toBe(150);
  });

  it('settling late: a program that moves again with nobody between (Less rush) is read as its clock starts', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, settleCpuLate: true });
    tk.start(0);
    s.cpu[0] = 40;
    tk.stop();
    s.cpu[0] = 45; // after its reply, before its next line's clock starts
    tk.start(0, 0); // no prompt in between: its last move is read first
    expect(tk.isPending(0)).toBe(false);
    expect(tk.totals(0).cpuUs).toBe(45);
    s.cpu[0] = 100;
    tk.stop();
    expect(tk.settleAll()).toEqual([55, Number.NaN]);
    expect(tk.totals(0).cpuUs).toBe(100);
  });

  it('settling late: tells the CPU time a program used outside its own turns', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, settleCpuLate: true });
    s.cpu[1] = 500; // found and read at once: seat 1's readings are real from its first
    tk.start(0);
    s.wall = 1_000;
    s.cpu[0] = 900; // 900 µs of CPU in 1 ms of thinking
    tk.stop();
    tk.start(1);
    s.cpu[0] = 3_400; // its start-up: its first reading was 0, the process not found yet
    expect(tk.readAfterReply(0)).toBe(3_400);
    expect(tk.betweenTurnsUs).toBeNaN(); // that move holds its start-up: not judged
    s.wall = 1_100;
    tk.stop();
    s.wall = 1_200;
    tk.start(0);
    expect(tk.readAfterReply(1)).toBe(0);
    expect(tk.betweenTurnsUs).toBeNaN(); // seat 1's first move
    s.wall = 2_200;
    s.cpu[0] = 4_300; // 900 µs of CPU in 1 ms of thinking
    tk.stop();
    tk.start(1);
    expect(tk.readAfterReply(0)).toBe(900);
    expect(tk.betweenTurnsUs).toBe(900 - 1_000); // it waited quietly before that move
    s.cpu[0] = 6_800; // it computes while seat 1 thinks
    s.wall = 2_300;
    tk.stop();
    s.wall = 2_400;
    tk.start(0);
    expect(tk.readAfterReply(1)).toBe(0);
    expect(tk.betweenTurnsUs).toBe(0 - 100); // seat 1 waited quietly
    s.wall = 2_500;
    s.cpu[0] = 6_880;
    tk.stop();
    tk.start(1);
    expect(tk.readAfterReply(0)).toBe(6_880 - 4_300);
    expect(tk.betweenTurnsUs).toBe(6_880 - 4_300 - 100); // 2.5 ms while the other thought
  });

  it('settling late in cpu mode: a reply that cannot be late is charged when read, after the next prompt', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, mode: 'cpu', settleCpuLate: true, cpus: 2 });
    tk.start(0); // read at its first start: 0
    s.wall = 1_000;
    s.cpu[0] = 1_500; // two threads
    expect(tk.stop()).toEqual({ wallUs: 1_000, cpuUs: 0, chargedUs: 0, late: false, startup: false });
    expect(tk.isPending(0)).toBe(true);
    expect(tk.usedUs(0)).toBe(0);
    tk.start(1);
    s.cpu[0] = 1_520;
    expect(tk.readAfterReply(0)).toBe(1_520);
    expect(tk.usedUs(0)).toBe(1_520);
    expect(tk.totals(0)).toEqual({ chargedUs: 1_520, wallUs: 1_000, cpuUs: 1_520 });
  });

  it('settling late in cpu mode: a reply that might be over the time left is read at once', () => {
    const { s, source } = fakeSource();
    const tight = { kind: 'per-move', deadlineMs: 5, freezeAfter: 5 } as const;
    const tk = keeper({
      source,
      mode: 'cpu',
      control: tight,
      startupAllowanceUs: 0,
      settleCpuLate: true,
      cpus: 2,
    });
    tk.start(0);
    s.wall = 1_000; // (1 ms + the 2 ms margin) × 2 CPUs ≥ 5 ms: it might be late
    s.cpu[0] = 5_200;
    expect(tk.stop()).toEqual({ wallUs: 1_000, cpuUs: 5_200, chargedUs: 5_200, late: true, startup: false });
    expect(tk.isPending(0)).toBe(false);
    tk.start(0); // its next move starts from that reading
    s.wall = 1_100;
    s.cpu[0] = 5_300;
    expect(tk.stop()).toEqual({ wallUs: 100, cpuUs: 0, chargedUs: 0, late: false, startup: false }); // (0.1 + 2) × 2 < 5
    expect(tk.settleAll()).toEqual([100, Number.NaN]);
  });

  it('settling late in cpu mode without knowing the CPUs: every reply is read as it arrives', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, mode: 'cpu', settleCpuLate: true });
    tk.start(0);
    s.wall = 10;
    s.cpu[0] = 8;
    expect(tk.stop()).toEqual({ wallUs: 10, cpuUs: 8, chargedUs: 8, late: false, startup: false });
    expect(tk.isPending(0)).toBe(false);
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
    expect(tk.stop()).toEqual({
      wallUs: 5_000_000,
      cpuUs: 120_000,
      chargedUs: 120_000,
      late: false,
      startup: false,
    });
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

describe('TimeKeeper, the game start (beginGame)', () => {
  for (const settleCpuLate of [false, true]) {
    it(`cpu mode: a seat's first move counts from the game's first prompt${settleCpuLate ? ', settling late' : ''}`, () => {
      const { s, source } = fakeSource();
      const tk = keeper({ source, mode: 'cpu', settleCpuLate });
      s.cpu = [1_000, 2_000]; // start-up before the game: no one's move
      tk.start(0);
      tk.beginGame();
      // Seat 1 prepares 300 ms once it has its opening lines, while seat 0 thinks.
      s.cpu = [1_500, 302_000];
      s.wall = 400_000;
      tk.stop();
      tk.start(1);
      if (settleCpuLate) tk.readAfterReply(0); // as the referee does once seat 1's prompt is out
      s.cpu[1] = 312_000;
      s.wall = 410_000;
      tk.stop();
      tk.settleAll();
      // Its preparing and its 10 ms move: as seat 0 would have been charged had it prepared in its turn.
      expect(tk.totals(1).chargedUs).toBe(310_000);
    });
  }

  it('official mode reads nothing at the game start (a program not replied yet is stopped meanwhile)', () => {
    let reads = 0;
    const { source } = fakeSource();
    const tk = keeper({ source: { wallUs: source.wallUs, cpuUs: (seat) => (reads++, source.cpuUs(seat)) } });
    tk.start(0);
    const before = reads;
    tk.beginGame();
    expect(reads).toBe(before);
  });
});

describe('TimeKeeper, per-move deadline (Flit)', () => {
  const perMove = { kind: 'per-move', deadlineMs: 50, freezeAfter: 5 } as const;

  it('official mode judges every reply alone against the deadline, on the wall clock', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, control: perMove, startupAllowanceUs: 0 });
    tk.start(0);
    s.wall = 49_000;
    s.cpu[0] = 10_000;
    expect(tk.waitLimitUs()).toBe(1_000);
    expect(tk.stop()).toEqual({
      wallUs: 49_000,
      cpuUs: 10_000,
      chargedUs: 49_000,
      late: false,
      startup: false,
    });
    tk.start(0);
    s.wall += 50_001;
    expect(tk.isOverdue()).toBe(true);
    expect(tk.stop()).toMatchObject({ chargedUs: 50_001, late: true });
    expect(tk.remainingUs(0)).toBe(50_000);
    // Totals still add up every reply, for the statistics.
    expect(tk.totals(0).chargedUs).toBe(99_001);
  });

  it('cpu mode charges each reply its CPU time against the deadline, whatever the wall clock says', () => {
    const { s, source } = fakeSource();
    const tk = keeper({ source, mode: 'cpu', control: perMove, startupAllowanceUs: 0 });
    tk.start(0);
    s.wall = 80_000; // a busy machine: 80 ms passed...
    s.cpu[0] = 45_000; // ...of which the bot computed 45 ms
    expect(tk.isOverdue()).toBe(false);
    expect(tk.stop()).toEqual({
      wallUs: 80_000,
      cpuUs: 45_000,
      chargedUs: 45_000,
      late: false,
      startup: false,
    });
    tk.start(0);
    s.wall += 52_000;
    s.cpu[0] += 50_001;
    expect(tk.isOverdue()).toBe(true);
    expect(tk.stop()).toEqual({
      wallUs: 52_000,
      cpuUs: 50_001,
      chargedUs: 50_001,
      late: true,
      startup: false,
    });
    expect(tk.totals(0)).toEqual({ chargedUs: 95_001, wallUs: 132_000, cpuUs: 95_001 });
  });

  it('cpu mode waits until the deadline could be used up, then checks again; caps a sleeper by wall time', () => {
    const { s, source } = fakeSource();
    const tk = keeper({
      source,
      mode: 'cpu',
      control: perMove,
      startupAllowanceUs: 0,
      wallCapFactor: 3,
      wallSlackUs: 10_000,
    });
    tk.start(1);
    s.cpu[1] = 7; // right after the prompt the wait limit takes no /proc read: none used yet
    expect(tk.waitLimitUs()).toBe(50_000);
    s.wall = 50_000;
    s.cpu[1] = 20_000; // it slept most of the deadline
    expect(tk.isOverdue()).toBe(false);
    expect(tk.waitLimitUs()).toBe(30_000);
    s.wall = 160_000; // the wall cap: 3 × 50 ms + 10 ms
    expect(tk.isOverdue()).toBe(false);
    expect(tk.waitLimitUs()).toBe(0);
    s.wall = 160_001;
    expect(tk.isOverdue()).toBe(true);
    // A reply that arrives past the cap is late although its CPU time is within the deadline.
    expect(tk.stop()).toEqual({
      wallUs: 160_001,
      cpuUs: 20_000,
      chargedUs: 20_000,
      late: true,
      startup: false,
    });
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
    // The stop says so, for the slowest reply held against the deadline leaves such a reply out.
    expect(tk.stop()).toMatchObject({ chargedUs: 700_000, late: false, startup: true });
    tk.start(1);
    expect(tk.waitLimitUs()).toBe(50_000);
    s.wall += 60_000;
    expect(tk.stop()).toMatchObject({ late: true, startup: false });
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
