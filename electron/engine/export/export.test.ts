import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import type { GameOutcome, ScheduledGame, SeatStatus } from '../../../shared/tournament/types.ts';
import { exportDataOfGames } from '../tournament/leaderboard.ts';
import type { GameData } from './index.ts';
import {
  CSV_HEADER,
  buildJsonExport,
  renderHtmlReport,
  toCsv,
  toJsonExport,
  tournamentExportSchema,
} from './index.ts';

const participants = [
  { id: 'alpha', name: 'Alpha' },
  { id: 'evil', name: '<script>alert("x")</script>' },
  { id: 'comma', name: 'Smith, "J"' },
];
const sched = (index: number, stage: string, round: number, seats: string[]): ScheduledGame => ({
  index,
  stage,
  round,
  seats,
  seed: index,
  board: null,
  match: `${stage}-${round}`,
});
const scheduled = [
  sched(0, 'swiss', 1, ['alpha', 'evil']),
  sched(1, 'swiss', 1, ['evil', 'alpha']),
  sched(2, 'final', 1, ['alpha', 'comma']),
  sched(3, 'final', 1, ['comma', 'alpha']),
];
const out = (index: number, scores: number[], statuses: SeatStatus[] = ['OK', 'OK']): GameOutcome => ({
  index,
  seats: scheduled[index]!.seats,
  scores,
  statuses,
  end: 'all-home',
  times: [
    { chargedUs: 1_000_000, maxMoveUs: 90_000, moves: 40 },
    { chargedUs: 2_000_000, maxMoveUs: 150_000, moves: 40 },
  ],
  budgetUs: 30_000_000,
});
// Out of order on purpose: exports follow the schedule.
const played: GameData = {
  participants,
  scheduled,
  outcomes: [out(2, [10, 10]), out(0, [13, 7]), out(1, [0, 20], ['TIMEOUT', 'OK']), out(3, [12, 8])],
  shape: games.more.info,
};
const data = exportDataOfGames(played);

describe('CSV export', () => {
  it("writes CodeCup's layout: stage words, seats, quoted names, rounds across stages, LF", () => {
    expect(toCsv(data).split('\n')).toEqual([
      CSV_HEADER,
      '1,1,swiss,"Player 1","Alpha",13,WIN',
      '1,1,swiss,"Player 2","<script>alert(""x"")</script>",7,LOSE',
      '2,1,swiss,"Player 1","<script>alert(""x"")</script>",0,TIMEOUT',
      '2,1,swiss,"Player 2","Alpha",20,WIN',
      // The final's round 1 follows the Swiss's last round, as CodeCup numbers them.
      '3,2,final,"Player 1","Alpha",10,DRAW',
      '3,2,final,"Player 2","Smith, ""J""",10,DRAW',
      '4,2,final,"Player 1","Smith, ""J""",12,WIN',
      '4,2,final,"Player 2","Alpha",8,LOSE',
      '',
    ]);
    expect(toCsv(data)).not.toContain('\r');
  });

  it('writes 0 for a failed program whatever its score, and CodeCup numbers for an imported event', () => {
    const failed: GameData = { ...played, outcomes: [out(0, [5, 7], ['OK', 'CRASH'])] };
    expect(toCsv(failed).split('\n')[2]).toBe('1,1,swiss,"Player 2","<script>alert(""x"")</script>",0,CRASH');
    const imported: GameData = { ...played, codecup: { gameNumbers: [296165, 296166, 296825, 296826] } };
    expect(
      toCsv(imported)
        .split('\n')
        .map((l) => l.split(',').slice(0, 3).join(',')),
    ).toEqual([
      'Game,Round,IsSwiss',
      '296165,1,swiss',
      '296165,1,swiss',
      '296166,1,swiss',
      '296166,1,swiss',
      // Rounds as stored: an imported event keeps CodeCup's own numbers.
      '296825,1,final',
      '296825,1,final',
      '296826,1,final',
      '296826,1,final',
      '',
    ]);
  });

  it('uses the game rules for the status of 4-player and cooperative games, seats up to "Player 4"', () => {
    const four = ['a', 'b', 'c', 'd'];
    const flit: GameData = {
      participants: four.map((id) => ({ id, name: id.toUpperCase() })),
      scheduled: [sched(0, 'main', 3, four)],
      outcomes: [{ ...out(0, [0, 0, 1, 0], ['OK', 'EXIT', 'OK', 'OK']), seats: four, times: [] }],
      shape: games.flit.info,
    };
    expect(toCsv(flit).split('\n').slice(1, 5)).toEqual([
      '1,3,final,"Player 1","A",0,LOSE',
      '1,3,final,"Player 2","B",0,EXIT',
      '1,3,final,"Player 3","C",1,WIN',
      '1,3,final,"Player 4","D",0,LOSE',
    ]);
    const coop: GameData = { ...played, outcomes: [out(0, [256, 256])], shape: games['6561'].info };
    expect(toCsv(coop).split('\n').slice(1, 3)).toEqual([
      '1,1,swiss,"Player 1","Alpha",256,DRAW',
      '1,1,swiss,"Player 2","<script>alert(""x"")</script>",256,DRAW',
    ]);
  });
});

