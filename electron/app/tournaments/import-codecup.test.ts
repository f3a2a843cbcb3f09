import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/helpers/service-harness.ts';
import { freeName } from './import-codecup.ts';

// The app's import of CodeCup's result file, through the contract as the page calls it, on real SQLite
// files: the standings, the crosstable, the points chart, a game and the exports of the imported event.

const SAMPLE = new URL('../../../test/fixtures/codecup/competition-sample.csv', import.meta.url);
const QUIRKS = new URL('../../../test/fixtures/codecup/published-quirks.csv', import.meta.url);

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('tournaments.importCodecup', () => {
  it('imports the sample as a finished read-only event whose every screen reads', async () => {
    h = await startHarness();
    const text = readFileSync(SAMPLE, 'utf8');
    const summary = await h.call('tournaments.importCodecup', { fileName: 'final 2025.csv', text });
    expect(summary).toMatchObject({
      id: 'final 2025',
      name: 'final 2025',
      game: 'codecup-import-2',
      format: 'swiss',
      state: 'done',
      finished: 62,
      total: 62,
    });
    const again = await h.call('tournaments.importCodecup', { fileName: 'final 2025.csv', text });
    expect(again.id).toBe('final 2025 2');

    const standings = await h.call('tournament.standings', { id: 'final 2025' });
    expect(standings.stages).toEqual(['swiss', 'final']);
    expect(standings.ranking.rows[0]?.stage).toBe('final');
    expect(standings.crosstable?.ids).toHaveLength(48);
    const statistics = await h.call('tournament.statistics', { id: 'final 2025' });
    expect(statistics.rounds.map((r) => `${r.stage}/${r.round}`)).toEqual([
      'swiss/1',
      'swiss/2',
      'swiss/4',
      'final/12',
    ]);
    expect(statistics.pointsByRound.every((p) => p.points.length === 4)).toBe(true);
    const replay = await h.call('tournament.replay', { id: 'final 2025', index: 0 });
    expect(replay.seats.map((s) => [s.name, s.score, s.status])).toEqual([
      ['Contestant 1', 53, 'OK'],
      ['Contestant 2', 247, 'OK'],
    ]);
    expect(replay.steps).toHaveLength(1);
    // The viewer says it has no moves, and offers no re-run or Play again.
    expect(replay.imported).toBe(true);
    const csv = await h.call('tournament.export', { id: 'final 2025', kind: 'csv' });
    expect(csv.content).toBe(text);
    const html = await h.call('tournament.export', { id: 'final 2025', kind: 'html' });
    expect(html.content).toContain('Contestant 31');
    // Read-only: it does not start.
    await expect(h.call('tournament.start', { id: 'final 2025' })).rejects.toThrow(/read-only/);
  }, 60_000);

  it('imports a published file as published and answers where it contradicts itself', async () => {
    h = await startHarness();
    const text = readFileSync(QUIRKS, 'utf8');
    const made = await h.call('tournaments.importCodecup', { fileName: 'box.csv', text });
    expect(made).toMatchObject({ id: 'box', state: 'done', finished: 8, total: 8 });
    expect(made.notes).toMatchObject({
      contradictions: { rows: 4, games: 4, status: 3, score: 1 },
      namesWithBlanks: ['Contestant 7 ', ' Contestant 3'],
      lookAlike: [['Contestant 7 ', 'Contestant 7']],
    });
    expect(made.notes.contradictions.examples[0]).toMatch(
      /^line 7, column 43 \(Status\): LOSE, but the scores of game 1003 give WIN/,
    );
    const standings = await h.call('tournament.standings', { id: 'box' });
    const c4 = standings.ranking.rows.find((r) => r.name === 'Contestant 4');
    expect(c4?.stages.find((s) => s.stage === 'swiss')).toMatchObject({ wins: 1, draws: 1, losses: 1 });
    expect((await h.call('tournament.export', { id: 'box', kind: 'csv' })).content).toBe(text);
    // The sample contradicts nothing.
    const sample = await h.call('tournaments.importCodecup', {
      fileName: 'sample.csv',
      text: readFileSync(SAMPLE, 'utf8'),
    });
    expect(sample.notes).toMatchObject({ contradictions: { rows: 0 }, namesWithBlanks: [], lookAlike: [] });
  }, 60_000);

  it('refuses a bad file naming its line and column, and creates nothing', async () => {
    h = await startHarness();
    const text = readFileSync(SAMPLE, 'utf8').replace(
      '296166,1,swiss,"Player 2"',
      '296166,1,swiss,"Player 3"',
    );
    await expect(h.call('tournaments.importCodecup', { fileName: 'bad.csv', text })).rejects.toThrow(
      'bad.csv: line 5, column 16 (Player): expected "Player 2" in game 296166',
    );
    expect(await h.call('tournaments.list', undefined)).toEqual([]);
  });

  it('names an import after its file, or another free name', () => {
    expect(freeName('cup', [])).toBe('cup');
    expect(freeName('Cup', ['cup', 'CUP 2'])).toBe('Cup 3');
    expect(freeName('a/b', [])).toBe('CodeCup results');
  });
});
