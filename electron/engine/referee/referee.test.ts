import { describe, expect, it } from 'vitest';
import { gameModule, games } from '../../../shared/games/registry.ts';
import type { AnyGameModule, GameId, TimeControl } from '../../../shared/games/types.ts';
import { replayRecord } from '../record/replay.ts';
import type { GameRecord } from '../record/schema.ts';
import {
  MemoryChannel,
  MemoryOracle,
  playsWell,
  type MemoryStrategy,
} from '../../../test/helpers/memory-channel.ts';
import { playGame, type RefereeEvent } from './referee.ts';
import type { TimingMode } from '../timing/time-keeper.ts';

interface Table {
  readonly record: GameRecord;
  readonly channels: readonly MemoryChannel[];
  /** Every write, in order: the seat and its lines. */
  readonly writes: readonly { readonly seat: number; readonly lines: readonly string[] }[];
  /** Per seat: how often it was stopped (suspend) and let run again (resume). */
  readonly signals: readonly { suspend: number; resume: number }[];
}

/** Plays one game of in-memory players; `strategies[seat]` replaces the good player of that seat. */
async function play(
  id: GameId,
  seed: number,
  strategies: Partial<Record<number, MemoryStrategy>> = {},
  extra: {
    timing?: TimingMode;
    control?: TimeControl;
    /** Seats that compute while the others think: their made-up CPU clock also runs between their turns. */
    ponderers?: readonly number[];
    /** Called whenever a player is asked to move, with the ply and every channel. */
    onAsked?: (seat: number, ply: number, channels: readonly MemoryChannel[]) => void;
    onEvent?: (event: RefereeEvent, writes: Table['writes']) => void;
    /** Each channel's start-up wait (PlayerChannel.waitingForInput), given the writes so far. */
    waiting?: (seat: number, writes: Table['writes']) => Promise<void>;
    /** Per-move games: the start-up allowance (default 0 here). */
    startupAllowanceMs?: number;
    /** Made-up CPU time every seat uses for its first reply on top of the usual 1 ms (starting up). */
    startupCpuUs?: number;
  } = {},
): Promise<Table> {
  const game: AnyGameModule = gameModule(id);
  const oracle = new MemoryOracle(game, seed);
  const channels: MemoryChannel[] = [];
  const writes: { seat: number; lines: string[] }[] = [];
  const signals = Array.from({ length: game.info.seats }, () => ({ suspend: 0, resume: 0 }));
  for (let seat = 0; seat < game.info.seats; seat++) {
    const own = strategies[seat] ?? playsWell(game, seed);
    const strategy: MemoryStrategy = (view) => {
      extra.onAsked?.(seat, view.ply, channels);
      return own(view);
    };
    const channel = new MemoryChannel(seat, oracle, strategy);
    const { waiting } = extra;
    if (waiting) Object.assign(channel, { waitingForInput: () => waiting(seat, writes) });
    const send = channel.send.bind(channel);
    channel.send = (lines) => {
      writes.push({ seat, lines: [...lines] });
      send(lines);
    };
    // A made-up CPU clock, for the record's times: 1 ms per reply waited for, from 1 ms (a process has
    // used some by the time it is found: 0 reads as not found). A ponderer's also runs while the others
    // think, 5 ms per line it is sent (lines come when the others move).
    let reads = 1;
    const read = channel.read.bind(channel);
    channel.read = (timeoutUs) => {
      reads += 1;
      return read(timeoutUs);
    };
    const ponders = extra.ponderers?.includes(seat) === true;
    const startup = extra.startupCpuUs ?? 0;
    channel.cpuUs = () =>
      1000 * reads + (ponders ? 5000 * channel.received.length : 0) + (reads >= 2 ? startup : 0);
    const suspend = channel.suspend.bind(channel);
    const resume = channel.resume.bind(channel);
    const count = signals[seat] as { suspend: number; resume: number };
    channel.suspend = () => (count.suspend++, suspend());
    channel.resume = () => (count.resume++, resume());
    channels.push(channel);
  }
  const record = await playGame(
    channels.map((channel, seat) => ({ channel, name: `p${seat}`, command: null, executableHash: null })),
    {
      game,
      seed,
      timing: extra.timing ?? 'official',
      onEvent: (event) => {
        oracle.onEvent(event);
        extra.onEvent?.(event, writes);
      },
      graceMs: 0,
      startupAllowanceMs: extra.startupAllowanceMs ?? 0,
      ...(extra.control ? { control: extra.control } : {}),
    },
  );
  return { record, channels, writes, signals };
}

