import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import type { Crosstable, SeatStats } from '../../../shared/tournament/results/index.ts';
import { FAILURE_STATUSES, statusWords } from '../../../shared/tournament/results/index.ts';
import { stageTitle } from '../tournament/leaderboard.ts';
import { eloText, figure, placeText, rankedByText, skillText, wdlText } from '../tournament/ranking-text.ts';
import type { GameOutcome, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { ExportData } from './data.ts';
import { transcriptHref } from './transcripts.ts';

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A table with a header row; cells are HTML already escaped by the caller. */
export function table(head: readonly string[], rows: readonly (readonly string[])[], cls = ''): string {
  const th = head.map((h) => `<th>${h}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table${cls ? ` class="${cls}"` : ''}>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A number with at most `digits` decimals, trailing zeros dropped. */
export const num = figure;

/**
 * The ranking table (class `standings`): place, bot, the stage that ranked it (multi-stage views), points,
 * games and average per stage, W/D/L, irregular losses by kind, Elo ± 95% and openskill μ ± σ; the same
 * rows and texts as `jury standings`.
 */
export function rankingHtml(ranking: Ranking, names: ReadonlyMap<string, string>): string {
  const stages = ranking.stages.map((s) => s.stage);
  const multi = stages.length > 1;
  const head = ['#', 'Bot'];
  if (multi) head.push('Ranked by');
  if (multi)
    for (const s of stages)
      head.push(...['points', 'games', 'average'].map((h) => `${escapeHtml(stageTitle(s))} ${h}`));
  else head.push('Points', 'Games', 'Average');
  const wdl = ranking.rows.some((r) => r.wdl !== null);
  if (wdl) head.push('W/D/L');
  head.push(...FAILURE_STATUSES);
  if (ranking.ratings.elo) head.push('Elo (95%)');
  if (ranking.ratings.skill) head.push('Skill μ ± σ');
  const rows = ranking.rows.map((r) => {
    const cells = [placeText(r), escapeHtml(names.get(r.id) ?? r.name)];
    if (multi) cells.push(escapeHtml(rankedByText(r)));
    const lines = multi ? r.stages : [{ points: r.points, games: r.games, average: r.average }];
    for (const l of lines) cells.push(num(l.points), String(l.games), num(l.average));
    if (wdl) cells.push(wdlText(r));
    cells.push(...FAILURE_STATUSES.map((s) => String(r.irregular[s])));
    if (ranking.ratings.elo) cells.push(eloText(r.elo));
    if (ranking.ratings.skill) cells.push(skillText(r.skill));
    return cells;
  });
  return table(head, rows, 'standings');
}

/** The crosstable: "for–against (W/D/L)" per cell, rows and columns in standings order. */
export function crosstableHtml(t: Crosstable, names: ReadonlyMap<string, string>): string {
  const head = ['', ...t.ids.map((_, i) => String(i + 1))];
  const rows = t.ids.map((id, r) => [
    `${r + 1}. ${escapeHtml(names.get(id) ?? id)}`,
    ...(t.cells[r] ?? []).map((c, col) =>
      col === r ? '—' : c ? `${num(c.for)}–${num(c.against)} (${c.wins}/${c.draws}/${c.losses})` : '',
    ),
  ]);
  return table(head, rows, 'cross');
}

/** Points per seat position: the field's average per seat, then each bot's. */
export function seatStatsHtml(
  s: SeatStats,
  seatNames: readonly string[],
  names: ReadonlyMap<string, string>,
): string {
  const head = ['Bot', ...seatNames.map(escapeHtml)];
  const line = (l: { games: number; average: number }): string =>
    l.games ? `${num(l.average)} (${l.games})` : '';
  const rows = [
    ['<b>All</b>', ...s.overall.map(line)],
    ...s.bots.map((b) => [escapeHtml(names.get(b.id) ?? b.id), ...b.seats.map(line)]),
  ];
  return table(head, rows);
}

/** Every finished game, grouped by stage and round, with seat names, scores, statuses and transcript links. */
export function roundsHtml(
  data: ExportData,
  outcomes: readonly GameOutcome[],
  names: ReadonlyMap<string, string>,
  links = true,
): string {
  const byIndex = new Map(outcomes.map((o) => [o.index, o]));
  const groups = new Map<string, ScheduledGame[]>();
  for (const g of data.scheduled) {
    if (!byIndex.has(g.index)) continue;
    const key = `${g.stage} round ${g.round}`;
    const list = groups.get(key) ?? [];
    list.push(g);
    groups.set(key, list);
  }
  const parts: string[] = [];
  for (const [key, list] of groups) {
    const rows = list.map((g) => {
      const o = byIndex.get(g.index) as GameOutcome;
      const words = statusWords(o, data.shape);
      const seats = o.seats.map((id, seat) => {
        const word = words[seat] ?? '';
        return `${escapeHtml(names.get(id) ?? id)} <b>${num(o.scores[seat] ?? 0)}</b> <span class="${word.toLowerCase()}">${word}</span>`;
      });
      const link = links
        ? `<a href="${escapeHtml(transcriptHref(g.index))}">${g.index + 1}</a>`
        : String(g.index + 1);
      return [link, ...seats];
    });
    const head = ['Game', ...Array.from({ length: data.shape.seats }, (_, i) => `Seat ${i + 1}`)];
    parts.push(`<h3>${escapeHtml(key)}</h3>\n${table(head, rows, 'games')}`);
  }
  return parts.join('\n');
}
