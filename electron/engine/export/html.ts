import type { ExportData } from './data.ts';
import { exportReport } from './data.ts';
import { crosstableHtml, escapeHtml, num, roundsHtml, seatStatsHtml, table } from './html-parts.ts';

/** What {@link renderHtmlReport} needs besides the data. */
export interface HtmlReportInput extends ExportData {
  /** The event's title, such as "CodeCup 2017 test competition". */
  readonly title: string;
  /** One name per seat (the game info's `seatNames`), for the seat statistics. */
  readonly seatNames: readonly string[];
  /** A line under the title, such as the Jury version and the export time. */
  readonly subtitle?: string;
  /**
   * Link each game to `transcripts/game-<n>.txt` beside the report (default). Off when the report is saved
   * alone (the app's export), where such links would lead nowhere.
   */
  readonly transcriptLinks?: boolean;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}table.cross td{text-align:center}
table.games td{text-align:left}.win{color:#070}.lose{color:#a00}.draw{color:#666}
.timeout,.illegal,.crash,.exit{color:#fff;background:#a00;padding:0 .3em}h2{margin-top:1.5em}`;

const ms = (us: number): string => `${num(us / 1000, 1)} ms`;

/**
 * A standalone HTML report: one file with inline CSS and no scripts, which opens in any browser without
 * a server. Standings (with irregular losses, Elo and openskill), the crosstable (2-player) or the
 * per-seat statistics (4-player), per-bot time statistics, and every round's results with links to
 * `transcripts/game-<n>.txt` beside the report (see `writeTranscripts`). Every name is escaped.
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  const { report, ratings, outcomes } = exportReport(input);
  const names = new Map(input.participants.map((p) => [p.id, p.name]));
  const name = (id: string): string => escapeHtml(names.get(id) ?? id);
  const elo = new Map((ratings.elo ?? []).map((r) => [r.id, r]));
  const skill = new Map((ratings.skill ?? []).map((r) => [r.id, r]));

  const standingsHead = [
    '#',
    'Bot',
    'Points',
    'Games',
    'Average',
    'W/D/L',
    'TIMEOUT',
    'ILLEGAL',
    'CRASH',
    'EXIT',
  ];
  if (ratings.elo) standingsHead.push('Elo (95%)');
  if (ratings.skill) standingsHead.push('Skill μ−3σ');
  const standings = report.standings.map((r) => {
    const cells = [
      String(r.rank),
      name(r.id),
      num(r.points),
      String(r.games),
      num(r.average),
      r.wdl ? `${r.wdl.wins}/${r.wdl.draws}/${r.wdl.losses}` : '',
      String(r.irregular.TIMEOUT),
      String(r.irregular.ILLEGAL),
      String(r.irregular.CRASH),
      String(r.irregular.EXIT),
    ];
    const e = elo.get(r.id);
    if (ratings.elo) cells.push(e ? `${num(e.elo, 0)} ± ${num(e.high - e.elo, 0)}` : '');
    const s = skill.get(r.id);
    if (ratings.skill) cells.push(s ? `${num(s.conservative)} (${num(s.mu)} ± ${num(s.sigma)})` : '');
    return cells;
  });

  const times = table(
    ['Bot', 'Games', 'Mean per move', 'Max move', 'Mean per game', 'Max game', 'Closest call'],
    report.timeStats.map((t) => [
      name(t.id),
      String(t.games),
      ms(t.meanPerMoveUs),
      ms(t.maxMoveUs),
      ms(t.meanPerGameUs),
      ms(t.maxPerGameUs),
      t.closestCall ? `${num(t.closestCall.fraction * 100, 1)}% (game ${t.closestCall.gameIndex + 1})` : '',
    ]),
  );

  const body = [
    `<h1>${escapeHtml(input.title)}</h1>`,
    input.subtitle ? `<p>${escapeHtml(input.subtitle)}</p>` : '',
    `<p>${outcomes.length} of ${input.scheduled.length} scheduled games played.${
      input.rankingStages ? ` Ranking by the ${escapeHtml(input.rankingStages.join(', '))} stage(s).` : ''
    }</p>`,
    '<h2>Standings</h2>',
    table(standingsHead, standings),
    report.crosstable ? `<h2>Crosstable</h2>\n${crosstableHtml(report.crosstable, names)}` : '',
    `<h2>Points per seat</h2>\n${seatStatsHtml(report.seatStats, input.seatNames, names)}`,
    `<h2>Time</h2>\n${times}`,
    `<h2>Results</h2>\n${roundsHtml(input, outcomes, names, input.transcriptLinks ?? true)}`,
  ].filter((part) => part !== '');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(input.title)}</title>
<style>
${CSS}
</style>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
}