describe('JSON export', () => {
  const input = {
    ...data,
    config: { name: 'test', rounds: 1 },
    jury: '0.1.0',
    exportedAt: '2025-01-01T00:00:00Z',
  };
  it('validates against its schema and keeps every part', () => {
    const parsed = tournamentExportSchema.parse(JSON.parse(toJsonExport(input)));
    expect(parsed.format).toBe('jury-tournament-export');
    expect(parsed.version).toBe(2);
    expect(parsed.outcomes.map((o) => o.index)).toEqual([0, 1, 2, 3]);
    expect(parsed.schedule).toHaveLength(4);
    expect(JSON.parse(toJsonExport(input))).toEqual(JSON.parse(JSON.stringify(buildJsonExport(input))));
  });

  // Version 1 ranked by the final's games alone (evil with 0 games) or by totals over every stage; the
  // ranking is now CodeCup's: finalists by the final, then the others by the Swiss, ratings from every game.
  it('holds the ranking every view shows: finalists by the final, the rest by the Swiss', () => {
    const exported = buildJsonExport(input);
    expect(exported.ranking).toEqual(data.ranking);
    expect(exported.ranking.rows.map((r) => [r.place, r.id, r.stage, r.points, r.games])).toEqual([
      [1, 'comma', 'final', 22, 2],
      [2, 'alpha', 'final', 18, 2],
      [3, 'evil', 'swiss', 7, 2],
    ]);
    expect(exported.ranking.rows[2]?.decidedBy).toBe('stage');
    expect(exported.ranking.rows.map((r) => r.skill?.games)).toEqual([2, 4, 2]);
    expect(exported.ranking.rows.every((r) => r.elo !== null)).toBe(true);
    expect(exported.crosstable?.ids).toEqual(['comma', 'alpha', 'evil']);
  });
});

describe('HTML report', () => {
  const html = renderHtmlReport({ ...data, title: 'Test <cup>', seatNames: games.more.info.seatNames });
  it('escapes every name and has no script', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<title>Test &lt;cup&gt;</title>');
  });
  it('holds the ranking rows, the crosstable, times and linked results', () => {
    const head = html.slice(html.indexOf('<table class="standings">'), html.indexOf('</thead>'));
    expect(head).toContain(
      '<th>#</th><th>Bot</th><th>Ranked by</th><th>Swiss points</th><th>Swiss games</th><th>Swiss average</th><th>Final points</th><th>Final games</th><th>Final average</th><th>W/D/L</th>',
    );
    const alpha = data.ranking.rows[1];
    expect(html).toContain(
      `<tr><td>2</td><td>Alpha</td><td>Final</td><td>33</td><td>2</td><td>16.5</td><td>18</td><td>2</td><td>9</td><td>2/1/1</td><td>0</td><td>0</td><td>0</td><td>0</td><td>${Math.round(alpha?.elo?.elo ?? 0)} ± `,
    );
    expect(html).toContain(
      '<tr><td>3</td><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td><td>Swiss</td><td>7</td><td>2</td><td>3.5</td><td>0</td><td>0</td><td>0</td><td>0/0/2</td><td>1</td>',
    );
    expect(html).toContain('<td>2. Alpha</td><td>18–22 (0/1/1)</td><td>—</td><td>33–7 (2/0/0)</td>');
    expect(html).not.toContain('ranked by average');
    expect(html).toContain('<a href="transcripts/game-3.txt">3</a>');
    expect(html).toContain('<h3>swiss round 1</h3>');
    expect(html).toContain('<span class="timeout">TIMEOUT</span>');
  });
  it('numbers the games without links when saved alone', () => {
    const alone = renderHtmlReport({ ...data, title: 'T', seatNames: [], transcriptLinks: false });
    expect(alone).not.toContain('<a href="transcripts/');
    expect(alone).toMatch(/<tr><td>3<\/td><td>[^<]+ <b>/);
  });
});