const ids: readonly GameId[] = ['less', 'more', '6561', 'flit'];

describe('the referee with well-behaved players', () => {
  for (const id of ids) {
    it(`plays a whole game of ${id} that replays to the same result`, async () => {
      // A program that has not replied yet (it may be starting up) is stopped while another thinks.
      const replied = new Set<number>();
      const onAsked = (seat: number, _ply: number, cs: readonly MemoryChannel[]): void => {
        const waiting = cs.filter((c, i) => i !== seat && !c.exited && !replied.has(i));
        expect(waiting.every((c) => c.suspended)).toBe(true);
        replied.add(seat);
      };
      const { record, channels, signals } = await play(id, 11, {}, { onAsked });
      expect(record.seats.every((s) => s.status === 'OK' && s.failure === null)).toBe(true);
      expect(record.moves.length).toBeGreaterThan(3);
      expect(record.moves.every((m) => m.by === 'bot')).toBe(true);
      expect(replayRecord(record)).toMatchObject({ ok: true, scores: record.scores, end: record.end });
      // What each player was sent is exactly what the record says it was sent.
      channels.forEach((c, seat) =>
        expect(c.received).toEqual(
          record.lines.filter((l) => l.seat === seat && l.dir === 'in').map((l) => l.text),
        ),
      );
      expect(channels.every((c) => !c.readIfSuspended && c.shutdowns >= 1)).toBe(true);
      expect(record.seats.every((s) => s.time.moves > 0 && s.time.wallUs >= s.time.maxChargedUs)).toBe(true);
      // Quiet programs are signalled at most once each way (while starting up), and the record says nothing.
      expect(signals.every((s) => s.suspend <= 1 && s.resume <= 1)).toBe(true);
      expect(record.seats.every((s) => !('stoppedFromPly' in s))).toBe(true);
    });
  }

  it('never signals a program in cpu timing', async () => {
    const { signals } = await play('flit', 5, {}, { timing: 'cpu' });
    expect(signals).toEqual(signals.map(() => ({ suspend: 0, resume: 0 })));
  });

  it('waits for every program to start up before it writes the first line', async () => {
    const writtenWhenReady: number[] = [];
    const { record } = await play(
      'flit',
      5,
      {},
      {
        waiting: (seat, writes) =>
          new Promise((resolve) =>
            setTimeout(
              () => {
                writtenWhenReady.push(writes.length);
                resolve();
              },
              10 * (4 - seat),
            ),
          ),
      },
    );
    expect(writtenWhenReady).toEqual([0, 0, 0, 0]);
    expect(record.moves.length).toBeGreaterThan(0);
  });

  it('sends Quit as the last line to every player of a two-player game', async () => {
    const { channels } = await play('more', 3);
    expect(channels.map((c) => c.received.at(-1))).toEqual(['Quit', 'Quit']);
    expect(channels[0]?.received.slice(0, 2)).toEqual([expect.stringMatching(/^[012]{60}$/), 'Start']);
  });
});

/** Flit: real moves for the first 40 turns, then passes (the takeover's passes would end it at once). */
const movesForForty: MemoryStrategy = ({ state, ply }) => {
  if (ply >= 40) return { line: '0 0 0 0' };
  const moves = games.flit.legalMoves(state).map((m) => games.flit.formatMove(m));
  const real = moves.filter((line) => {
    const [a, b, c, d] = line.split(' ');
    return a !== c || b !== d;
  });
  return { line: real[ply % real.length] ?? moves[0] ?? '0 0 0 0' };
};

