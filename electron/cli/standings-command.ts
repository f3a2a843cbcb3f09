import type { Ranking } from '../../shared/tournament/ranking/index.ts';
import type { Crosstable } from '../../shared/tournament/results/index.ts';
import { FAILURE_STATUSES } from '../../shared/tournament/results/index.ts';
import { leaderboardOf, stageTitle } from '../engine/tournament/leaderboard.ts';
import {
  basisNote,
  championOf,
  eloText,
  figure,
  placeText,
  rankedByText,
  skillText,
  viewTitle,
  wdlText,
} from '../engine/tournament/ranking-text.ts';
import type { CliIo } from './program.ts';
import { readingEvent } from './open-event.ts';
import { UsageError } from './usage-error.ts';

/** The flags of `jury standings`. */
export interface StandingsFlags {
  readonly json?: boolean;
  /** A view: `Whole event` (default), or a stage by name (`Swiss`, `final`). */
  readonly stage?: string;
  readonly crosstable?: boolean;
}

interface Column {
  readonly head: string;
  /** A group title printed above the column (the stage of per-stage figures). */
  readonly group?: string;
  readonly left?: boolean;
  readonly cells: readonly string[];
}

/** Columns laid out with two spaces between them, groups titled above their columns. */
function layout(columns: readonly Column[]): string[] {
  const width = columns.map((c) =>
    Math.max(c.head.length, c.group?.length ?? 0, ...c.cells.map((x) => x.length)),
  );
  const pad = (text: string, i: number): string => {
    const c = columns[i] as Column;
    return c.left ? text.padEnd(width[i] as number) : text.padStart(width[i] as number);
  };
  const line = (texts: readonly string[]): string => texts.map(pad).join('  ').trimEnd();
  const lines: string[] = [];
  if (columns.some((c) => c.group)) {
    lines.push(line(columns.map((c, i) => (c.group && columns[i - 1]?.group !== c.group ? c.group : ''))));
  }
  lines.push(line(columns.map((c) => c.head)));
  const rows = columns[0]?.cells.length ?? 0;
  for (let r = 0; r < rows; r++) lines.push(line(columns.map((c) => c.cells[r] ?? '')));
  return lines;
}

/**
 * The ranking as a text table: place (shared places `3–4`), bot, the stage that ranked it (multi-stage
 * views), points, games and average (per stage in multi-stage views), W/D/L, irregular losses, Elo ± 95%
 * (2-player games) and openskill μ ± σ; then the champion (knockout) and the note when a stage ranked by
 * average. The same rows and texts as the HTML report.
 */
export function rankingText(ranking: Ranking): string[] {
  const rows = ranking.rows;
  const stages = ranking.stages.map((s) => s.stage);
  const multi = stages.length > 1;
  const columns: Column[] = [
    { head: '#', cells: rows.map(placeText) },
    { head: 'bot', left: true, cells: rows.map((r) => r.name) },
  ];
  if (multi) {
    columns.push({ head: 'ranked by', left: true, cells: rows.map(rankedByText) });
    stages.forEach((stage, i) => {
      const group = stageTitle(stage);
      const line = (k: 'points' | 'games' | 'average'): string[] =>
        rows.map((r) => figure(r.stages[i]?.[k] ?? 0));
      columns.push({ head: 'points', group, cells: line('points') });
      columns.push({ head: 'games', group, cells: line('games') });
      columns.push({ head: 'avg', group, cells: rows.map((r) => (r.stages[i]?.average ?? 0).toFixed(2)) });
    });
  } else {
    columns.push({ head: 'points', cells: rows.map((r) => figure(r.points)) });
    columns.push({ head: 'games', cells: rows.map((r) => String(r.games)) });
    columns.push({ head: 'avg', cells: rows.map((r) => r.average.toFixed(2)) });
  }
  if (rows.some((r) => r.wdl !== null)) columns.push({ head: 'W/D/L', cells: rows.map(wdlText) });
  columns.push({
    head: 'irregular',
    cells: rows.map((r) =>
      r.irregularTotal === 0
        ? '0'
        : `${r.irregularTotal} (${FAILURE_STATUSES.filter((s) => r.irregular[s] > 0)
            .map((s) => `${r.irregular[s]} ${s}`)
            .join(', ')})`,
    ),
  });
  if (ranking.ratings.elo) columns.push({ head: 'Elo ± 95%', cells: rows.map((r) => eloText(r.elo)) });
  if (ranking.ratings.skill) columns.push({ head: 'μ ± σ', cells: rows.map((r) => skillText(r.skill)) });
  const lines = layout(columns);
  const champion = championOf(ranking);
  if (champion) lines.push('', `Champion: ${champion.name}`);
  const note = basisNote(ranking);
  if (note) lines.push('', note);
  return lines;
}

/** The crosstable as text: `for–against (W/D/L)` per cell, rows and columns in ranking order. */
export function crosstableText(table: Crosstable, names: ReadonlyMap<string, string>): string[] {
  const columns: Column[] = [
    { head: '', left: true, cells: table.ids.map((id, r) => `${r + 1}. ${names.get(id) ?? id}`) },
    ...table.ids.map((_, c) => ({
      head: String(c + 1),
      cells: table.ids.map((__, r) => {
        if (r === c) return '—';
        const cell = table.cells[r]?.[c];
        return cell
          ? `${figure(cell.for)}–${figure(cell.against)} (${cell.wins}/${cell.draws}/${cell.losses})`
          : '';
      }),
    })),
  ];
  return layout(columns);
}

/**
 * `jury standings`: the event's ranking (or one stage's with `--stage`), as a table or, with `--json`,
 * `{ title, finished, scheduled, ranking }` (plus `crosstable` with `--crosstable`). An unknown stage, or
 * `--crosstable` for a game of more than two players, is a usage error (exit code 2).
 */
export function standingsCommand(db: string, flags: StandingsFlags, io: CliIo): number {
  // Without the page check of every page: only the pages the standings read (readingEvent).
  return readingEvent(db, ({ store, config }) => {
    const board = leaderboardOf(store, config);
    const view = board.view(flags.stage);
    if (!view.ok) throw new UsageError(`--stage: ${view.message}`);
    const { shape } = board.input;
    if (flags.crosstable && shape.seats !== 2) {
      throw new UsageError(
        `--crosstable is for 2-player games; ${config.game} has ${shape.seats} seats (see the seat statistics of jury export --format html)`,
      );
    }
    const ranking = board.rank(view.view);
    const crosstable = flags.crosstable ? board.crosstable(ranking) : null;
    const counts = store.counts();
    if (flags.json) {
      const out = { title: config.name, finished: counts.finished, scheduled: counts.scheduled, ranking };
      io.out(`${JSON.stringify(crosstable ? { ...out, crosstable } : out)}\n`);
      return 0;
    }
    const lines = [
      `${config.name}: ${counts.finished} of ${counts.scheduled} scheduled games finished`,
      ...(ranking.view === 'event' ? [] : [`view: ${viewTitle(ranking)}`]),
      '',
      ...rankingText(ranking),
    ];
    if (crosstable) {
      const names = new Map(board.input.participants.map((p) => [p.id, p.name]));
      lines.push('', `Crosstable (${viewTitle(ranking)})`, ...crosstableText(crosstable, names));
    }
    io.out(`${lines.join('\n')}\n`);
    return 0;
  });
}
