import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../electron/cli/program.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { isSwissWord } from '../../../electron/engine/export/csv.ts';
import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import { simulatedStore } from '../../helpers/simulated-event.ts';

// jury import codecup with real SQLite files: the published sample and Jury's own exports of 2- and
// 4-player events go in, and jury export --format csv gives the same file back.

const SAMPLE = join(import.meta.dirname, '../../fixtures/codecup/competition-sample.csv');
/** What CodeCup's real files hold and the sample does not (test/fixtures/codecup/README.md). */
const QUIRKS = join(import.meta.dirname, '../../fixtures/codecup/published-quirks.csv');

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

async function standings(db: string, ...flags: string[]): Promise<Ranking> {
  const r = await jury('standings', db, '--json', ...flags);
  expect(r.code).toBe(0);
  return (JSON.parse(r.out) as { ranking: Ranking }).ranking;
}

/**
 * What two rankings must share: places, names, ranking stages, points and games per stage. Stages by
 * CodeCup's word: a round robin's `main` comes back as `final`.
 */
const figures = (ranking: Ranking) =>
  ranking.rows.map((r) => [
    r.place,
    r.name,
    isSwissWord(r.stage ?? ''),
    r.stages.map((s) => [isSwissWord(s.stage), s.points, s.games, s.wins, s.draws, s.losses]),
  ]);

/** Exports `db` as CSV and returns the text. */
async function csvOf(db: string, out: string): Promise<string> {
  expect(await jury('export', db, '--format', 'csv', '--out', out)).toMatchObject({ code: 0 });
  return readFileSync(out, 'utf8');
}

