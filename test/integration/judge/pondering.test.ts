import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameModule } from '../../../shared/games/registry.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { playMatch, type Launcher, type MatchBot } from '../../../electron/engine/play-match.ts';
import { replayRecord } from '../../../electron/engine/record/replay.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { buildBots, command6561, type JudgeBots } from '../../bench/judge/bots.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/bots/', import.meta.url));
const node = process.execPath;
const linux = process.platform === 'linux';
// The benchmark's C players: they wait for their prompt without using any CPU, unlike a runtime (Node's
// or Java's collector and compiler threads may work for a millisecond or more after a reply).
let bots: JudgeBots | null = null;
/** A C 6561 player burning `burnUs` of CPU per move. */
const player = (burnUs: number): string[] => command6561(bots as JudgeBots, burnUs, 1);
/** `ponder.js` playing through a C player. */
const ponderer = (): string[] => [node, join(FIXTURES, 'ponder.js'), '--after=1', '--', ...player(0)];

beforeAll(() => {
  if (linux) bots = buildBots();
});
afterAll(() => bots?.dispose());

/** What the channels saw of a game: each seat's SIGSTOPs, and whether a seat was stopped at each of its opponent's reads. */
interface Signals {
  readonly stops: number[];
  /** Per seat: for every read of the other seat's reply, whether this seat was stopped meanwhile. */
  readonly stoppedWhileOtherRead: boolean[][];
}

