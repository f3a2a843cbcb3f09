import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { Ranking, RankRow } from '../../shared/tournament/ranking/index.ts';
import type { Crosstable } from '../../shared/tournament/results/index.ts';
import { runCli } from '../../electron/cli/program.ts';
import type { TournamentExport } from '../../electron/engine/export/json.ts';
import { startServer } from '../../electron/serve/server.ts';
import { answerIn } from './serve-answer.ts';
import type { Harness } from './service-harness.ts';

/**
 * Test support (no vitest import): every view of one stored event's leaderboard, gathered the ways a user
 * gets them: `jury standings --json` (the whole event and each stage), the app's `tournament.standings`
 * through the contract (what `jury serve` answers too), and the JSON, HTML and CSV exports of both
 * `jury export` and the app. The tests compare them row by row.
 */

/** `jury …` in-process: exit code, stdout and stderr. */
export async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** What `jury standings --json` prints. */
export interface StandingsJson {
  readonly title: string;
  readonly finished: number;
  readonly scheduled: number;
  readonly ranking: Ranking;
  readonly crosstable?: Crosstable;
}

/** `jury standings <db> --json [--stage <stage>]`, parsed; throws on a non-zero exit. */
export async function cliStandings(db: string, ...flags: string[]): Promise<StandingsJson> {
  const r = await jury('standings', db, '--json', ...flags);
  if (r.code !== 0) throw new Error(`jury standings failed (${r.code}): ${r.err}`);
  return JSON.parse(r.out) as StandingsJson;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The text of an HTML fragment: tags dropped, entities decoded. */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? '');
}

/** The ranking table of an HTML report (`table.standings`): its header cells and body rows, as text. */
export function htmlRanking(html: string): { head: string[]; rows: string[][] } {
  const start = html.indexOf('<table class="standings">');
  if (start < 0) throw new Error('the report has no standings table');
  const table = html.slice(start, html.indexOf('</table>', start));
  const cells = (row: string, tag: string): string[] =>
    [...row.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'g'))].map((m) => htmlText(m[1] ?? ''));
  const [headPart = '', bodyPart = ''] = table.split('</thead>');
  return {
    head: cells(headPart, 'th'),
    rows: bodyPart
      .split('</tr>')
      .filter((r) => r.includes('<td>'))
      .map((r) => cells(r, 'td')),
  };
}

/**
 * The figures of a row that every view shows, for comparing views: id, name, places, the ranking stage,
 * games, points, W/D/L, irregular losses, the stage lines, both ratings.
 */
export function rowFigures(r: RankRow): unknown[] {
  return [
    r.id,
    r.name,
    r.place,
    r.placeTo,
    r.stage,
    r.games,
    r.points,
    r.wdl,
    r.irregularTotal,
    r.stages.map((l) => [l.stage, l.games, l.points]),
    r.elo,
    r.skill,
  ];
}

/** One CSV export parsed into records (RFC 4180 quoting; LF lines as CodeCup writes them, or CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r') i++;
    } else field += c;
  }
  return rows;
}

/**
 * The rankings `jury serve` sends a browser for `tournament.standings` of `id` (the whole event, then each
 * of `stages`): the real server over the harness's service, asked over its WebSocket API.
 */
export async function servedRankings(
  h: Harness,
  id: string,
  stages: readonly string[],
  dir: string,
): Promise<Ranking[]> {
  const root = join(dir, 'renderer');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>test</title>');
  const server = await startServer({ service: h.service, staticRoot: root, port: 0, host: '127.0.0.1' });
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answers = new Map<number, (value: unknown) => void>();
    ws.on('message', (data) => {
      const answer = answerIn(data);
      if (answer !== null) answers.get(answer.id)?.(answer.result);
    });
    const ask = (n: number, payload: unknown): Promise<Ranking> =>
      new Promise((resolve, reject) => {
        answers.set(n, (value) =>
          value instanceof Error ? reject(value) : resolve((value as { ranking: Ranking }).ranking),
        );
        ws.send(JSON.stringify({ id: n, channel: 'tournament.standings', payload }));
      });
    const out = [await ask(1, { id })];
    for (const [i, stage] of stages.entries()) out.push(await ask(i + 2, { id, stage }));
    return out;
  } finally {
    ws.close();
    await server.close();
  }
}

/** Every view of one event, for the tests to compare. */
export interface EventViews {
  /** `jury standings --json`: the whole event, then each stage by the name the user types. */
  readonly cli: StandingsJson;
  readonly cliStages: readonly StandingsJson[];
  /** The app's `tournament.standings`: the whole event and each stage. */
  readonly app: Ranking;
  readonly appStages: readonly Ranking[];
  /** What `jury serve` sends: the whole event, then each stage. */
  readonly served: readonly Ranking[];
  /** The JSON exports of `jury export` and of the app. */
  readonly cliJson: TournamentExport;
  readonly appJson: TournamentExport;
  /** The HTML reports of `jury export` and of the app. */
  readonly cliHtml: string;
  readonly appHtml: string;
  /** The CSV of `jury export`. */
  readonly csv: string;
}

/** Gathers every view of the store `<h.dir>/tournaments/<id>.sqlite`, writing the CLI's exports in `out`. */
export async function eventViews(h: Harness, id: string, out: string): Promise<EventViews> {
  const db = join(h.dir, 'tournaments', `${id}.sqlite`);
  const cli = await cliStandings(db);
  const stages = cli.ranking.stages.map((s) => s.stage);
  // The user types stage names as the views title them: "Swiss", "Final".
  const title = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  const cliStages = await Promise.all(stages.map((s) => cliStandings(db, '--stage', title(s))));
  const app = (await h.call('tournament.standings', { id })).ranking;
  const appStages = await Promise.all(
    stages.map(async (stage) => (await h.call('tournament.standings', { id, stage })).ranking),
  );
  const served = await servedRankings(h, id, stages, join(out, `${id}-serve`));
  for (const format of ['json', 'html', 'csv']) {
    const file = join(out, `${id}.${format}`);
    const r = await jury('export', db, '--format', format, '--out', file);
    if (r.code !== 0) throw new Error(`jury export ${format} failed: ${r.err}`);
  }
  const read = (format: string): string => readFileSync(join(out, `${id}.${format}`), 'utf8');
  const appJson = JSON.parse((await h.call('tournament.export', { id, kind: 'json' })).content);
  const appHtml = (await h.call('tournament.export', { id, kind: 'html' })).content;
  return {
    cli,
    cliStages,
    app,
    appStages,
    served,
    cliJson: JSON.parse(read('json')) as TournamentExport,
    appJson: appJson as TournamentExport,
    cliHtml: read('html'),
    appHtml,
    csv: read('csv'),
  };
}
