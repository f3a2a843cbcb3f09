import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCli } from '../../../electron/cli/program.ts';
import { parseRecord, replayRecord } from '../../../electron/engine/record/replay.ts';

const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('jury --help', () => {
  it('documents the commands, the timing modes and the exit codes', async () => {
    const top = await jury('--help');
    expect(top.code).toBe(0);
    expect(top.out).toMatch(/play \[options\] <game>/);
    expect(top.out).toMatch(/replay \[options\] <file>/);
    const play = await jury('play', '--help');
    expect(play.code).toBe(0);
    for (const words of [
      '--bot',
      '--seed',
      '--board-file',
      '--timing',
      'official',
      'cpu',
      '--record',
      '--json',
      'Exit codes',
    ]) {
      expect(play.out).toContain(words);
    }
  });
});

describe('jury play usage errors (exit code 2, a message that says what is wrong)', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'an unknown game',
      ['play', 'chess', '--bot', 'x', '--bot', 'y'],
      /unknown game "chess"; choose one of less, more, 6561, flit/,
    ],
    [
      'the wrong number of bots',
      ['play', 'less', '--bot', 'sample:random'],
      /Less needs 4 bots \(one --bot per seat\), got 1/,
    ],
    [
      'a bad seed',
      ['play', 'more', '--bot', 'sample:random', '--bot', 'sample:random', '--seed', '-3'],
      /--seed must be a whole number/,
    ],
    [
      'a bad board',
      ['play', 'more', '--bot', 'sample:random', '--bot', 'sample:random', '--board', '0123'],
      /--board: More board: a 6×6 board string has 60 characters, this one has 4/,
    ],
    [
      'a board for a boardless game',
      ['play', '6561', '--bot', 'sample:random', '--bot', 'sample:random', '--board', '0'],
      /6561 is not played on a board string/,
    ],
    [
      'a bad timing mode',
      ['play', 'more', '--bot', 'sample:random', '--bot', 'sample:random', '--timing', 'fast'],
      /--timing/,
    ],
    [
      'a missing program',
      ['play', 'more', '--bot', './no-such-bot', '--bot', 'sample:random'],
      /no-such-bot.*(not exist|no such|not found)/i,
    ],
    [
      'an unknown sample',
      ['play', 'more', '--bot', 'sample:clever', '--bot', 'sample:random'],
      /no sample bot "clever" for More; choose sample:random, sample:greedy/,
    ],
    [
      'shell syntax in a bot',
      ['play', 'more', '--bot', 'a | b', '--bot', 'sample:random'],
      /"\|" is a shell operator: bots are started directly/,
    ],
  ];
  for (const [what, argv, message] of cases) {
    it(`rejects ${what}`, async () => {
      const r = await jury(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
    });
  }

  it('rejects a missing board file and an unwritable record path before playing', async () => {
    const missing = await jury(
      'play',
      'more',
      '--bot',
      'sample:random',
      '--bot',
      'sample:random',
      '--board-file',
      '/nonexistent/b.txt',
    );
    expect(missing).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cannot read --board-file \/nonexistent\/b.txt: ENOENT/),
    });
    const record = await jury(
      'play',
      '6561',
      '--bot',
      'sample:random',
      '--bot',
      'sample:random',
      '--record',
      '/nonexistent/dir/r.json',
    );
    expect(record).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--record \/nonexistent\/dir\/r.json/),
    });
    expect(record.out).toBe('');
  });
});