/** Plays 6561 in official timing between `commands`, watching the channels' suspend, resume and read. */
async function play(
  commands: readonly string[][],
  sandbox?: SandboxCapabilities,
): Promise<{ record: GameRecord } & Signals> {
  const stops = commands.map(() => 0);
  const stopped = commands.map(() => false);
  const stoppedWhileOtherRead: boolean[][] = commands.map(() => []);
  const real = processLauncher(sandbox ? { sandbox } : {});
  let next = 0;
  // The channel is the seam: every SIGSTOP of a seat is one suspend() call, every SIGCONT one resume().
  const launcher: Launcher = {
    async launch(bot, limits, cpus) {
      const seat = next++;
      const launched = await real.launch(bot, limits, cpus);
      const c = launched.channel;
      const [suspend, resume, read] = [c.suspend.bind(c), c.resume.bind(c), c.read.bind(c)];
      c.suspend = () => ((stops[seat] = (stops[seat] ?? 0) + 1), (stopped[seat] = true), suspend());
      c.resume = () => ((stopped[seat] = false), resume());
      c.read = (timeoutUs) => {
        stopped.forEach((s, other) => other !== seat && stoppedWhileOtherRead[other]?.push(s));
        return read(timeoutUs);
      };
      return launched;
    },
  };
  const seats: MatchBot[] = commands.map((command, i) => ({
    name: `seat-${i}`,
    command: [...command],
    paths: [(bots as JudgeBots).dir],
  }));
  const record = await playMatch(
    {
      game: gameModule('6561'),
      bots: seats,
      seed: 3,
      timing: 'official',
      graceMs: 300,
      // Without a cgroup the cap would be RLIMIT_DATA, which Node's worker threads cannot live with.
      limits: { memoryMiB: sandbox ? null : 1024, maxProcesses: 256, network: false },
    },
    launcher,
  );
  expect(replayRecord(record)).toMatchObject({ ok: true });
  expect(record.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
  return { record, stops, stoppedWhileOtherRead };
}

/** The machine's capabilities without cgroups: the bot's clock is its own process's. */
const processClock = (): SandboxCapabilities => ({
  ...sandboxCapabilities(),
  memoryCgroup: null,
  cgroupWhy: 'left out by the test',
});

const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe.runIf(linux)('official timing stops only a program that computes while the others think', () => {
  it('never signals quiet programs once they have replied, and says nothing of them in the record', async () => {
    const { record, stops } = await play([player(0), player(0)]);
    expect(record.moves.length).toBeGreaterThan(100);
    // At most the stop of a program that has not replied yet (starting up while the other thinks).
    expect(stops.every((n) => n <= 1)).toBe(true);
    expect(record.seats.every((s) => s.stoppedFromPly === undefined)).toBe(true);
  });

  it('never stops a program whose child waits quietly, where its cgroup counts the child', async () => {
    if (sandboxCapabilities().memoryCgroup === null) return;
    // A shell that starts the C player as its child and waits for it (no exec: something follows). Not a
    // Node relay: its collector may well work a millisecond after a reply, which counts as computing.
    const script = `'${player(0).join("' '")}'; exit 0`;
    const { record, stops } = await play([player(0), ['/bin/sh', '-c', script]]);
    expect(record.seats.map((s) => s.time.cpuSource)).toEqual(['cgroup', 'cgroup']);
    expect(record.seats[1]?.stoppedFromPly).toBeUndefined();
    expect(stops[1]).toBeLessThanOrEqual(1);
  });

  it('without a cgroup, stops a program that keeps a child process (not metered) from its first reply on', async () => {
    // ponder.js relays every line to a C player it started, and here never spins itself.
    const relay = [node, join(FIXTURES, 'ponder.js'), '--after=100000', '--', ...player(0)];
    const { record, stops, stoppedWhileOtherRead } = await play([player(0), relay], processClock());
    expect(record.seats.map((s) => s.time.cpuSource)).toEqual(['process', 'process']);
    expect(record.seats[0]?.stoppedFromPly).toBeUndefined();
    // Looked for in the reading after its first reply (ply 1), once the prompt of ply 2 is out.
    expect(record.seats[1]?.stoppedFromPly).toBe(2);
    expect((stoppedWhileOtherRead[1] ?? []).slice(1).every((s) => s)).toBe(true);
    expect(stops[1]).toBeGreaterThan(400);
  });

  it('catches a C program pondering in a thread of its own by the reading after its second move', async () => {
    // Its thread spins from its first reply (ply 1) on; its first move is not judged; the reading after
    // its second (ply 3), once the prompt of ply 4 is out, finds ~10 ms of CPU time outside its turn.
    const { record, stops, stoppedWhileOtherRead } = await play([
      player(10_000),
      command6561(bots as JudgeBots, 0, 1, 'ponder'),
    ]);
    expect(record.seats[0]?.stoppedFromPly).toBeUndefined();
    expect(record.seats[1]?.stoppedFromPly).toBe(4);
    const during = stoppedWhileOtherRead[1] ?? [];
    expect(during.slice(1, 2).every((s) => !s)).toBe(true);
    expect(during.slice(2).every((s) => s)).toBe(true);
    expect(stops[1]).toBeGreaterThan(400);
  });

  it("catches a pondering program at its next turns and stops it during the other's turns from then on", async () => {
    // The other seat computes for 10 ms per move: a pondering thread running meanwhile would use as much.
    // Without a cgroup (the child check below is the process clock's).
    const { record, stops, stoppedWhileOtherRead } = await play([player(10_000), ponderer()], processClock());
    const caught = record.seats[1]?.stoppedFromPly ?? -1;
    expect(record.seats[0]?.stoppedFromPly).toBeUndefined();
    // Its spinning thread starts after its first reply (ply 1); the reading after its next move (ply 3),
    // once the prompt of ply 4 is out, would catch it. But ponder.js plays through a C player it keeps as a
    // child process, looked for in the reading after its first reply: it is stopped from ply 2.
    expect(caught).toBe(2);
    expect(stops[0]).toBeLessThanOrEqual(1);
    // From then on it is stopped during every turn of the other (about 500), and not before.
    const during = stoppedWhileOtherRead[1] ?? [];
    const from = caught / 2; // the other seat's reads: plies 0, 2, 4 …
    expect(during.slice(1, from).every((s) => !s)).toBe(true);
    expect(during.slice(from).every((s) => s)).toBe(true);
    expect(stops[1]).toBeGreaterThan(400);
    // Its CPU time per move then holds its own turn (both of its busy threads, for the turn's wall time,
    // and the moment until it is stopped again), not the other's 10 ms on top, and the other is charged
    // its own 10 ms and the judge's overhead (loose bounds: the machine may be busy with other tests).
    const own = record.moves.filter((m) => m.seat === 1 && m.ply > caught);
    expect(median(own.map((m) => (m.cpuUs ?? 0) - 2 * (m.wallUs ?? 0)))).toBeLessThan(5000);
    const theirs = record.moves.filter((m) => m.seat === 0 && m.ply > caught).map((m) => m.chargedUs ?? 0);
    expect(median(theirs)).toBeLessThan(30_000);
  });
});
