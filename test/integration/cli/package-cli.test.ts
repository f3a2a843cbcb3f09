import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program.ts';
import { makeToyPackage, PLAYER, TOY, toyPlayer } from '../../fixtures/caia/packages.ts';

/** The minimal manifest with a Python referee (test/fixtures/caia/minimal). */
const MINIMAL = fileURLToPath(new URL('../../fixtures/caia/minimal/', import.meta.url));
const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));

// Game packages through the command line: jury play with a package folder (2 and 4 players), bad
// packages refused with exit code 2 and nothing written, and a Swiss-then-final tournament of a package
// through jury run, standings and the CodeCup CSV.

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** A config's bot running the Toy player with `options`. */
const bot = (name: string, ...options: string[]): object => ({
  name,
  executable: process.execPath,
  args: [PLAYER, ...options],
});

const quote = (words: readonly string[]): string => words.map((w) => `'${w}'`).join(' ');

describe('jury play with a game package', () => {
  it('plays the 2-player Toy package with its samples and keeps the referee log beside the record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-'));
    const record = join(dir, 'game.json');
    const played = await jury(
      'play',
      TOY,
      '--bot',
      'sample:player1',
      '--bot',
      quote(toyPlayer('--reply=7')),
      '--record',
      record,
      '--seed',
      '5',
    );
    expect(played).toMatchObject({ code: 0, err: '' });
    expect(played.out).toMatch(/^Toy {2}seed 5\n/);
    expect(played.out).toContain('end: the referee reported: 1=ok,t=');
    expect(played.out).toContain(`referee log: ${record}.game.html`);
    const rec = JSON.parse(readFileSync(record, 'utf8')) as {
      game: string;
      scores: number[];
      seats: { name: string; status: string }[];
    };
    expect(rec).toMatchObject({ game: 'pkg-toy', scores: [6, 21] });
    expect(rec.seats.map((s) => [s.name, s.status])).toEqual([
      ['player1', 'OK'],
      ['node', 'OK'],
    ]);
    expect(readFileSync(`${record}.game.html`, 'utf8')).toMatch(/^<html><body><pre>> I lock\n< lock_ok\n/);
    const replayed = await jury('replay', record);
    expect(replayed.code).toBe(0);
    expect(replayed.out).toContain("replay: the scores match the referee's report");
  });

  it("plays the issue's minimal package as it is: a Python referee named by python3, confined", async () => {
    // jury-game.json is the minimal manifest word for word (no samples, no files, no log name).
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-'));
    const record = join(dir, 'game.json');
    const player = quote(['python3', join(MINIMAL, 'player.py')]);
    // A jury process of its own: this one has loaded the other package named "Toy" already.
    const played = spawnSync(
      process.execPath,
      [JURY, 'play', MINIMAL, '--bot', player, '--bot', player, '--record', record],
      {
        encoding: 'utf8',
      },
    );
    expect(played.stderr).toBe('');
    expect(played.status).toBe(0);
    expect(played.stdout).toContain('end: the referee reported: python referee: time ');
    const rec = JSON.parse(readFileSync(record, 'utf8')) as {
      scores: number[];
      seats: { status: string }[];
      lines: unknown[];
    };
    expect(rec.scores).toEqual([6, 6]); // 1 + 2 + 3 each
    expect(rec.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    // The referee's log, written to its argv[1] inside its own folder, is kept beside the record.
    expect(readFileSync(`${record}.referee.log`, 'utf8')).toMatch(/^> I lock\n< lock_ok\n> 1 Start\n/);
  });

  it('plays a 4-player package and gives each player its own status', async () => {
    const pkg = makeToyPackage({ name: 'Quad', players: 4 });
    const played = await jury(
      'play',
      pkg,
      ...['--bot', 'sample:steady', '--bot', quote(toyPlayer('--exit-at=2'))],
      ...['--bot', quote(toyPlayer('--reply=4')), '--bot', quote(toyPlayer('--empty-at=1'))],
      '--json',
    );
    expect(played.code).toBe(0);
    const summary = JSON.parse(played.out) as {
      game: string;
      scores: number[];
      seats: { status: string }[];
      caia: { firstTags: (string | null)[] };
    };
    expect(summary.game).toBe('pkg-quad');
    expect(summary.scores).toEqual([6, 0, 12, 0]);
    expect(summary.seats.map((s) => s.status)).toEqual(['OK', 'EXIT', 'OK', 'ILLEGAL']);
    expect(summary.caia.firstTags).toEqual([
      null,
      "<caiaio:_player_sends_'\\n'>",
      null,
      "<caiaio:_player_sends_'\\n'>",
    ]);
  });

  it('refuses a bad package, a wrong number of bots and an unknown sample with exit code 2, writing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-'));
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(
      join(bad, 'jury-game.json'),
      JSON.stringify({ format: 'jury-game', version: 1, name: 'Bad', players: 40, referee: { command: [] } }),
    );
    const record = join(dir, 'r.json');
    const refused = await jury('play', bad, '--bot', 'a', '--bot', 'b', '--record', record);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('players: must be at most 32');
    expect(refused.err).toContain('referee.command: must name at least the program to run');
    expect(await jury('play', join(dir, 'none/'), '--bot', 'a', '--bot', 'b')).toMatchObject({
      code: 2,
      err: expect.stringContaining('is not a game package folder (it does not exist)'),
    });
    expect(await jury('play', TOY, '--bot', 'sample:player1')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Toy needs 2 bots (one --bot per seat), got 1'),
    });
    expect(await jury('play', TOY, '--bot', 'sample:nobody', '--bot', 'sample:player1')).toMatchObject({
      code: 2,
      err: expect.stringContaining('no sample bot "nobody" for Toy; choose sample:player1, sample:player2'),
    });
    expect(readdirSync(dir)).toEqual(['bad']);
  });
});