describe('jury play and jury replay', () => {
  it('plays a game of sample bots, prints one JSON object, and writes a record that replays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-cli-'));
    const path = join(dir, 'game.json');
    const board = join(dir, 'board.txt');
    writeFileSync(board, '\n010200100010010100110001000011000010000000000101010100100000\n');
    const r = await jury(
      'play',
      'more',
      '--bot',
      'sample:greedy',
      '--bot',
      'sample:random',
      '--seed',
      '7',
      '--board-file',
      board,
      '--record',
      path,
      '--json',
    );
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out) as {
      seed: number;
      board: string;
      seats: { status: string }[];
      record: string;
    };
    expect(summary).toMatchObject({
      seed: 7,
      board: '010200100010010100110001000011000010000000000101010100100000',
      record: path,
    });
    expect(summary.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    const parsed = parseRecord(readFileSync(path, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(replayRecord(parsed.record)).toMatchObject({ ok: true });
      expect(parsed.record.seats[0]?.executableHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const replay = await jury('replay', path);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('replay: every move is legal and the scores match the record');
    // A tampered record does not replay: exit code 1 and the first problem.
    const tampered = readFileSync(path, 'utf8').replace('"scores":[', '"scores":[1');
    writeFileSync(path, tampered);
    const bad = await jury('replay', path, '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ ok: false, problem: expect.stringContaining('scores') });
    writeFileSync(path, '{"format":"jury-game-record","version":9}');
    expect(await jury('replay', path)).toMatchObject({ code: 2, err: expect.stringContaining('version') });
  });

  it('builds a bot given as one source file, and shows the compiler output when the build fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-src-'));
    // A user's folder (mkdtemp's is 0700): a root Jury compiles as a uid of its own, which must enter it.
    chmodSync(dir, 0o755);
    // A 6561 player in C that places on the first empty square it knows of, then stops (EXIT).
    writeFileSync(
      join(dir, 'once.c'),
      '#include <stdio.h>\nint main(void){char l[64];fgets(l,64,stdin);puts("11");fflush(stdout);return 0;}\n',
    );
    const built = await jury(
      'play',
      '6561',
      '--bot',
      join(dir, 'once.c'),
      '--bot',
      'sample:random',
      '--seed',
      '1',
      '--json',
    );
    expect(built.code).toBe(0);
    const summary = JSON.parse(built.out) as {
      seats: { name: string; status: string; failure: { ply: number } }[];
    };
    expect(summary.seats[0]).toMatchObject({ name: 'once.c', status: 'EXIT', failure: { ply: 2 } });
    writeFileSync(join(dir, 'broken.c'), 'int main(void){ return }\n');
    const broken = await jury('play', '6561', '--bot', join(dir, 'broken.c'), '--bot', 'sample:random');
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/building broken.c with gcc failed/);
    expect(broken.err).toMatch(/error: expected expression/);
  });

  it('works as the installed `jury` executable, with its exit codes', async () => {
    const run = promisify(execFile);
    const ok = await run(process.execPath, [
      JURY,
      'play',
      '6561',
      '--bot',
      'sample:greedy',
      '--bot',
      'sample:greedy',
      '--seed',
      '3',
    ]);
    expect(ok.stdout).toMatch(/6561 {2}seed 3/);
    expect(ok.stdout).toMatch(/A {6}greedy +OK/);
    const usage = await run(process.execPath, [JURY, 'play', 'less']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(usage).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("required option '--bot <command...>' not specified"),
    });
  });
});

/** Whether, as root, a bot's own user could not reach `program` (a folder on the way closed to others). */
async function closedToBots(program: string): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  const { unreachableProblem } = await import('../../../electron/engine/process/reachable.ts');
  return unreachableProblem({ exe: program, args: [], cwd: '/', hostEnv: process.env }, 60000) !== null;
}

describe('jury play says what is not enforced', () => {
  const JURY_ARGS = ['play', 'more', '--bot', 'sample:greedy', '--bot', 'sample:random', '--seed', '4'];
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [JURY, ...JURY_ARGS], { env: { ...process.env, ...env } }).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );

  it('lists each missing protection with its reason, and the JSON carries every protection', async () => {
    // As root, bots still run as users of their own: where Jury's node (the sample bots' program) lies
    // under a folder closed to others, they are refused before the game, naming the fix (docs/judge.md).
    const closed = await closedToBots(process.execPath);
    const off = await run({ JURY_SANDBOX: 'none' });
    if (closed) {
      const refused = await promisify(execFile)(process.execPath, [JURY, ...JURY_ARGS], {
        env: { ...process.env, JURY_SANDBOX: 'none' },
      }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("cannot be reached by the bot's own user"),
      });
      expect(off).toBe('');
      return;
    }
    expect(off).toContain('not enforced on this machine');
    expect(off).toMatch(/filesystem missing: bubblewrap was turned off \(JURY_SANDBOX=none\)/);
    const json = JSON.parse(
      await promisify(execFile)(process.execPath, [JURY, ...JURY_ARGS, '--json']).then((r) => r.stdout),
    ) as { protections: { limit: string; status: string }[] };
    const names = json.protections.map((p) => p.limit);
    for (const name of ['memory', 'processes', 'network', 'containment', 'filesystem', 'identity']) {
      expect(names).toContain(name);
    }
  });

  it.runIf(process.platform === 'linux')(
    'with bubblewrap, the filesystem is not among the gaps',
    async () => {
      const { sandboxCapabilities } = await import('../../../electron/engine/process/sandbox.ts');
      if (sandboxCapabilities().bwrap === null) return;
      expect(await run({})).not.toMatch(/filesystem missing/);
    },
  );
});
