import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eloText, placeText, skillText } from '../../../electron/engine/tournament/ranking-text.ts';
import { eventViews, jury } from '../../helpers/leaderboard-views.ts';
import { expectViewsAgree } from '../../helpers/views-agree.ts';
import { startHarness, type Harness } from '../../helpers/service-harness.ts';
import { simulatedStore } from '../../helpers/simulated-event.ts';

// Property: for every format, with seeded random results, every view of the leaderboard gives the same
// rows: `jury standings --json` (whole event and each stage), the app's `tournament.standings` (which
// `jury serve` answers through the same contract), the JSON and HTML exports of `jury export` and of the
// app, and the CSV's per-player sums.

interface Case {
  readonly id: string;
  readonly game: 'more' | 'less' | 'flit' | '6561';
  readonly bots: number;
  readonly schedule: Record<string, unknown>;
}

const CASES: readonly Case[] = [
  { id: 'rr-more', game: 'more', bots: 5, schedule: { kind: 'round-robin', repeats: 1 } },
  { id: 'rr-6561', game: '6561', bots: 4, schedule: { kind: 'round-robin', repeats: 1 } },
  { id: 'swiss-more', game: 'more', bots: 7, schedule: { kind: 'swiss', swissRounds: 3, finalists: 4 } },
  {
    id: 'swiss-less',
    game: 'less',
    bots: 9,
    schedule: { kind: 'swiss', swissRounds: 2, finalists: 4, permutations: 'rotations' },
  },
  { id: 'ko-more', game: 'more', bots: 6, schedule: { kind: 'knockout', gamesPerMatch: 2 } },
  { id: 'ko-more-8', game: 'more', bots: 8, schedule: { kind: 'knockout', gamesPerMatch: 1 } },
  {
    id: 'gauntlet-more',
    game: 'more',
    bots: 5,
    schedule: { kind: 'gauntlet', challengers: ['Bot 1'], repeats: 1 },
  },
  {
    id: 'groups-less',
    game: 'less',
    bots: 5,
    schedule: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 2 },
  },
  {
    id: 'groups-less-uneven',
    game: 'less',
    bots: 5,
    schedule: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 2, evenOut: false },
  },
  {
    id: 'allgroups-flit',
    game: 'flit',
    bots: 5,
    schedule: { kind: 'groups', permutations: 'rotations', mode: 'all-groups' },
  },
  {
    id: 'gauntlet-less',
    game: 'less',
    bots: 6,
    schedule: { kind: 'gauntlet', challengers: ['Bot 1', 'Bot 2'], permutations: 'rotations' },
  },
];

const configOf = (c: Case): unknown => ({
  format: 'jury-tournament',
  version: 1,
  name: c.id,
  game: c.game,
  seed: 7,
  schedule: c.schedule,
  bots: Array.from({ length: c.bots }, (_, i) => ({ name: `Bot ${i + 1}`, sample: 'random' })),
  timing: { mode: 'cpu' },
});

let h: Harness;
let out: string;
beforeAll(async () => {
  h = await startHarness();
  out = mkdtempSync(join(tmpdir(), 'jury-agree-'));
});
afterAll(async () => {
  await h.dispose();
});

describe('every view of the leaderboard gives the same rows, for every format', () => {
  for (const c of CASES) {
    it(`${c.id}: jury standings, the app, the JSON, HTML and CSV exports agree`, async () => {
      const { outcomes } = simulatedStore(join(h.dir, 'tournaments', `${c.id}.sqlite`), configOf(c));
      const views = await eventViews(h, c.id, out);
      const { ranking } = views.cli;

      // Every bot has one row, with all its games.
      expect(ranking.rows).toHaveLength(c.bots);
      expect(new Set(ranking.rows.map((r) => r.name)).size).toBe(c.bots);
      const seats = new Map<string, number>();
      for (const o of outcomes) for (const id of o.seats) seats.set(id, (seats.get(id) ?? 0) + 1);
      for (const r of ranking.rows) {
        expect(r.stages.reduce((s, l) => s + l.games, 0)).toBe(seats.get(r.id) ?? 0);
      }
      expect(views.cli.finished).toBe(outcomes.length);

      // The app (jury serve), the JSON and HTML exports of the CLI and the app, the CSV: the same rows.
      expectViewsAgree(views);

      // Where a stage's game counts differ it ranks by average, and every view says so.
      for (const s of ranking.stages) {
        const counts = new Set(
          ranking.rows
            .filter((r) => r.stage === s.stage)
            .map((r) => r.stages.find((l) => l.stage === s.stage)?.games),
        );
        if (!s.knockout) expect(s.basis).toBe(counts.size > 1 ? 'average' : 'points');
      }
      const db = join(h.dir, 'tournaments', `${c.id}.sqlite`);
      const text = await jury('standings', db);
      expect(text.code).toBe(0);
      const note = /ranked by average points per game: game counts differ/;
      if (ranking.stages.some((s) => s.basis === 'average' && !s.knockout)) {
        expect(text.out).toMatch(note);
        expect(views.cliHtml).toMatch(note);
      } else {
        expect(text.out).not.toMatch(note);
        expect(views.cliHtml).not.toMatch(note);
      }
      // The text table has one line per row, in order: its place, name and rating texts.
      const lines = text.out.split('\n');
      let at = 0;
      for (const r of ranking.rows) {
        const found = lines.findIndex(
          (l, i) =>
            i >= at &&
            l.trimStart().startsWith(`${placeText(r)} `) &&
            l.includes(r.name) &&
            l.includes(eloText(r.elo)) &&
            l.includes(skillText(r.skill)),
        );
        expect(found).toBeGreaterThanOrEqual(at);
        at = found + 1;
      }

      // 2-player: the crosstable of `--crosstable` is the exports'.
      if (c.game !== 'less' && c.game !== 'flit') {
        const cross = await jury('standings', db, '--json', '--crosstable');
        expect(JSON.parse(cross.out).crosstable).toEqual(views.cliJson.crosstable);
        expect(views.cliJson.crosstable?.ids).toEqual(ranking.rows.map((r) => r.id));
      } else {
        expect(await jury('standings', db, '--crosstable')).toMatchObject({
          code: 2,
          err: expect.stringMatching(/--crosstable is for 2-player games/),
        });
      }

      // Knockout: the champion first, named under the CLI table and in the HTML; losers of a round share places.
      if (c.schedule['kind'] === 'knockout') {
        const champion = ranking.rows[0];
        expect(champion?.knockout?.champion).toBe(true);
        expect(ranking.rows.filter((r) => r.knockout?.champion)).toHaveLength(1);
        expect(text.out).toContain(`Champion: ${champion?.name}`);
        expect(views.cliHtml).toContain(`Champion: <b>${champion?.name}</b>`);
        expect(views.appHtml).toContain(`Champion: <b>${champion?.name}</b>`);
        expect(ranking.rows[2]).toMatchObject({ place: 3, placeTo: 4 });
        expect(ranking.rows[3]).toMatchObject({ place: 3, placeTo: 4 });
        expect(text.out).toMatch(/^ *3–4 /m);
      } else {
        expect(text.out).not.toContain('Champion:');
      }
    }, 60_000);
  }
});
