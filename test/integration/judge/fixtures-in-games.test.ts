import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameModule } from '../../../shared/games/registry.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { STDERR_FULL_BYTES } from '../../../electron/engine/process/index.ts';
import { samplesOf, type SampleBot } from '../../../electron/engine/bots/samples/index.ts';
import { sampleLaunch } from '../../../electron/engine/bots/samples/launch.ts';
import { playMatch, type MatchBot } from '../../../electron/engine/play-match.ts';
import { replayRecord } from '../../../electron/engine/record/replay.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/bots/', import.meta.url));
const node = process.execPath;
// The greedy samples, except in Flit where four greedy bots all pass at once and end the game in four
// turns: there the random sample keeps the game going.
const sampleBot = (game: GameId): SampleBot => samplesOf(game)[game === 'flit' ? 0 : 1]!;
const sample = (game: GameId): string[] => sampleLaunch(sampleBot(game)).command;
/** What the samples read in their sandbox (a fixture that relays one needs the same). */
const samplePaths = (game: GameId): string[] => sampleLaunch(sampleBot(game)).paths;
/** A fixture bot; with `relay`, it plays the game's greedy sample until it misbehaves. */
const fixture = (game: GameId, name: string, args: string[] = [], relay = true): string[] => [
  node,
  join(FIXTURES, name),
  ...args,
  ...(relay ? ['--', ...sample(game)] : []),
];
let noFlush = '';

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'jury-noflush-'));
  chmodSync(dir, 0o755); // a root Jury's bots run as another uid: they must be able to enter it
  noFlush = join(dir, 'no-flush');
  execFileSync('cc', ['-O2', '-o', noFlush, join(FIXTURES, 'no-flush.c')]);
});

/**
 * Plays `game` with the greedy sample in every seat but `seat`, which runs `command`. A `budgetMs` binds
 * every seat, so the timeout tests leave the samples ample room on a loaded machine (3 s).
 */
async function playWith(
  game: GameId,
  seat: number,
  command: string[],
  budgetMs?: number,
  timing: 'official' | 'cpu' = 'official',
): Promise<GameRecord> {
  const info = gameModule(game).info;
  const bots: MatchBot[] = Array.from({ length: info.seats }, (_, i) => ({
    name: i === seat ? 'fixture' : `sample-${i}`,
    command: i === seat ? command : sample(game),
    paths: samplePaths(game),
  }));
  const tc = info.timeControl;
  const control =
    budgetMs === undefined
      ? undefined
      : tc.kind === 'game-total'
        ? { kind: 'game-total' as const, budgetMs }
        : { ...tc, deadlineMs: budgetMs };
  const record = await playMatch(
    {
      game: gameModule(game),
      bots,
      seed: 5,
      timing,
      graceMs: 300,
      limits: { memoryMiB: 1024, maxProcesses: 256, network: false },
      ...(control ? { control } : {}),
    },
    processLauncher(),
  );
  // Whatever the fixture did, the game completed and replays, and the others played normally.
  expect(replayRecord(record)).toMatchObject({ ok: true });
  record.seats.forEach((s, i) => {
    if (i !== seat) expect(s.status).toBe('OK');
  });
  return record;
}