describe('the referee on its hot path', () => {
  it("holds the others' lines for their own prompt: one write per turn after the opening (Flit: updates to all four)", async () => {
    const { record, writes, channels } = await play(
      'flit',
      5,
      [0, 1, 2, 3].map(() => movesForForty),
    );
    const prompts = writes.flatMap((w, i) => (w.lines.at(-1) === 'M' ? [i] : []));
    expect(prompts.length).toBeGreaterThan(10);
    // The opening: every seat's opening lines, written at the first turn (the first prompt, then the others).
    expect(prompts[0]).toBe(0);
    expect(prompts[1]).toBe(4);
    for (let k = 2; k < prompts.length; k++) {
      // After the opening nothing is written between two prompts: each seat's updates come with its own.
      expect((prompts[k] as number) - (prompts[k - 1] as number)).toBe(1);
      // A prompt holds the updates of the moves since the seat's last turn (two lines a moving turn).
      expect((writes[prompts[k] as number]?.lines.length ?? 0) >= 1).toBe(true);
    }
    // After the last prompt: the held updates, at most one write per seat, none with M.
    const tail = writes.slice((prompts.at(-1) as number) + 1);
    expect(new Set(tail.map((w) => w.seat)).size).toBe(tail.length);
    expect(tail.every((w) => !w.lines.includes('M'))).toBe(true);
    // Every seat read exactly the lines the transcript gives it, in that order.
    record.seats.forEach((_, seat) => {
      const transcript = record.lines.filter((l) => l.dir === 'in' && l.seat === seat).map((l) => l.text);
      expect(channels[seat]?.received).toEqual(transcript);
    });
    // The transcript keeps the protocol's order: each turn's lines to the others before the prompted's.
    let turn: { seat: number }[] = [];
    const check = (): void => {
      const actor = turn.at(-1)?.seat;
      const first = turn.findIndex((l) => l.seat === actor);
      expect(turn.slice(first).every((l) => l.seat === actor)).toBe(true);
      turn = [];
    };
    for (const l of record.lines) {
      if (l.dir === 'out') check();
      else turn.push(l);
    }
    expect(replayRecord(record)).toMatchObject({ ok: true });
  });

  it('tells its listeners of a move only once the next prompt is out', async () => {
    const heard: { ply: number; line: string; lastWrite: readonly string[] | undefined }[] = [];
    const { record } = await play(
      '6561',
      6,
      {},
      {
        onEvent: (e, writes) => {
          if (e.kind === 'move') heard.push({ ply: e.ply, line: e.line, lastWrite: writes.at(-1)?.lines });
        },
      },
    );
    expect(heard.map((h) => h.ply)).toEqual(record.moves.map((m) => m.ply));
    // 6561's prompt is the opponent's move: it was written before the move was announced.
    for (const h of heard.slice(0, -1)) expect(h.lastWrite).toEqual([h.line]);
  });

  it('records the CPU time of every reply in official mode, though it reads it after the next prompt', async () => {
    const { record } = await play('6561', 4);
    const bot = record.moves.filter((m) => m.by === 'bot');
    // The made-up clock advances by 1000 per reply waited for.
    expect(bot.length).toBeGreaterThan(100);
    expect(bot.slice(2).every((m) => m.cpuUs === 1000)).toBe(true);
    for (const [seat, s] of record.seats.entries()) {
      const own = bot.filter((m) => m.seat === seat);
      expect(s.time.cpuUs).toBe(own.reduce((sum, m) => sum + (m.cpuUs ?? 0), 0));
    }
  });
});

describe('the referee with a program that computes while the others think (official timing)', () => {
  // Seed 4: a Flit game of more than one round (in memory, many are over after four moves).
  for (const id of ['6561', 'flit'] as const) {
    it(`catches it by its second move (its first is not judged) and stops it during the others' turns from then on (${id})`, async () => {
      const ponderer = 1;
      const asked: { seat: number; ply: number; stopped: boolean[] }[] = [];
      const { record, signals } = await play(
        id,
        4,
        {},
        {
          ponderers: [ponderer],
          onAsked: (seat, ply, cs) => asked.push({ seat, ply, stopped: cs.map((c) => c.suspended) }),
        },
      );
      const own = asked.filter((a) => a.seat === ponderer).map((a) => a.ply);
      // Its first move may hold the end of a program's start-up: the first one judged is its second, read
      // once the next prompt (the ply after it, another seat's) is out; it is stopped from that ply.
      const judged = (own[1] as number) + 1;
      const caughtAt = record.seats[ponderer]?.stoppedFromPly;
      expect(caughtAt).toBe(judged);
      // Before it was caught (after its first reply) it ran during the others' turns; from then on it was
      // stopped during every other seat's turn, and never during its own.
      const others = asked.filter((a) => a.seat !== ponderer);
      const between = others.filter((a) => a.ply > (own[0] as number) && a.ply < judged);
      expect(between.length).toBeGreaterThan(0);
      expect(between.every((a) => a.stopped[ponderer] === false)).toBe(true);
      const after = others.filter((a) => a.ply >= judged);
      expect(after.length).toBeGreaterThan(2);
      expect(after.every((a) => a.stopped[ponderer] === true)).toBe(true);
      expect(asked.filter((a) => a.seat === ponderer).every((a) => a.stopped[ponderer] === false)).toBe(true);
      // The quiet seats are not marked, and each was stopped at most once (before its first reply).
      record.seats.forEach((s, seat) => {
        if (seat === ponderer) return;
        expect(s.stoppedFromPly).toBeUndefined();
        expect(signals[seat]?.suspend).toBeLessThanOrEqual(1);
      });
      expect(replayRecord(record)).toMatchObject({ ok: true, scores: record.scores });
    });
  }
});