describe('jury import codecup', () => {
  it('imports the published sample read-only; its standings rank the final first; the export is the sample', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
    const db = join(dir, 'cup.sqlite');
    const done = await jury('import', 'codecup', SAMPLE, '--db', db);
    expect(done).toMatchObject({ code: 0, err: '' });
    expect(done.out).toContain('62 games of 2 players, 48 participants (3 Swiss rounds, a final of 30)');
    expect(await csvOf(db, join(dir, 'again.csv'))).toBe(readFileSync(SAMPLE, 'utf8'));

    const ranking = await standings(db);
    expect(ranking.rows).toHaveLength(48);
    // The 30 finalists first, by the final; then the Swiss-only players, by the Swiss.
    expect(ranking.rows.slice(0, 30).every((r) => r.stage === 'final')).toBe(true);
    expect(ranking.rows.slice(30).every((r) => r.stage === 'swiss')).toBe(true);
    expect(ranking.rows.every((r) => r.elo !== null && r.skill !== null)).toBe(true);
    // Contestant 13: 237 (WIN) and 263 (WIN, the other made an illegal move) in the final.
    const c13 = ranking.rows.find((r) => r.name === 'Contestant 13');
    expect(c13?.stages.find((s) => s.stage === 'final')).toMatchObject({ points: 500, games: 2 });
    const table = await jury('standings', db, '--stage', 'Final', '--crosstable');
    expect(table.code).toBe(0);
    expect(table.out).toContain('Contestant 13');
    // Read-only: no run continues it.
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ format: 'jury-tournament' }));
    const run = await jury('run', join(dir, 'c.json'), '--db', db);
    expect(run.code).toBe(2);
  });

  it('imports a published file as published: names with blanks, Box statuses, contradictions in the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
    const db = join(dir, 'quirks.sqlite');
    const done = await jury('import', 'codecup', QUIRKS, '--db', db);
    expect(done).toMatchObject({ code: 0, err: '' });
    const rule = '(the higher score wins, equal best scores draw, a failed player loses)';
    expect(done.out).toBe(
      `published-quirks: 8 games of 2 players, 5 participants (2 Swiss rounds, a final of 2), imported read-only into ${db}\n` +
        '  imported as published, but 4 rows of 4 games contradict the file itself (their statuses and scores are kept as they are):\n' +
        `    line 7, column 43 (Status): LOSE, but the scores of game 1003 give WIN ${rule}\n` +
        `    line 8, column 44 (Status): DRAW, but the scores of game 1004 give WIN ${rule}\n` +
        `    line 13, column 44 (Status): WIN, but the scores of game 1006 give LOSE ${rule}\n` +
        '    line 16, column 40 (Score): 12 for a player with ILLEGAL; a failed player scores 0\n' +
        '  2 names have blanks around them, kept as written (a name is a contestant): "Contestant 7 ", " Contestant 3"\n' +
        '  "Contestant 7 " and "Contestant 7" are different contestants\n' +
        `  jury standings ${JSON.stringify(db)}\n`,
    );
    // Re-exported byte for byte: names, statuses and the ILLEGAL's 12 as published.
    expect(await csvOf(db, join(dir, 'again.csv'))).toBe(readFileSync(QUIRKS, 'utf8'));

    // The standings follow the published statuses, not the scores.
    const ranking = await standings(db);
    const row = (name: string) => ranking.rows.find((r) => r.name === name);
    const stage = (name: string, s: string) => row(name)?.stages.find((x) => x.stage === s);
    expect(ranking.rows.map((r) => r.name)).toEqual([
      'Contestant 7 ',
      'Contestant 4',
      // Ranked by average points in the Swiss: 150 in 1 game, 296 in 3.
      'Contestant 7',
      'Contestant 1',
      ' Contestant 3',
    ]);
    // Contestant 4 in the Swiss: LOSE 93 against a TIMEOUT, DRAW 150 against a TIMEOUT, WIN 140 against WIN 160.
    expect(stage('Contestant 4', 'swiss')).toMatchObject({
      points: 383,
      games: 3,
      wins: 1,
      draws: 1,
      losses: 1,
    });
    expect(stage('Contestant 1', 'swiss')).toMatchObject({
      points: 296,
      games: 3,
      wins: 1,
      draws: 0,
      losses: 2,
    });
    expect(stage('Contestant 7', 'swiss')).toMatchObject({
      points: 150,
      games: 1,
      wins: 0,
      draws: 1,
      losses: 0,
    });
    expect(stage('Contestant 7 ', 'swiss')).toMatchObject({
      points: 614,
      games: 3,
      wins: 2,
      draws: 1,
      losses: 0,
    });
    expect(stage('Contestant 4', 'final')).toMatchObject({ points: 213, games: 2, wins: 1, losses: 1 });
    expect(row(' Contestant 3')?.irregular).toMatchObject({ TIMEOUT: 2 });

    // The record of an imported game keeps the file's words: its status and its win, draw or loss.
    const store = TournamentStore.open(db, { readOnly: true });
    try {
      const seats = (n: number) => store.record(n)?.seats.map((s) => [s.name, s.score, s.status, s.result]);
      expect(seats(2)).toEqual([
        [' Contestant 3', 0, 'TIMEOUT', 'LOSE'],
        ['Contestant 4', 93, 'OK', 'LOSE'],
      ]);
      expect(seats(3)).toEqual([
        ['Contestant 4', 150, 'OK', 'DRAW'],
        [' Contestant 3', 0, 'TIMEOUT', 'LOSE'],
      ]);
    } finally {
      store.close();
    }

    const json = await jury('import', 'codecup', QUIRKS, '--db', join(dir, 'json.sqlite'), '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      games: 8,
      participants: 5,
      notes: {
        contradictions: { rows: 4, games: 4, status: 3, score: 1 },
        namesWithBlanks: ['Contestant 7 ', ' Contestant 3'],
        lookAlike: [['Contestant 7 ', 'Contestant 7']],
      },
    });
  });

  it('keeps names a config could not hold: long ones, and ones that differ only in blanks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
    const long = `${'Long name '.repeat(12)}end`;
    const rows = [
      ['B', ' B', 150, 150],
      ['B ', long, 200, 100],
      [long, 'B', 90, 210],
      [' B', 'B ', 0, 300],
    ].flatMap(([a, b, sa, sb], i) => [
      `${i + 1},1,final,"Player 1","${a}",${sa},${Number(sa) > Number(sb) ? 'WIN' : sa === sb ? 'DRAW' : 'LOSE'}`,
      `${i + 1},1,final,"Player 2","${b}",${sb},${Number(sb) > Number(sa) ? 'WIN' : sa === sb ? 'DRAW' : 'LOSE'}`,
    ]);
    const text = ['Game,Round,IsSwiss,Player,User,Score,Status', ...rows, ''].join('\n');
    writeFileSync(join(dir, 'names.csv'), text);
    const db = join(dir, 'names.sqlite');
    expect(await jury('import', 'codecup', join(dir, 'names.csv'), '--db', db)).toMatchObject({
      code: 0,
      err: '',
    });
    const ranking = await standings(db);
    expect(ranking.rows.map((r) => r.name).sort()).toEqual([' B', 'B', 'B ', long].sort());
    expect(await csvOf(db, join(dir, 'again.csv'))).toBe(text);
  });

  it("writes a Swiss-then-final event in the sample's layout, field by field", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
    const played = join(dir, 'played.sqlite');
    simulatedStore(played, {
      format: 'jury-tournament',
      version: 1,
      name: 'Layout',
      game: 'more',
      schedule: { kind: 'swiss', swissRounds: 3, finalists: 4 },
      bots: Array.from({ length: 6 }, (_, i) => ({ name: `Contestant ${i + 1}`, sample: 'random' })),
    });
    const ours = await csvOf(played, join(dir, 'ours.csv'));
    const sample = readFileSync(SAMPLE, 'utf8');
    // Each field's form as the sample writes it: the same for every row of both files.
    const form = (field: string, i: number): string =>
      [
        /^[1-9]\d*$/.test(field) ? 'number' : field,
        /^[1-9]\d*$/.test(field) ? 'round' : field,
        field,
        /^"Player [12]"$/.test(field) ? 'seat' : field,
        /^"Contestant \d+"$/.test(field) ? 'user' : field,
        /^\d+$/.test(field) ? 'score' : field,
        ['WIN', 'LOSE', 'DRAW', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT'].includes(field) ? 'status' : field,
      ][i] ?? field;
    const forms = (text: string) =>
      new Set(
        text
          .split('\n')
          .slice(1, -1)
          .map((l) => l.split(',').map(form).join(',')),
      );
    expect(ours.endsWith('\n') && !ours.includes('\r')).toBe(true);
    expect(ours.split('\n')[0]).toBe(sample.split('\n')[0]);
    expect(forms(ours)).toEqual(
      new Set(['number,round,swiss,seat,user,score,status', 'number,round,final,seat,user,score,status']),
    );
    expect(forms(ours)).toEqual(forms(sample));
    // Rounds continue across stages: the final's first round follows the Swiss's last (3).
    const rounds = (stage: string) =>
      new Set(
        ours
          .split('\n')
          .filter((l) => l.split(',')[2] === stage)
          .map((l) => Number(l.split(',')[1])),
      );
    expect([...rounds('swiss')]).toEqual([1, 2, 3]);
    expect(Math.min(...rounds('final'))).toBe(4);
  });

  it.each([
    ['2-player Swiss then final (More)', 'more', 7, { kind: 'swiss', swissRounds: 3, finalists: 4 }],
    ['2-player round robin (More)', 'more', 5, { kind: 'round-robin', repeats: 2 }],
    [
      '4-player Swiss then final (Flit)',
      'flit',
      6,
      { kind: 'swiss', swissRounds: 2, finalists: 4, permutations: 'rotations' },
    ],
    // Games whose statuses do not follow CodeCup's plain rule: imported with --game.
    [
      '2-player round robin of a cooperative game (6561, --game 6561)',
      '6561',
      4,
      { kind: 'round-robin', repeats: 3 },
      true,
    ],
    [
      '4-player Swiss then final with teams (Less, --game less)',
      'less',
      6,
      { kind: 'swiss', swissRounds: 2, finalists: 4, permutations: 'rotations' },
      true,
    ],
  ])(
    'round trip of a %s: export, import, export gives the same file and the same standings',
    async (_, game, bots, schedule, rules = false) => {
      const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
      const config = {
        format: 'jury-tournament',
        version: 1,
        name: 'Round trip',
        game,
        schedule,
        bots: Array.from({ length: bots }, (_, i) => ({
          name: `Bot "${i + 1}", the ${i}th`,
          sample: 'random',
        })),
      };
      const played = join(dir, 'played.sqlite');
      simulatedStore(played, config);
      const first = await csvOf(played, join(dir, 'first.csv'));
      const imported = join(dir, 'imported.sqlite');
      if (rules) {
        // By CodeCup's plain rule these statuses are not what the scores give (partners both win; a 6561
        // player whose partner failed draws): imported as published all the same, the rows named, and
        // exported back unchanged. --game names the rules they follow: then nothing is said.
        const plainDb = join(dir, 'plain.sqlite');
        const plain = await jury('import', 'codecup', join(dir, 'first.csv'), '--db', plainDb);
        expect(plain).toMatchObject({ code: 0, err: '' });
        expect(plain.out).toMatch(/rows? of \d+ games? contradict the file itself/);
        expect(plain.out).toMatch(
          /line \d+, column \d+ \(Status\): \w+, but the scores of game \d+ give \w+ \(the higher/,
        );
        expect(await csvOf(plainDb, join(dir, 'plain.csv'))).toBe(first);
      }
      const flags = rules ? ['--game', game] : [];
      const done = await jury('import', 'codecup', join(dir, 'first.csv'), '--db', imported, ...flags);
      expect(done).toMatchObject({ code: 0, err: '' });
      expect(done.out).not.toContain('contradict');
      expect(await csvOf(imported, join(dir, 'second.csv'))).toBe(first);
      expect(figures(await standings(imported))).toEqual(figures(await standings(played)));
    },
  );

  it('refuses a bad or foreign file with exit code 2, its line and column, no stack trace and no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-import-'));
    const lines = readFileSync(SAMPLE, 'utf8').split('\n');
    const cases: [string, RegExp][] = [
      [
        lines.with(5, lines[5]?.replace('swiss', 'Swiss') ?? '').join('\n'),
        /line 6, column \d+ \(IsSwiss\): "Swiss"/,
      ],
      ['name,score\nA,3\n', /line 1, column 1: the header is "name,score"/],
      ['\u0000\u0001SQLite format 3', /line 1, column 1: the header is/],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const file = join(dir, `bad-${i}.csv`);
      writeFileSync(file, text);
      const r = await jury('import', 'codecup', file, '--db', join(dir, `bad-${i}.sqlite`));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(new RegExp(`^jury: bad-${i}\\.csv: line \\d+, column \\d+`));
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    writeFileSync(
      join(dir, 'latin1.csv'),
      Buffer.concat([Buffer.from('Game,Ro'), Buffer.from([0xe9, 0x0a])]),
    );
    expect(
      await jury('import', 'codecup', join(dir, 'latin1.csv'), '--db', join(dir, 'l.sqlite')),
    ).toMatchObject({
      code: 2,
      err: 'jury: latin1.csv: line 1, column 8: not UTF-8 text (byte 8)\n',
    });
    expect(
      await jury('import', 'codecup', join(dir, 'none.csv'), '--db', join(dir, 'n.sqlite')),
    ).toMatchObject({
      code: 2,
    });
    expect(
      await jury('import', 'codecup', SAMPLE, '--db', join(dir, 'g.sqlite'), '--game', 'chess'),
    ).toMatchObject({
      code: 2,
      err: 'jury: competition-sample.csv: --game: no game "chess"; choose one of less, more, 6561, flit\n',
    });
    expect(
      await jury('import', 'codecup', SAMPLE, '--db', join(dir, 'g.sqlite'), '--game', 'less'),
    ).toMatchObject({
      code: 2,
      err: 'jury: competition-sample.csv: line 2, column 16 (Player): game 296165 has 2 players; Less has 4 seats\n',
    });
    expect(await jury('import', 'excel', SAMPLE, '--db', join(dir, 'x.sqlite'))).toMatchObject({
      code: 2,
      err: 'jury: jury import reads codecup, not "excel"\n',
    });
    // Nothing was stored, not even a temporary file.
    expect(readdirSync(dir).filter((f) => !f.endsWith('.csv'))).toEqual([]);
    // An existing database is never replaced.
    writeFileSync(join(dir, 'taken.sqlite'), 'mine');
    expect((await jury('import', 'codecup', SAMPLE, '--db', join(dir, 'taken.sqlite'))).code).toBe(2);
    expect(readFileSync(join(dir, 'taken.sqlite'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'taken.sqlite-wal'))).toBe(false);
  });
});
