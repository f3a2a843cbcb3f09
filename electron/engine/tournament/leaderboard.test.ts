import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { playOut, testContext } from '../../../shared/tournament/formats/simulate.ts';
import { crosstable } from '../../../shared/tournament/results/crosstable.ts';
import type { GameOutcome, ScheduledGame } from '../../../shared/tournament/types.ts';
import { leaderboardOfGames, stageTitle } from './leaderboard.ts';
import { basisNote, championOf, eloText, placeText, skillText } from './ranking-text.ts';

const more = games.more.info;

/** A Swiss-then-final event of `n` players played out with seeded random results. */
function swissEvent(n: number, seed = 3): { scheduled: ScheduledGame[]; outcomes: GameOutcome[] } {
  const context = testContext(n, 2, seed);
  const played = playOut(
    schedulerFor({ kind: 'swiss', swissRounds: 3, finalists: 4, permutations: 'all' }),
    context,
    {
      seed,
    },
  );
  return { scheduled: [...played.scheduled], outcomes: [...played.outcomes.values()] };
}

describe('leaderboard', () => {
  const ev = swissEvent(7);
  const participants = testContext(7, 2).participants;
  const board = leaderboardOfGames({ participants, shape: more, ...ev });

  it('names its views: the whole event, and each stage by name or title in any case', () => {
    expect(board.stages).toEqual(['swiss', 'final']);
    for (const name of [undefined, 'Whole event', 'whole EVENT', 'event', 'all'])
      expect(board.view(name)).toEqual({ ok: true, view: 'event' });
    expect(board.view('Swiss')).toEqual({ ok: true, view: { stage: 'swiss' } });
    expect(board.view(' FINAL ')).toEqual({ ok: true, view: { stage: 'final' } });
    expect(board.view('semi')).toEqual({
      ok: false,
      message: 'no stage "semi" in this event; its views: "Whole event", "Swiss", "Final"',
    });
    expect(stageTitle('knockout')).toBe('Knockout');
  });

  it('builds the crosstable from the pair totals exactly as from the outcomes, per view', () => {
    for (const view of ['event', { stage: 'swiss' }, { stage: 'final' }] as const) {
      const ranking = board.rank(view);
      const order = ranking.rows.map((r) => r.id);
      const stageOf = new Map(ev.scheduled.map((g) => [g.index, g.stage]));
      const outcomes = ev.outcomes
        .filter((o) => view === 'event' || stageOf.get(o.index) === view.stage)
        .sort((a, b) => a.index - b.index);
      expect(board.crosstable(ranking)).toEqual(crosstable(order, outcomes, more));
    }
    const less = leaderboardOfGames({ participants, shape: games.less.info, scheduled: [], outcomes: [] });
    expect(less.crosstable(less.rank('event'))).toBeNull();
  });

  it('ranks the finalists together from the schedule, before each has finished a final game', () => {
    const finalGames = ev.scheduled.filter((g) => g.stage === 'final');
    const first = finalGames[0] as ScheduledGame;
    // One final game finished: two finalists have final games, the other two are only scheduled.
    const early = leaderboardOfGames({
      participants,
      shape: more,
      scheduled: ev.scheduled,
      outcomes: ev.outcomes.filter((o) => !finalGames.some((g) => g !== first && g.index === o.index)),
    });
    const ranking = early.rank('event');
    const finalists = new Set(finalGames.flatMap((g) => g.seats));
    expect(finalists.size).toBe(4);
    expect(new Set(ranking.rows.slice(0, 4).map((r) => r.id))).toEqual(finalists);
    // The final's group is all four (the stage decides only below them), not just the two who played.
    expect(ranking.rows.map((r) => r.decidedBy)[4]).toBe('stage');
    expect(ranking.rows.slice(1, 4).map((r) => r.decidedBy)).not.toContain('stage');
  });

  it('gives the texts every view prints', () => {
    expect(placeText({ place: 3, placeTo: 4 })).toBe('3–4');
    expect(placeText({ place: 5, placeTo: 5 })).toBe('5');
    expect(eloText({ elo: 1532.4, se: 24, low: 1485, high: 1579.9 })).toBe('1532 ± 48');
    expect(eloText(null)).toBe('');
    expect(skillText({ mu: 27.26, sigma: 4.14, conservative: 14.8, games: 3 })).toBe('27.3 ± 4.1');
    const ranking = board.rank('event');
    // Seven players, three rounds: a bye a round, so the Swiss counts differ.
    expect(basisNote(ranking)).toBe('ranked by average points per game: game counts differ (Swiss)');
    expect(basisNote(board.rank({ stage: 'final' }))).toBeNull();
    expect(championOf(ranking)).toBeNull();
  });
});
