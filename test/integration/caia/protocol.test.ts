import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { awaitFirstError, formatFirstError } from '../../../electron/engine/caia/first-error.ts';
import { TAG_EMPTY_LINE, TAG_TIMEOUT } from '../../../electron/engine/caia/tags.ts';
import { loadPackageGame } from '../../../electron/engine/packages/admit.ts';
import {
  playPackageMatch,
  type PackageMatchRequest,
} from '../../../electron/engine/packages/play-package.ts';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/index.ts';
import { gameRecordSchema, type GameRecord } from '../../../electron/engine/record/schema.ts';
import { makeToyPackage, processesWith, toyPlayer, type ToyPackage } from '../../fixtures/caia/packages.ts';

// Every case of PROTOCOL.md §10 through real processes: the Toy referee (test/fixtures/caia/toy) reports
// what it received from Jury (`k=<tag>,t=<used>/<estimate>`), so each test sees the exact tag the
// referee was sent and the status Jury gave the player.

const launcher = processLauncher();
let made = 0;

/** Plays one game of a made Toy package; `players` are the Toy player's options, one list per player. */
async function play(
  pkg: ToyPackage,
  players: readonly (readonly string[])[],
  extra: Partial<PackageMatchRequest> = {},
): Promise<GameRecord> {
  // Each its own name: two packages of one name cannot be loaded side by side.
  made += 1;
  const loaded = await loadPackageGame(makeToyPackage({ name: `Toy ${made}`, ...pkg }));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const record = await playPackageMatch(
    {
      pkg: loaded.value.pkg,
      bots: players.map((options, i) => ({ name: `p${i + 1}`, command: toyPlayer(...options) })),
      seed: 1,
      timing: 'official',
      limits: DEFAULT_LIMITS,
      ...extra,
    },
    launcher,
  );
  return gameRecordSchema.parse(record);
}

/** Whether the record says its players gave way to the interface (ResourceLimits.yieldCpu). */
const givesWay = (record: GameRecord): boolean =>
  record.limits?.applied.some((a) => a.detail.startsWith('gives way to the interface')) === true;

/** What the referee said it received for player k, from its report message. */
function received(record: GameRecord, k: number): { tag: string; used: number; estimate: number } {
  if (record.end.kind !== 'referee-report') throw new Error(`no report: ${JSON.stringify(record.end)}`);
  const part = record.end.message.split(';').find((p) => p.startsWith(`${k}=`)) ?? '';
  const m = /^\d+=(.*),t=(\d+)\/(\d+)$/.exec(part);
  if (!m) throw new Error(`no part for player ${k} in ${record.end.message}`);
  return { tag: m[1] as string, used: Number(m[2]), estimate: Number(m[3]) };
}

const refereeFolders = (): string[] => {
  const root = join(tmpdir(), `jury-referees-${process.getuid?.() ?? 0}`);
  return existsSync(root) ? readdirSync(root).filter((n) => n.startsWith(`${process.pid}-`)) : [];
};