/** Pids of live processes whose command line mentions `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('misbehaving bots in real games: the right status, the game goes on, nothing survives', () => {
  it('a bot that crashes at start: CRASH, and the judge plays its seat', async () => {
    const r = await playWith('more', 1, fixture('more', 'crash-start.js', ['--code=3'], false));
    expect(r.seats[1]).toMatchObject({
      status: 'CRASH',
      score: 0,
      failure: { kind: 'crash', ply: 1, exit: { code: 3 } },
    });
    expect(r.seats[1]?.takeover?.fromPly).toBe(1);
    expect(r.seats[1]?.stderr.shown).not.toBe('');
  });

  it('a bot that aborts mid-game: CRASH with SIGABRT', async () => {
    const r = await playWith('6561', 0, fixture('6561', 'crash-mid.js', ['--after=4', '--abort']));
    expect(r.seats[0]).toMatchObject({
      status: 'CRASH',
      failure: { kind: 'crash', exit: { signal: 'SIGABRT' } },
    });
    expect(r.seats[0]?.failure?.ply).toBe(8);
    expect(r.seats[1]?.score).toBeGreaterThan(0);
  });

  it('a bot that hangs in a four-player game: TIMEOUT, its partner keeps the team score', async () => {
    const r = await playWith('less', 2, fixture('less', 'hang.js', ['--after=2']), 3000);
    expect(r.seats[2]).toMatchObject({
      status: 'TIMEOUT',
      score: 0,
      failure: { kind: 'timeout', pending: '' },
    });
    expect((r.seats[2]?.failure as { usedUs: number }).usedUs).toBeGreaterThan(2_900_000);
    expect(r.seats[0]?.score).toBe(r.scores[0]);
    expect(r.scores[0]! + r.scores[1]!).toBe(20);
  });

  it('a reply without a newline: TIMEOUT, and the record says it probably forgot to flush', async () => {
    const r = await playWith('6561', 1, fixture('6561', 'no-newline.js', ['--after=1']), 3000);
    expect(r.seats[1]).toMatchObject({
      status: 'TIMEOUT',
      failure: { kind: 'timeout', pending: expect.stringMatching(/./) },
    });
  });

  it('a C bot that never flushes: TIMEOUT', async () => {
    const r = await playWith('more', 0, [noFlush, '--reply=e5d5'], 3000);
    expect(r.seats[0]).toMatchObject({ status: 'TIMEOUT', failure: { kind: 'timeout', ply: 0 } });
  });

  it('a bot that floods stderr plays normally; its stderr is capped and marked truncated', async () => {
    const r = await playWith('more', 1, fixture('more', 'stderr-flood.js', ['--mib=8']));
    expect(r.seats[1]?.status).toBe('OK');
    expect(r.seats[1]?.stderr).toMatchObject({ truncated: true });
    expect(r.seats[1]?.stderr.shown.length).toBe(10_000);
    expect(r.seats[1]?.stderr.bytes).toBeGreaterThan(STDERR_FULL_BYTES);
    expect(r.seats[1]?.stderr.full.length).toBeLessThanOrEqual(STDERR_FULL_BYTES + 100);
  });

  it('garbage bytes and an over-long line: ILLEGAL protocol errors', async () => {
    const garbage = await playWith('more', 1, fixture('more', 'garbage.js', ['--after=2']));
    expect(garbage.seats[1]).toMatchObject({
      status: 'ILLEGAL',
      failure: { kind: 'protocol', code: 'undecodable', ply: 5 },
    });
    const long = await playWith('more', 0, fixture('more', 'long-line.js', ['--after=1']));
    expect(long.seats[0]).toMatchObject({
      status: 'ILLEGAL',
      failure: { kind: 'protocol', code: 'too-long', ply: 2 },
    });
  });

  it('late replies in Flit are missed turns; five in a row freeze the bot', async () => {
    // Late by 2 s, longer than five of its turns take: a shorter delay lets a late reply arrive just
    // after the next M, where the protocol cannot tell it from an answer (the text drains stale input
    // only before an M), which breaks the streak of timeouts.
    const r = await playWith('flit', 3, fixture('flit', 'late-reply.js', ['--after=2', '--ms=2000']));
    expect(r.seats[3]?.status).toBe('OK');
    expect(r.seats[3]?.missed.timeout).toBe(5);
    // A whole Flit game is 32,768 turns, each broadcast to four processes: allow it time on a busy machine.
  }, 60_000);

  it('a bot that never reads its input: TIMEOUT, no deadlock on a full pipe', async () => {
    const r = await playWith('more', 0, fixture('more', 'no-read.js', [], false), 3000);
    expect(r.seats[0]).toMatchObject({ status: 'TIMEOUT', failure: { kind: 'timeout', ply: 0 } });
  });

  it('a bot that closes stdout or exits early: EXIT', async () => {
    const closes = await playWith('more', 1, fixture('more', 'closes-stdout.js', ['--after=2']));
    expect(closes.seats[1]).toMatchObject({ status: 'EXIT', failure: { kind: 'exit', ply: 5 } });
    const exits = await playWith(
      '6561',
      0,
      fixture('6561', 'exits-early.js', ['--after=3']),
      undefined,
      'cpu',
    );
    expect(exits.seats[0]).toMatchObject({
      status: 'EXIT',
      failure: { kind: 'exit', ply: 6, exit: { code: 0 } },
    });
  });

  it('a bot that ignores Quit keeps its score but is killed after the grace period', async () => {
    const r = await playWith('more', 0, fixture('more', 'ignores-quit.js'));
    expect(r.seats[0]).toMatchObject({ status: 'OK', killedAfterEnd: true, exit: { signal: 'SIGKILL' } });
    expect(r.seats[1]?.killedAfterEnd).toBe(false);
  });

  it('a bot that leaves children and a daemon behind: nothing survives the game', async () => {
    const marker = `jury-leftover-${process.pid}-${Date.now()}`;
    const r = await playWith('less', 1, fixture('less', 'leaves-children.js', [`--marker=${marker}`]));
    expect(r.seats[1]?.status).toBe('OK');
    await new Promise((done) => setTimeout(done, 200));
    expect(processesWith(marker)).toEqual([]);
  });

  it('illegal moves and the wrong protocol: ILLEGAL with the reason', async () => {
    const illegal = await playWith('more', 0, fixture('more', 'fixed-reply.js', ['--reply=e5e3'], false));
    expect(illegal.seats[0]).toMatchObject({
      status: 'ILLEGAL',
      failure: { kind: 'illegal', line: 'e5e3', reason: expect.stringMatching(/./) },
    });
    const wrong = await playWith('more', 1, fixture('more', 'fixed-reply.js', ['--reply=U'], false));
    expect(wrong.seats[1]).toMatchObject({ status: 'ILLEGAL', failure: { kind: 'unreadable', line: 'U' } });
  });

  it('a bot that crashes in Flit is gone: its turns are missed, and the game goes on', async () => {
    const r = await playWith('flit', 0, fixture('flit', 'crash-start.js', [], false));
    expect(r.seats[0]).toMatchObject({ status: 'CRASH', missed: { gone: 1 } });
  });
});
