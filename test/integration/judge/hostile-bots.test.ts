import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { prepareBot } from '../../../electron/engine/bots/build.ts';
import { sampleBots } from '../../../electron/engine/bots/samples/index.ts';
import { sampleLaunch } from '../../../electron/engine/bots/samples/launch.ts';
import { playMatch, type MatchBot } from '../../../electron/engine/play-match.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/index.ts';
import { workdirRoot } from '../../../electron/engine/process/workdir.ts';
import { replayRecord } from '../../../electron/engine/record/replay.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { unprotected as withoutProtections } from '../../helpers/sandbox-caps.ts';

/**
 * Hostile contestants, each in a real game of More against the greedy sample (which it relays to stay
 * in the game). Every attack must be refused by the confinement, the game must finish for the other
 * seat, and nothing may survive. Each attack is also run once with the protection removed, and must
 * then succeed: that is what shows these tests would fail if the protection went away.
 */
const caps = sandboxCapabilities();
const FIXTURES = fileURLToPath(new URL('../../fixtures/bots/', import.meta.url));
const node = process.execPath;
const greedy = sampleBots.more[1]!;
const samplePaths = sampleLaunch(greedy).paths;
const sampleCommand = sampleLaunch(greedy).command;
const LIMITS = { memoryMiB: 1024, maxProcesses: 256, network: false };
/** The same machine without bubblewrap, cgroups, uids of its own or namespaces. */
const unprotected: SandboxCapabilities = withoutProtections(caps);
const tag = `jury-hostile-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
let dir = '';
let opponentDir = '';
let store = '';
let shmHog = '';
let forker = '';

/** A folder like any user's: a root Jury's bots (another uid) may enter it. */
function folder(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(d, 0o755);
  return d;
}

beforeAll(() => {
  dir = folder('jury-hostile-');
  // The opponent: a contestant in a folder of its own, with a program and a secret data file.
  opponentDir = folder('jury-opponent-');
  copyFileSync(join(FIXTURES, '_lib.js'), join(opponentDir, '_lib.js'));
  copyFileSync(join(FIXTURES, 'exits-early.js'), join(opponentDir, 'bot.js'));
  writeFileSync(join(opponentDir, 'secret.txt'), 'the opening book\n');
  store = join(folder('jury-store-'), 'club.sqlite');
  writeFileSync(store, 'SQLite format 3\0 pretend tournament store');
  const cc = (name: string): string => {
    const out = join(dir, name);
    execFileSync('cc', ['-O2', '-o', out, join(FIXTURES, `${name}.c`)]);
    return out;
  };
  shmHog = cc('shm-hog');
  forker = cc('forker');
});

afterAll(() => {
  for (const d of [dir, opponentDir]) rmSync(d, { recursive: true, force: true });
  rmSync(join(homedir(), tag), { force: true });
  rmSync(join('/tmp', tag), { force: true });
});

const opponent = (): MatchBot => ({
  name: 'opponent',
  command: [node, join(opponentDir, 'bot.js'), '--after=100000', '--', ...sampleCommand],
  cwd: opponentDir,
  paths: samplePaths,
});

/** Plays More with `command` in seat 0 (its folder: the fixtures) against the opponent in seat 1. */
async function play(command: string[], sandbox: SandboxCapabilities = caps): Promise<GameRecord> {
  const record = await playMatch(
    {
      game: games.more,
      bots: [{ name: 'hostile', command, cwd: FIXTURES, paths: samplePaths }, opponent()],
      seed: 11,
      timing: 'official',
      graceMs: 300,
      limits: LIMITS,
    },
    processLauncher({ sandbox }),
  );
  expect(replayRecord(record)).toMatchObject({ ok: true });
  return record;
}

/** The JSON a fixture reported on stderr after `prefix`. */
function report<T>(record: GameRecord, prefix: string): T {
  const line = record.seats[0]!.stderr.full.split('\n').find((l) => l.startsWith(`${prefix} `));
  expect(line, record.seats[0]!.stderr.full).toBeDefined();
  return JSON.parse(line!.slice(prefix.length + 1)) as T;
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
/** This Jury's private working folders still on disk (each is removed with its bot). */
const leftWorkdirs = (): string[] =>
  existsSync(workdirRoot()) ? readdirSync(workdirRoot()).filter((n) => n.startsWith(`${process.pid}-`)) : [];

const relay = ['--', ...sampleCommand];
const confined = caps.bwrap !== null;

/**
 * Builds embeds-file.c (a contestant's C source whose .incbin embeds a file of the organiser's, 0600,
 * outside its folder) with the C preset and, when it builds, plays it: what the build log and the game
 * record show of the secret.
 */
async function embeddingAttack(sandbox: SandboxCapabilities): Promise<{ shown: string; secret: string }> {
  const own = folder('jury-embeds-');
  const secret = `${tag}-organiser-key`;
  const keyFile = join(folder('jury-organiser-'), 'secret.key');
  writeFileSync(keyFile, `${secret}\n`, { mode: 0o600 });
  const text = readFileSync(join(FIXTURES, 'embeds-file.c'), 'utf8').replaceAll('/etc/shadow', keyFile);
  writeFileSync(join(own, 'bot.c'), text);
  const built = await prepareBot(
    { name: 'hostile', args: [], source: { file: 'bot.c', language: 'c' } },
    { baseDir: own, buildDir: join(own, 'build'), sandbox },
  );
  let shown = built.ok
    ? built.value.build.map((s) => s.output).join('')
    : `${built.error.message}\n${built.error.output ?? ''}`;
  if (built.ok) {
    const { executable, args, cwd } = built.value.launch;
    const record = await playMatch(
      {
        game: games.more,
        bots: [{ name: 'hostile', command: [executable, ...args], cwd }, opponent()],
        seed: 11,
        timing: 'official',
        graceMs: 300,
        limits: LIMITS,
      },
      processLauncher({ sandbox }),
    );
    shown += JSON.stringify(record);
  }
  rmSync(own, { recursive: true, force: true });
  rmSync(dirname(keyFile), { recursive: true, force: true });
  return { shown, secret };
}

describe.runIf(process.platform === 'linux' && confined)('hostile bots in real games', () => {
  it('cannot write outside its private folder: home, /tmp, its own program, the opponent, the store', async () => {
    const storeBefore = sha(store);
    const targets = {
      home: join(homedir(), tag),
      tmp: join('/tmp', tag),
      program: join(FIXTURES, 'fixed-reply.js'),
      opponent: join(opponentDir, 'bot.js'),
      store,
      scratch: 'scratch.txt',
    };
    const write = Object.values(targets).join(',');
    const r = await play([node, join(FIXTURES, 'hostile-files.js'), `--write=${write}`, ...relay]);
    expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    const seen = report<{ write: Record<string, string> }>(r, 'hostile-files').write;
    expect(seen[targets.home]).toMatch(/^E/);
    expect(seen[targets.program]).toMatch(/^E(ROFS|ACCES)$/);
    expect(seen[targets.opponent]).toMatch(/^E/);
    expect(seen[targets.store]).toMatch(/^E/);
    // Scratch files are allowed, in the private folder and the private /tmp: they vanish with the game.
    expect(seen[targets.scratch]).toBe('ok');
    expect(seen[targets.tmp]).toBe('ok');
    expect(existsSync(targets.home)).toBe(false);
    expect(existsSync(targets.tmp)).toBe(false);
    expect(existsSync(join(FIXTURES, 'scratch.txt'))).toBe(false);
    expect(sha(store)).toBe(storeBefore);
    expect(readFileSync(targets.program, 'utf8')).not.toContain('hostile');
    expect(leftWorkdirs()).toEqual([]);
  });

  it('cannot read the tournament store even when it lies in the bot’s own folder', async () => {
    // An organiser who keeps the store beside the bots: the folder is shown, the store is not.
    const own = folder('jury-own-');
    for (const f of ['_lib.js', 'hostile-files.js']) copyFileSync(join(FIXTURES, f), join(own, f));
    const db = join(own, 'club.sqlite');
    writeFileSync(db, 'SQLite format 3\0 the standings');
    const command = [node, join(own, 'hostile-files.js'), `--read=${db}`, ...relay];
    const bots = (hidden: boolean): Parameters<typeof playMatch>[0] => ({
      game: games.more,
      bots: [{ name: 'hostile', command, cwd: own, paths: samplePaths }, opponent()],
      seed: 11,
      timing: 'official',
      graceMs: 300,
      limits: LIMITS,
      ...(hidden ? { hidden: [db, `${db}-wal`] } : {}),
    });
    const hidden = await playMatch(bots(true), processLauncher());
    // The store is covered by /dev/null on a nodev mount: opening it is refused.
    expect(report<{ read: Record<string, string> }>(hidden, 'hostile-files').read[db]).toBe('EACCES');
    const shown = await playMatch(bots(false), processLauncher());
    expect(report<{ read: Record<string, string> }>(shown, 'hostile-files').read[db]).toBe('ok 30');
    rmSync(own, { recursive: true, force: true });
  });

  it('cannot embed a file of the organiser’s when compiled (.incbin): not in the build log or the record', async () => {
    const { shown, secret } = await embeddingAttack(caps);
    expect(shown.includes(secret)).toBe(false);
  });

  it('cannot read the opponent’s program or data', async () => {
    const read = [join(opponentDir, 'bot.js'), join(opponentDir, 'secret.txt'), store].join(',');
    const r = await play([node, join(FIXTURES, 'hostile-files.js'), `--read=${read}`, ...relay]);
    expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    const seen = report<{ read: Record<string, string> }>(r, 'hostile-files').read;
    expect(Object.values(seen)).toEqual(['ENOENT', 'ENOENT', 'ENOENT']);
  });

  it('sees only its own processes: no host pid, no other environment, no opponent to signal', async () => {
    process.env['JURY_TEST_SECRET'] = tag; // in Jury's environment, and so in every unconfined child's
    try {
      const args = ['--secret-var=JURY_TEST_SECRET', '--victim=bot.js', '--sweep=65536'];
      const r = await play([node, join(FIXTURES, 'hostile-procs.js'), ...args, ...relay]);
      expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
      const seen = report<{ pids: number; secretSeen: boolean; killed: number[]; signalable: number }>(
        r,
        'hostile-procs',
      );
      // Its namespace: bwrap's init, itself and the sample it relays (and a moment's helpers).
      expect(seen.pids).toBeLessThanOrEqual(5);
      expect(seen.secretSeen).toBe(false);
      expect(seen.killed).toEqual([]);
      // kill(tid, 0) also answers for threads: its own Node's and its child's, a few dozen at most.
      expect(seen.signalable).toBeLessThan(40);
    } finally {
      delete process.env['JURY_TEST_SECRET'];
    }
  });

  it.runIf(caps.memoryCgroup !== null)(
    'holding 2 GiB of shared memory under a 1 GiB cap: killed, CRASH, the game goes on',
    async () => {
      const r = await play([shmHog, '--mib=2048']);
      expect(r.seats[0]).toMatchObject({
        status: 'CRASH',
        failure: { kind: 'crash', exit: { signal: 'SIGKILL', memoryCapMiB: 1024 } },
      });
      expect(r.seats[1]!.status).toBe('OK');
      expect(r.limits?.applied).toContainEqual(
        expect.objectContaining({ limit: 'memory', detail: expect.stringContaining('1024 MiB') }),
      );
    },
  );

  it.runIf(caps.root && caps.botUids !== null)(
    'forking as root stops at the process cap of its own uid',
    async () => {
      const r = await play([forker, '--max=2000', ...relay]);
      expect(r.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
      const line = r.seats[0]!.stderr.full.split('\n').find((l) => l.startsWith('forker '));
      const [, count, why] = /^forker (\d+) (\S+)/.exec(line ?? '') ?? [];
      expect(why).toBe('EAGAIN');
      expect(Number(count)).toBeLessThan(LIMITS.maxProcesses);
    },
  );
});

describe.runIf(process.platform === 'linux' && confined)(
  'the same attacks without the protections succeed',
  () => {
    it('writes the store and the home folder, reads the opponent, sees host processes and secrets', async () => {
      const copy = `${store}.copy`;
      copyFileSync(store, copy);
      const home = join(homedir(), tag);
      const args = [`--write=${home},${copy}`, `--read=${join(opponentDir, 'secret.txt')}`];
      const r = await play([node, join(FIXTURES, 'hostile-files.js'), ...args, ...relay], unprotected);
      const seen = report<{ write: Record<string, string>; read: Record<string, string> }>(
        r,
        'hostile-files',
      );
      expect(seen.write[home]).toBe('ok');
      expect(seen.write[copy]).toBe('ok');
      expect(seen.read[join(opponentDir, 'secret.txt')]).toBe('ok 17');
      rmSync(home, { force: true });

      process.env['JURY_TEST_SECRET'] = tag;
      try {
        const p = await play(
          [node, join(FIXTURES, 'hostile-procs.js'), '--secret-var=JURY_TEST_SECRET', '--sweep=1', ...relay],
          unprotected,
        );
        const procs = report<{ pids: number; secretSeen: boolean }>(p, 'hostile-procs');
        expect(procs.pids).toBeGreaterThan(20);
        expect(procs.secretSeen).toBe(true);
      } finally {
        delete process.env['JURY_TEST_SECRET'];
      }
    });

    it.runIf(caps.memoryCgroup !== null)(
      'holds 2 GiB of shared memory under RLIMIT_DATA alone and plays on',
      async () => {
        const r = await play([shmHog, '--mib=2048'], unprotected);
        // It survived its allocation and answered with "touched 2048": an illegal move, not a memory kill.
        expect(r.seats[0]).toMatchObject({ status: 'ILLEGAL', failure: { line: 'touched 2048' } });
      },
    );

    it('compiles a file of the organiser’s into the program, which prints it into the record', async () => {
      const { shown, secret } = await embeddingAttack(unprotected);
      expect(shown.includes(secret)).toBe(true);
    });

    it.runIf(caps.root)('forks 2000 processes as root', async () => {
      const r = await play([forker, '--max=2000', ...relay], unprotected);
      expect(r.seats[0]!.stderr.full).toContain('forker 2000 ok');
    });
  },
);