describe('the referee with failing players', () => {
  const illegalAt =
    (ply: number, game: AnyGameModule, line: string): MemoryStrategy =>
    (view) =>
      view.ply >= ply ? { line } : playsWell(game, 5)(view);

  it('hands an illegal mover to the takeover player, scores it 0 and lets the other score', async () => {
    const { record, channels } = await play('more', 5, { 1: illegalAt(3, games.more, 'a1a6') });
    const black = record.seats[1]!;
    expect(black.status).toBe('ILLEGAL');
    expect(black.failure).toMatchObject({ kind: 'illegal', ply: 3, line: 'a1a6' });
    expect(black.takeover).toMatchObject({ fromPly: 3 });
    expect(black.score).toBe(0);
    expect(record.seats[0]!.status).toBe('OK');
    expect(record.moves.filter((m) => m.seat === 1 && m.ply > 3).every((m) => m.by === 'takeover')).toBe(
      true,
    );
    expect(channels[1]!.shutdowns).toBeGreaterThan(0);
    expect(replayRecord(record)).toMatchObject({ ok: true });
    // Nothing is written to a failed program after it failed.
    expect(channels[1]!.received).not.toContain('Quit');
  });

  it('tells unreadable replies, empty lines and framing errors apart', async () => {
    const unreadable = await play('6561', 1, { 0: illegalAt(2, games['6561'], 'hello') });
    expect(unreadable.record.seats[0]?.failure).toMatchObject({ kind: 'unreadable', line: 'hello' });
    expect(unreadable.record.seats[0]?.status).toBe('ILLEGAL');
    const empty = await play('6561', 1, { 1: illegalAt(1, games['6561'], '') });
    expect(empty.record.seats[1]?.failure).toMatchObject({ kind: 'protocol', code: 'empty-line' });
    const long = await play('6561', 1, { 1: () => ({ badLine: 'too-long' }) });
    expect(long.record.seats[1]?.failure).toMatchObject({ kind: 'protocol', code: 'too-long', ply: 1 });
    // 6561 is cooperative: the failed seat scores 0, the other keeps the shared score.
    expect(long.record.seats[1]?.score).toBe(0);
    expect(long.record.seats[0]?.score).toBeGreaterThan(0);
  });

  it('calls a silent program TIMEOUT when its budget runs out, noting output without a newline', async () => {
    // The budget binds both seats, and the good player's planning runs on its clock: leave it room on a busy machine.
    const control = { kind: 'game-total', budgetMs: 1500 } as const;
    const { record } = await play('more', 2, { 0: () => ({ silent: true }) }, { control });
    expect(record.seats[0]).toMatchObject({
      status: 'TIMEOUT',
      score: 0,
      failure: { kind: 'timeout', ply: 0 },
    });
    const failure = record.seats[0]!.failure as { usedUs: number };
    expect(failure.usedUs).toBeGreaterThanOrEqual(1_500_000);
    expect(record.seats[1]?.status).toBe('OK');
  });

  it('tells a crash from an early exit, in cpu mode too', async () => {
    const crash = await play(
      'more',
      4,
      {
        1: (v) =>
          v.ply >= 5
            ? { close: { code: null, signal: 'SIGSEGV' }, pending: 'a1' }
            : playsWell(games.more, 4)(v),
      },
      { timing: 'cpu' },
    );
    expect(crash.record.seats[1]).toMatchObject({
      status: 'CRASH',
      failure: { kind: 'crash', ply: 5, pending: 'a1' },
    });
    const exit = await play('more', 4, { 0: () => ({ close: { code: 0, signal: null } }) });
    expect(exit.record.seats[0]).toMatchObject({ status: 'EXIT', failure: { kind: 'exit', ply: 0 } });
    expect(replayRecord(exit.record)).toMatchObject({ ok: true });
  });

  it('keeps a four-player game going when one seat fails, and scores the partner normally', async () => {
    const { record } = await play('less', 9, { 2: illegalAt(6, games.less, 'a1a2') });
    expect(record.seats[2]).toMatchObject({ status: 'ILLEGAL', score: 0 });
    expect(record.seats[0]?.score).toBe(record.scores[0]);
    expect(record.scores[0]! + record.scores[1]!).toBe(20);
    expect(replayRecord(record)).toMatchObject({ ok: true });
  });
});

