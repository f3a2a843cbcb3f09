import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../electron/cli/program.ts';
import { isSwissWord } from '../../../electron/engine/export/csv.ts';
import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import { simulatedStore } from '../../helpers/simulated-event.ts';

// jury import codecup with real SQLite files: the published sample and Jury's own exports of 2- and
// 4-player events go in, and jury export --format csv gives the same file back.

const SAMPLE = join(import.meta.dirname, '../../fixtures/codecup/competition-sample.csv');

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
        // By CodeCup's plain rule these statuses are wrong (partners both win; a 6561 player whose partner
        // failed draws): refused, naming the row, until --game names the rules.
        const plain = await jury(
          'import',
          'codecup',
          join(dir, 'first.csv'),
          '--db',
          join(dir, 'plain.sqlite'),
        );
        expect(plain.code).toBe(2);
        expect(plain.err).toMatch(
          /line \d+, column \d+ \(Status\): \w+, but the scores of game \d+ give \w+ \(the higher/,
        );
        expect(existsSync(join(dir, 'plain.sqlite'))).toBe(false);
      }
      const flags = rules ? ['--game', game] : [];
      const done = await jury('import', 'codecup', join(dir, 'first.csv'), '--db', imported, ...flags);
      expect(done).toMatchObject({ code: 0, err: '' });
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
      [
        lines.with(3, lines[3]?.replace('217,WIN', '17,WIN') ?? '').join('\n'),
        /line 4, column 45 \(Status\): WIN, but/,
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