describe('jury run with a game package', () => {
  it('runs a Swiss-then-final event of the Toy package, with standings and the CodeCup CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-run-'));
    const config = {
      format: 'jury-tournament',
      version: 1,
      name: 'Toy cup',
      game: relative(dir, TOY),
      seed: 11,
      schedule: { kind: 'swiss', swissRounds: 2, finalists: 2 },
      bots: [
        { name: 'One', sample: 'player2' },
        { name: 'Two', sample: 'player1' },
        bot('Three', '--reply=3'),
        bot('Five', '--reply=5'),
        bot('Crasher', '--crash-at=2'),
        bot('Four', '--reply=4'),
      ],
      timing: { mode: 'official' },
    };
    const file = join(dir, 'cup.json');
    writeFileSync(file, JSON.stringify(config));
    const db = join(dir, 'cup.sqlite');
    const ran = await jury('run', file, '--db', db, '--json', '--concurrency', '1');
    expect(ran.err).toBe('');
    expect(ran.code).toBe(0);
    const events = ran.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; [k: string]: unknown });
    const finished = events.filter((e) => e.event === 'game-finished').length;
    expect(events.at(-1)).toMatchObject({ event: 'end', state: 'done', finished, total: finished });

    const standings = await jury('standings', db, '--json');
    expect(standings.code).toBe(0);
    const rows = (JSON.parse(standings.out) as { ranking: { rows: { name: string }[] } }).ranking.rows;
    expect(rows[0]?.name).toBe('Five');
    expect(rows.at(-1)?.name).toBe('Crasher');

    expect((await jury('export', db, '--format', 'csv', '--out', join(dir, 'results.csv'))).code).toBe(0);
    const csv = readFileSync(join(dir, 'results.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('Game,Round,IsSwiss,Player,User,Score,Status');
    // The final is between the two best of the Swiss rounds.
    const final = csv.filter((l) => l.split(',')[2] === 'final').map((l) => l.split(',')[4]);
    expect(new Set(final)).toEqual(new Set(['"Five"', '"Four"']));
    const crasher = csv.filter((l) => l.split(',')[4] === '"Crasher"');
    expect(crasher.length).toBeGreaterThan(0);
    expect(crasher.every((l) => l.endsWith(',0,CRASH'))).toBe(true);
    // The referee logs are kept beside the store, one per game.
    expect(readdirSync(`${db}-referee-logs`)).toHaveLength(finished);

    // Run again: the stored config names the same package, so the finished event is simply over.
    expect((await jury('run', file, '--db', db, '--json')).code).toBe(0);
  }, 120_000);

  it('runs a Swiss-then-final event of a 4-player package: four seats per game, one status each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-run-'));
    // Its own name: the first 4-player test registered a "Quad" from another folder in this process.
    const pkg = makeToyPackage({ name: 'Squad', players: 4 });
    const config = {
      format: 'jury-tournament',
      version: 1,
      name: 'Squad cup',
      game: pkg,
      seed: 5,
      schedule: { kind: 'swiss', swissRounds: 2, finalists: 4, permutations: 'rotations' },
      bots: [
        bot('R1', '--reply=1'),
        bot('R2', '--reply=2'),
        bot('R3', '--reply=3'),
        bot('R4', '--reply=4'),
        bot('R5', '--reply=5'),
        bot('R6', '--reply=6'),
        bot('R7', '--reply=7'),
        bot('Quitter', '--exit-at=2'),
      ],
      timing: { mode: 'cpu' },
    };
    const file = join(dir, 'quad.json');
    writeFileSync(file, JSON.stringify(config));
    const db = join(dir, 'quad.sqlite');
    const ran = await jury('run', file, '--db', db, '--json', '--concurrency', '2');
    expect(ran.err).toBe('');
    expect(ran.code).toBe(0);
    const end = JSON.parse(ran.out.trim().split('\n').at(-1) ?? '{}') as { state: string; total: number };
    expect(end.state).toBe('done');

    const rows = (
      JSON.parse((await jury('standings', db, '--json')).out) as {
        ranking: { rows: { name: string; stage: string | null; irregular: number }[] };
      }
    ).ranking.rows;
    // The final's four first, the best reply first; the bot that quit ranks last of the Swiss.
    expect(rows).toHaveLength(8);
    expect(rows[0]?.name).toBe('R7');
    expect(rows.slice(0, 4).every((r) => r.stage === 'final')).toBe(true);
    expect(rows.at(-1)?.name).toBe('Quitter');

    expect((await jury('export', db, '--format', 'csv', '--out', join(dir, 'results.csv'))).code).toBe(0);
    const csv = readFileSync(join(dir, 'results.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
    // Four rows (seats) per game, every game of the event.
    expect(csv.length).toBe(end.total * 4);
    const quitter = csv.filter((l) => l.includes('Quitter'));
    expect(quitter.length).toBeGreaterThan(0);
    expect(quitter.every((l) => /,0,"?EXIT"?$/.test(l))).toBe(true);
  }, 120_000);

  it('refuses a config whose package cannot be loaded, before any database exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-pkg-run-'));
    const file = join(dir, 'cup.json');
    const db = join(dir, 'cup.sqlite');
    const config = {
      format: 'jury-tournament',
      version: 1,
      name: 'Nothing',
      game: './missing-game',
      schedule: { kind: 'round-robin' },
      bots: [bot('A'), bot('B')],
    };
    writeFileSync(file, JSON.stringify(config));
    expect(await jury('run', file, '--db', db)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cup\.json: game: .*missing-game is not a game package folder/),
    });
    writeFileSync(file, JSON.stringify({ ...config, game: relative(dir, TOY), package: {} }));
    expect(await jury('run', file, '--db', db)).toMatchObject({
      code: 2,
      err: expect.stringContaining('package: Jury writes this field itself'),
    });
    writeFileSync(
      file,
      JSON.stringify({
        ...config,
        game: relative(dir, TOY),
        bots: [
          { name: 'X', sample: 'greedy' },
          { name: 'Y', sample: 'player1' },
        ],
      }),
    );
    expect(await jury('run', file, '--db', db)).toMatchObject({
      code: 2,
      err: expect.stringContaining('bots.0.sample: Toy has no sample "greedy"; choose player1, player2'),
    });
    expect(existsSync(db)).toBe(false);
  });
});
