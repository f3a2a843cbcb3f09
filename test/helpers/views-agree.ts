import { expect } from 'vitest';
import { eloText, placeText, skillText } from '../../electron/engine/tournament/ranking-text.ts';
import { htmlRanking, parseCsv, rowFigures, type EventViews } from './leaderboard-views.ts';

// The assertion that every view of one event's leaderboard gives the same rows (see leaderboard-views.ts).

/** The HTML cells a ranking row must have: place, name, then points and games per stage (or of its stage). */
function expectedHtml(views: EventViews): string[][] {
  const { ranking } = views.cli;
  const multi = ranking.stages.length > 1;
  return ranking.rows.map((r) => {
    const lines = multi ? r.stages : [r];
    return [
      placeText(r),
      r.name,
      ...lines.flatMap((l) => [String(Number(l.points.toFixed(2))), String(l.games)]),
      ...(ranking.ratings.elo ? [eloText(r.elo)] : []),
      ...(ranking.ratings.skill ? [skillText(r.skill)] : []),
    ];
  });
}

/** The same cells picked out of the HTML report's ranking table. */
function htmlCells(html: string, views: EventViews): string[][] {
  const { ranking } = views.cli;
  const multi = ranking.stages.length > 1;
  const { head, rows } = htmlRanking(html);
  const first = multi ? 3 : 2;
  const ratings = (ranking.ratings.elo ? 1 : 0) + (ranking.ratings.skill ? 1 : 0);
  return rows.map((cells) => {
    expect(cells).toHaveLength(head.length);
    const lines = multi ? ranking.stages.length : 1;
    const figures = Array.from({ length: lines }, (_, i) => [
      cells[first + 3 * i] ?? '',
      cells[first + 3 * i + 1] ?? '',
    ]).flat();
    return [cells[0] ?? '', cells[1] ?? '', ...figures, ...cells.slice(cells.length - ratings)];
  });
}

/**
 * Asserts that every view in `views` shows the CLI's ranking row by row: the app's answer (what `jury
 * serve` sends too) for the whole event and each stage, the ratings in every view, the JSON exports of the
 * CLI and the app, the HTML reports' ranking tables (place, name, points and games per stage, rating
 * texts), and the CSV's scores summed per player and IsSwiss.
 */
export function expectViewsAgree(views: EventViews): void {
  const { ranking } = views.cli;
  // The app (and so jury serve) and the CLI: the same ranking, whole event and each stage.
  expect(views.app).toEqual(ranking);
  expect(views.appStages).toEqual(views.cliStages.map((s) => s.ranking));
  // jury serve answers the same, through the same contract, over its WebSocket API.
  expect(views.served).toEqual([ranking, ...views.cliStages.map((s) => s.ranking)]);
  views.cliStages.forEach((s, i) => expect(s.ranking.view).toEqual({ stage: ranking.stages[i]?.stage }));
  // Ratings come from every game: the same in each view.
  for (const s of views.cliStages) {
    const byId = new Map(s.ranking.rows.map((r) => [r.id, r]));
    for (const r of ranking.rows) {
      expect(byId.get(r.id)?.elo).toEqual(r.elo);
      expect(byId.get(r.id)?.skill).toEqual(r.skill);
    }
  }

  // The JSON exports carry the very same ranking.
  expect(views.cliJson.ranking.rows.map(rowFigures)).toEqual(ranking.rows.map(rowFigures));
  expect(views.cliJson.ranking).toEqual(ranking);
  expect(views.appJson.ranking).toEqual(ranking);

  // The HTML reports show its rows: place, name, points and games, the rating texts.
  expect(htmlCells(views.cliHtml, views)).toEqual(expectedHtml(views));
  expect(htmlRanking(views.appHtml)).toEqual(htmlRanking(views.cliHtml));

  // The CSV's scores summed per player and IsSwiss are the ranking's stage lines.
  const csv = parseCsv(views.csv).slice(1);
  for (const r of ranking.rows) {
    const sum = (swiss: boolean): [number, number] => {
      const mine = csv.filter((f) => f[4] === r.name && (f[2] === 'swiss') === swiss);
      return [mine.reduce((s, f) => s + Number(f[5]), 0), mine.length];
    };
    const lines = (swiss: boolean): [number, number] => {
      const ls = r.stages.filter((l) => (l.stage === 'swiss') === swiss);
      return [ls.reduce((s, l) => s + l.points, 0), ls.reduce((s, l) => s + l.games, 0)];
    };
    expect(sum(true)).toEqual(lines(true));
    expect(sum(false)).toEqual(lines(false));
  }
}
