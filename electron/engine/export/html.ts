import type { ExportData } from './data.ts';
import { exportReport } from './data.ts';
import { basisNote, championOf } from '../tournament/ranking-text.ts';
import {
  crosstableHtml,
  escapeHtml,
  num,
  rankingHtml,
  roundsHtml,
  seatStatsHtml,
  table,
} from './html-parts.ts';

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
 * a server. The event's ranking as every view shows it (places, the stage that ranked each bot, points,
 * games and average per stage, W/D/L, irregular losses, Elo and openskill; the knockout champion named;
 * a note when a stage ranked by average), the crosstable (2-player) or the
 * per-seat statistics (4-player), per-bot time statistics, and every round's results with links to
 * `transcripts/game-<n>.txt` beside the report (see `writeTranscripts`). Every name is escaped.
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  const { ranking, crosstable, seatStats, timeStats, outcomes } = exportReport(input);
  const names = new Map(input.participants.map((p) => [p.id, p.name]));
  const name = (id: string): string => escapeHtml(names.get(id) ?? id);
  const champion = championOf(ranking);
  const note = basisNote(ranking);
  const standings = `${champion ? `<p class="champion">Champion: <b>${name(champion.id)}</b></p>\n` : ''}${rankingHtml(ranking, names)}${note ? `\n<p class="note">${escapeHtml(note)}</p>` : ''}`;

  const times = table(
    ['Bot', 'Games', 'Mean per move', 'Max move', 'Mean per game', 'Max game', 'Closest call'],
    timeStats.map((t) => [
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
    `<p>${outcomes.length} of ${input.scheduled.length} scheduled games played.</p>`,
    '<h2>Standings</h2>',
    standings,
    crosstable ? `<h2>Crosstable</h2>\n${crosstableHtml(crosstable, names)}` : '',
    `<h2>Points per seat</h2>\n${seatStatsHtml(seatStats, input.seatNames, names)}`,
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