describe('the referee in a per-move game (Flit)', () => {
  const movesAlways = movesForForty;

  it('counts late replies as missed turns and freezes after five, without a failure status', async () => {
    const { record, channels } = await play('flit', 8, {
      0: movesAlways,
      1: movesAlways,
      2: () => ({ silent: true }),
      3: movesAlways,
    });
    const seat = record.seats[2]!;
    expect(seat.status).toBe('OK');
    expect(seat.missed).toEqual({ timeout: 5, invalid: 0, gone: 0 });
    // Frozen: after five prompts it is never asked to move again.
    expect(channels[2]!.received.filter((l) => l === 'M')).toHaveLength(5);
    expect(replayRecord(record)).toMatchObject({ ok: true });
  });

  it('drops the late reply a timed-out bot writes after its next prompt, instead of taking it as the answer', async () => {
    let prompts = 0;
    const lateThenGood: MemoryStrategy = () => {
      prompts += 1;
      if (prompts === 1) return { silent: true };
      // What a bot stopped mid-think writes once resumed: first its stale reply, then this turn's answer.
      return prompts === 2 ? { lines: ['99 99 0 0', '0 0 0 0'] } : { line: '0 0 0 0' };
    };
    const { record } = await play('flit', 8, {
      0: movesAlways,
      1: lateThenGood,
      2: movesAlways,
      3: movesAlways,
    });
    expect(record.seats[1]!.missed).toEqual({ timeout: 1, invalid: 0, gone: 0 });
    expect(record.moves.find((m) => m.seat === 1 && m.by === 'bot')?.line).toBe('0 0 0 0');
  });

  it('leaves the first reply, allowed the start-up allowance, out of the slowest reply held against the deadline', async () => {
    // Flit's deadline is 50 ms; each program's first reply takes 120 ms of CPU time (a JVM starting up),
    // within its start-up allowance, and every later one 1 ms. Nobody timed out.
    const all = [0, 1, 2, 3].map(() => movesAlways);
    const { record } = await play('flit', 8, all, {
      timing: 'cpu',
      startupAllowanceMs: 2000,
      startupCpuUs: 120_000,
    });
    expect(record.seats.every((s) => s.time.moves > 5)).toBe(true);
    expect(record.seats.map((s) => s.missed.timeout)).toEqual([0, 0, 0, 0]);
    // The first reply is in the record and in the totals ...
    expect(record.seats.every((s) => s.time.chargedUs >= 120_000)).toBe(true);
    const firsts = [0, 1, 2, 3].map((seat) => record.moves.find((m) => m.seat === seat)?.chargedUs);
    expect(firsts).toEqual([121_000, 121_000, 121_000, 121_000]);
    // ... but the slowest reply is that of the moves the 50 ms deadline alone applied to.
    expect(record.seats.map((s) => s.time.maxChargedUs)).toEqual([1000, 1000, 1000, 1000]);
  });

  it('counts invalid replies as missed turns and a vanished bot as gone', async () => {
    const { record } = await play('flit', 8, {
      1: () => ({ line: '99 99 0 0' }),
      3: () => ({ close: { code: 3, signal: null } }),
    });
    expect(record.seats[1]!.missed.invalid).toBeGreaterThan(0);
    expect(record.seats[1]!.status).toBe('OK');
    expect(record.seats[3]).toMatchObject({ status: 'CRASH', missed: { gone: 1 } });
    expect(replayRecord(record)).toMatchObject({ ok: true });
  });
});
