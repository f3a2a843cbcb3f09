/**
 * Leaderboards for the renderer's tests, made the way the engine makes them: real games through
 * `fromOutcomes` and `rankEvent` (shared/tournament/ranking). A test kit, so it lives under test/.
 */
import { games as registry } from '../../shared/games/registry.ts';
import {
  fromOutcomes,
  rankEvent,
  type Ranking,
  type RankView,
} from '../../shared/tournament/ranking/index.ts';
import { games, type Played } from './ranking-games.ts';
import type { GameShape } from '../../shared/tournament/results/results.ts';

const people = (ids: readonly string[]) =>
  ids.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));

function rank(
  all: readonly Played[],
  ids: readonly string[],
  shape: GameShape,
  view: RankView = 'event',
  gamesPerMatch?: number,
): Ranking {
  const totals = fromOutcomes(
    all.map((p) => p.outcome),
    all.map((p) => p.game),
    shape,
  );
  return rankEvent(totals, {
    participants: people(ids),
    shape,
    view,
    ...(gamesPerMatch !== undefined && { gamesPerMatch }),
  });
}

/**
 * More (2 players), 5 bots, CodeCup's Swiss then a final of the top 2. Swiss, 2 games each: Dee 35,
 * Bob 22, Cy 19, Ann 18, Eve 6 (Eve crashed against Dee). Final: Bob 21, Dee 19. Whole event: Bob, Dee
 * (the final), then Cy, Ann, Eve by the Swiss.
 */
export function swissThenFinal(view: RankView = 'event'): Ranking {
  const g = games();
  g.play('swiss', ['dee', 'cy'], [15, 5]);
  g.play('swiss', ['bob', 'ann'], [12, 8]);
  g.play('swiss', ['eve', 'dee'], [0, 20], { statuses: ['CRASH', 'OK'] });
  g.play('swiss', ['cy', 'eve'], [14, 6], { round: 2 });
  g.play('swiss', ['ann', 'bob'], [10, 10], { round: 2 });
  g.play('final', ['bob', 'dee'], [11, 9]);
  g.play('final', ['dee', 'bob'], [10, 10]);
  return rank(g.all, ['ann', 'bob', 'cy', 'dee', 'eve'], registry.more.info, view);
}

/** More, one stage, unequal game counts (Ann and Dee 3 games, Bob and Cy 2): ranked by average. */
export function unequalCounts(): Ranking {
  const g = games();
  g.play('main', ['ann', 'bob'], [12, 8]);
  g.play('main', ['cy', 'dee'], [10, 10]);
  g.play('main', ['ann', 'cy'], [15, 5]);
  g.play('main', ['bob', 'dee'], [14, 6]);
  g.play('main', ['ann', 'dee'], [9, 11]);
  return rank(g.all, ['ann', 'bob', 'cy', 'dee'], registry.more.info);
}

/**
 * More, a knockout of 4 with one game per match: Ann beats Dee, Cy beats Bob, Cy beats Ann in the
 * final. Cy is the champion, Ann second, Bob and Dee share 3–4.
 */
export function knockout(): Ranking {
  const g = games();
  g.play('knockout', ['ann', 'dee'], [12, 8], { round: 1, match: 'r1m1' });
  g.play('knockout', ['bob', 'cy'], [7, 13], { round: 1, match: 'r1m2' });
  g.play('knockout', ['ann', 'cy'], [9, 11], { round: 2, match: 'r2m1' });
  return rank(g.all, ['ann', 'bob', 'cy', 'dee'], registry.more.info, 'event', 1);
}

/** Flit (4 players, no teams), one stage of 2 games: openskill only, no Elo. */
export function fourPlayers(): Ranking {
  const g = games();
  g.play('main', ['ann', 'bob', 'cy', 'dee'], [1, 0, 0, 0]);
  g.play('main', ['bob', 'cy', 'dee', 'ann'], [0, 1, 0, 0]);
  return rank(g.all, ['ann', 'bob', 'cy', 'dee'], registry.flit.info);
}

/** 6561 (cooperative): no W/D/L and no ratings. */
export function cooperative(): Ranking {
  const g = games();
  g.play('main', ['ann', 'bob'], [40, 40]);
  return rank(g.all, ['ann', 'bob'], registry['6561'].info);
}
