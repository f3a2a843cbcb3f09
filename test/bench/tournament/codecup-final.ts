import { emit, stageFinished, stageGames } from '../../../shared/tournament/formats/common.ts';
import { roundRobinPlan } from '../../../shared/tournament/formats/round-robin.ts';
import { finalists, swiss } from '../../../shared/tournament/formats/swiss.ts';
import type { Scheduler } from '../../../shared/tournament/types.ts';

/** CodeCup's final at full size: 60 entrants, 11 Swiss rounds, the top 58 in the final. */
export const CODECUP_FINAL = { entrants: 60, swissRounds: 11, finalists: 58, finalCycles: 5 } as const;

/** 11 × 30 pairings × 2 games, then 58 × 57 × 5 games: 17,190 in all. */
export const CODECUP_FINAL_GAMES =
  CODECUP_FINAL.swissRounds * (CODECUP_FINAL.entrants / 2) * 2 +
  CODECUP_FINAL.finalists * (CODECUP_FINAL.finalists - 1) * CODECUP_FINAL.finalCycles;

/**
 * CodeCup's final as the product's schedulers make it, but with 10 games per pair in the final: the
 * swiss format's own Swiss stage (11 rounds, pairing by standing, both seat orders per pairing), then its
 * finalists (the best 58 by the format's rule) in the round robin plan repeated 5 times (every pair 10
 * games, 5 in each seat order). The product's "Swiss then final" plays one double round robin in the
 * final; CodeCup's plays five, which is the size the memory figure is about.
 */
export function codecupFinal(): Scheduler {
  const swissStage = swiss({
    swissRounds: CODECUP_FINAL.swissRounds,
    finalists: CODECUP_FINAL.finalists,
    permutations: 'all',
  });
  return {
    next(context, history) {
      if (!stageFinished(history, 'swiss')) return { kind: 'wait' };
      const swissRoundsDone = stageGames(history, 'swiss').reduce((m, g) => Math.max(m, g.round), 0);
      if (swissRoundsDone < CODECUP_FINAL.swissRounds) return swissStage.next(context, history);
      const best = finalists(context, history, CODECUP_FINAL.finalists);
      const plan = roundRobinPlan(best, 'final', CODECUP_FINAL.finalCycles);
      const rest = plan.slice(stageGames(history, 'final').length);
      return rest.length === 0 ? { kind: 'done' } : emit(context, history, rest);
    },
    total: () => CODECUP_FINAL_GAMES,
  };
}
