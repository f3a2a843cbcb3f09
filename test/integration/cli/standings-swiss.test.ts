import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventViews, jury } from '../../helpers/leaderboard-views.ts';
import { startHarness, type Harness } from '../../helpers/service-harness.ts';
import { expectViewsAgree } from '../../helpers/views-agree.ts';

// CodeCup's format played by real sample bots: a More Swiss of five bots (a bye each round, so the Swiss
// game counts differ), then a double round robin of the top three. The first finding was that
// every view showed the final's table for the whole event (non-finalists with 0 games, by name) and the
// HTML export other Elo figures than the CLI.

const config = {
  format: 'jury-tournament',
  version: 1,
  name: 'Club night',
  game: 'more',
  seed: 11,
  schedule: { kind: 'swiss', swissRounds: 2, finalists: 3 },
  bots: [
    { name: 'Greedy A', sample: 'greedy' },
    { name: 'Greedy B', sample: 'greedy' },
    { name: 'Random A', sample: 'random' },
    { name: 'Random B', sample: 'random' },
    { name: 'Random C', sample: 'random' },
  ],
  timing: { mode: 'cpu' },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.dispose();
});

describe('a Swiss-then-final event of sample bots', () => {
  it('ranks every bot with its games, finalists first, and every view agrees', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-swiss-'));
    const file = join(dir, 'club.json');
    writeFileSync(file, JSON.stringify(config));
    // In the app's folder, so the app reads the very file jury standings and jury export read.
    const db = join(h.dir, 'tournaments', 'Club.sqlite');
    const ran = await jury('run', file, '--db', db, '--concurrency', '2', '--json');
    expect(ran.code).toBe(0);

    const views = await eventViews(h, 'Club', dir);
    const { ranking } = views.cli;
    expect(views.cli.finished).toBe(views.cli.scheduled);
    expect(ranking.stages.map((s) => s.stage)).toEqual(['swiss', 'final']);
    // Every bot, each with the games it played.
    expect(ranking.rows.map((r) => r.name).sort()).toEqual(config.bots.map((b) => b.name).sort());
    for (const r of ranking.rows) {
      expect(r.stages.map((l) => l.stage)).toEqual(['swiss', 'final']);
      expect(r.stages[0]?.games).toBeGreaterThan(0);
      expect(r.games).toBe(r.stages.find((l) => l.stage === r.stage)?.games);
      expect(r.points).toBe(r.stages.find((l) => l.stage === r.stage)?.points);
    }
    // The three finalists first, ranked by the final (4 games each: a double round robin of three), then
    // the other two by the Swiss.
    expect(ranking.rows.map((r) => r.stage)).toEqual(['final', 'final', 'final', 'swiss', 'swiss']);
    expect(ranking.rows.map((r) => r.place)).toEqual([1, 2, 3, 4, 5]);
    expect(ranking.rows.slice(0, 3).map((r) => r.stages[1]?.games)).toEqual([4, 4, 4]);
    expect(ranking.rows.slice(3).map((r) => r.stages[1]?.games)).toEqual([0, 0]);
    expect(ranking.rows[3]?.decidedBy).toBe('stage');
    const finalPoints = ranking.rows.slice(0, 3).map((r) => r.points);
    expect([...finalPoints].sort((a, b) => b - a)).toEqual(finalPoints);
    // Five bots, two rounds: one bye a round, so Swiss counts differ and the Swiss ranks by average.
    expect(ranking.stages[0]?.basis).toBe('average');
    const rest = ranking.rows.slice(3).map((r) => r.average);
    expect([...rest].sort((a, b) => b - a)).toEqual(rest);
    // Ratings from every game: Elo ± 95% and openskill for each bot.
    expect(ranking.rows.every((r) => r.elo !== null && r.skill !== null && r.skill.games > 0)).toBe(true);

    expectViewsAgree(views);

    // The text table: the ranking stage, the per-stage figures, W/D/L, both ratings, the average note.
    const text = await jury('standings', db);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Club night: (\d+) of \1 scheduled games finished$/m);
    expect(text.out).toMatch(/^ +Swiss +Final$/m);
    expect(text.out).toMatch(
      /^# +bot +ranked by +points +games +avg +points +games +avg +W\/D\/L +irregular +Elo ± 95% +μ ± σ$/m,
    );
    expect(text.out).toContain('ranked by average points per game: game counts differ (Swiss)');
    for (const r of ranking.rows)
      expect(text.out).toMatch(
        new RegExp(`^${r.place}  ${r.name} +${r.stage === 'final' ? 'Final' : 'Swiss'} `, 'm'),
      );

    // "Whole event", "Swiss" and "Final" all work, in any case; the Final view ranks the finalists by it.
    const final = await jury('standings', db, '--stage', 'final');
    expect(final.out).toMatch(/^view: Final$/m);
    expect(views.cliStages[1]?.ranking.rows.slice(0, 3).map((r) => r.id)).toEqual(
      ranking.rows.slice(0, 3).map((r) => r.id),
    );
    expect((await jury('standings', db, '--stage', 'Whole event', '--json')).out).toBe(
      (await jury('standings', db, '--json')).out,
    );
    expect(await jury('standings', db, '--stage', 'semi')).toMatchObject({
      code: 2,
      out: '',
      err: 'jury: --stage: no stage "semi" in this event; its views: "Whole event", "Swiss", "Final"\n',
    });
    // The crosstable of the whole event: every pair that met, in ranking order.
    const cross = await jury('standings', db, '--crosstable');
    expect(cross.out).toContain('Crosstable (Whole event)');
    expect(cross.out).toContain(`1. ${ranking.rows[0]?.name}`);
  }, 300_000);
});