describe('the Caia host with real referee and player processes (PROTOCOL.md §10)', () => {
  it('plays a clean game: the report is the result, every player OK, the time answered', async () => {
    const r = await play({ players: 2, log: 'game.html' }, [['--reply=2'], ['--reply=5']]);
    expect(r.end).toMatchObject({ kind: 'referee-report' });
    expect(r.scores).toEqual([6, 15]);
    expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    expect(received(r, 1).tag).toBe('ok');
    expect(r.moves).toEqual([]);
    expect(r.lines.filter((l) => l.seat === 0).map((l) => l.text)).toEqual([
      'Start',
      '2',
      '2',
      '2',
      '3',
      '2',
      'Quit',
    ]);
    expect(r.caia?.log).toMatchObject({ file: 'game.html', kind: 'html', path: null });
    expect(r.caia?.referee.lines.slice(0, 3).map((l) => l.text)).toEqual(['I lock', 'lock_ok', '1 Start']);
    expect(r.caia?.lockedAtEnd).toBe(false);
    expect(refereeFolders()).toEqual([]);
    expect(givesWay(r)).toBe(false); // official timing: every moment a player waits is charged to it
  });

  it('in cpu timing its players give way to the interface, as a built-in game’s do', async () => {
    const r = await play({ players: 2 }, [['--reply=2'], ['--reply=5']], { timing: 'cpu' });
    expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    expect(givesWay(r)).toBe(true);
  });

  it('a slow player times out with the time factor, sticky, and the time answer is divided by it', async () => {
    // 1000 ms × factor 2 = 2000 ms; 400 ms a reply runs out in the fifth or sixth round.
    const r = await play(
      { players: 2, budgetMs: 1000, cpuSpeed: 2, rounds: 8, referee: ['--keep-listening'] },
      [['--ms=400'], []],
    );
    const p1 = received(r, 1);
    expect(p1.tag).toBe(TAG_TIMEOUT);
    expect(p1.used).toBeGreaterThanOrEqual(2000);
    expect(p1.estimate).toBe(Math.trunc(p1.used / 2));
    expect(r.seats[0]).toMatchObject({ status: 'TIMEOUT', failure: { kind: 'timeout' }, score: 0 });
    expect(r.caia?.firstTags[0]?.tag).toBe(TAG_TIMEOUT);
    expect(r.caia?.tags[0]).toBeGreaterThan(1); // listened to again: the same tag at once
    expect(r.caia?.timeFactor).toBe(2);
    expect(r.caia?.limitUs).toBe(2_000_000);
    expect(received(r, 2).tag).toBe('ok');
    expect(r.seats[1]?.status).toBe('OK');
  });

  it('a player that died before the listen is reported crashed with the signal’s name', async () => {
    const r = await play({ players: 2, referee: ['--delay-first-ms=1500'] }, [['--crash-start'], []]);
    expect(received(r, 1).tag).toBe('<caiaio:_player_crashed:_Aborted>');
    expect(r.seats[0]).toMatchObject({
      status: 'CRASH',
      failure: { kind: 'crash' },
      exit: { signal: 'SIGABRT' },
    });
    expect(r.seats[1]?.status).toBe('OK');
  });

  it('a player that crashes or exits during the listen, or sends an empty line, gets the \\n tag', async () => {
    const r = await play({ players: 4 }, [['--crash-at=2'], ['--exit-at=2'], ['--empty-at=2'], []]);
    expect([1, 2, 3, 4].map((k) => received(r, k).tag)).toEqual([
      TAG_EMPTY_LINE,
      TAG_EMPTY_LINE,
      TAG_EMPTY_LINE,
      'ok',
    ]);
    expect(r.seats.map((s) => s.status)).toEqual(['CRASH', 'EXIT', 'ILLEGAL', 'OK']);
    expect(r.seats[2]?.failure).toMatchObject({ kind: 'protocol', code: 'empty-line' });
    expect(r.scores).toEqual([0, 0, 0, 3]);
  });

  it('a referee that holds the lock across every move plays as under caiaio', async () => {
    const r = await play({ players: 2, referee: ['--hold-lock'] }, [[], ['--reply=3']]);
    expect(r.scores).toEqual([3, 9]);
    const texts = r.caia?.referee.lines.map((l) => l.text) ?? [];
    expect(texts.filter((t) => t === 'I lock')).toHaveLength(1);
    expect(texts.slice(0, 3)).toEqual(['I lock', 'lock_ok', '1 Start']);
    expect(r.caia?.lockedAtEnd).toBe(false);
  });
});

describe('a referee that fails ends the game with a clear status, and nothing survives', () => {
  const marker = (): string => `--marker=jury-caia-${process.pid}-${Math.random().toString(36).slice(2)}`;

  it('a referee that never reports is stopped by the watchdog', async () => {
    const m = marker();
    const r = await play({ players: 2, referee: ['--never-report', m] }, [[m], [m]], { idleMs: 1000 });
    expect(r.end).toMatchObject({
      kind: 'referee-failed',
      cause: 'watchdog',
      reason: expect.stringMatching(/^the referee sent nothing for too long and was stopped after \d+\.\d s/),
    });
    expect(r.scores).toEqual([0, 0]);
    expect(processesWith(m.slice('--marker='.length))).toEqual([]);
    expect(refereeFolders()).toEqual([]);
  });

  it('a referee that crashes before its report, or breaks the protocol, ends the game so', async () => {
    const m = marker();
    const crashed = await play({ players: 2, referee: ['--crash-after=1', m] }, [[m], [m]]);
    expect(crashed.end).toEqual({
      kind: 'referee-failed',
      cause: 'exited',
      reason: 'the referee was killed by SIGABRT before it reported a result',
    });
    expect(crashed.caia?.referee.exit).toMatchObject({ signal: 'SIGABRT' });
    expect(processesWith(m.slice('--marker='.length))).toEqual([]);
    const broke = await play({ players: 2, referee: ['--bad-command'] }, [[], []]);
    expect(broke.end).toMatchObject({
      kind: 'referee-failed',
      cause: 'protocol',
      reason: expect.stringContaining('"I kill 1", a manager\'s command'),
    });
    const badReport = await play({ players: 2, referee: ['--bad-report'] }, [[], []]);
    expect(badReport.end).toMatchObject({ kind: 'referee-failed', cause: 'bad-report' });
    expect(refereeFolders()).toEqual([]);
  });
});

describe('firsterror with real players (caiaio’s `I start k <ms>`)', () => {
  async function firstError(options: readonly string[]): Promise<string> {
    const { channel } = await launcher.launch({ name: 'p', command: toyPlayer(...options) }, DEFAULT_LIMITS);
    try {
      return formatFirstError(await awaitFirstError(channel, 1500));
    } finally {
      await channel.shutdown(0);
    }
  }

  it('reads the first line of standard error, pads it, or says there is none', async () => {
    expect(await firstError(['--stderr=R random player'])).toBe('firsterror R random player');
    expect(await firstError(['--stderr=D'])).toBe(`firsterror D ${TAG_EMPTY_LINE}`);
    expect(await firstError([])).toBe('no_firsterror');
    expect(await firstError(['--kill-start'])).toBe(`firsterror ${TAG_EMPTY_LINE} ${TAG_EMPTY_LINE}`);
  });
});
