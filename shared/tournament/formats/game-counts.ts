import type { FormatConfig } from './index.ts';

/**
 * Whether every participant of a stage plays the same number of games in it, as the format schedules
 * them, so that standings may compare totals; when false, counts can differ and standings must compare
 * averages per game. `stage` is a stage name as the scheduler writes it (`main`, `swiss`, `final`,
 * `knockout`); without it the answer is for the whole event, every participant and every stage
 * together. A stage's participants are those the format puts in it: everyone, except in `final` (the
 * finalists). Give it a config that {@link validateFormat} accepts. Exact for every stage: true means the
 * counts are equal whatever the results, false means they differ (for the whole event of a Swiss, false
 * only means they can).
 *
 * - Round robin: always equal (every pair plays both seat orders, R times).
 * - Groups: always equal. `all-groups` seats everyone in C(n−1, k−1) groups; `rounds` extends the rounds
 *   so everyone sits at the same number of tables (see `roundTables` in groups.ts).
 * - Swiss, stage `swiss`: K rounds are kept, so with an odd 2-player field (one bye a round) or k not
 *   dividing the field (n mod k sit out a round) counts are equal only when the rotation comes round
 *   evenly: n divides K·(players left out per round). A bye or a sit-out is no game (0 games, 0 points).
 *   Stage `final`: always equal among the finalists. Whole event: the Swiss stage is equal and every
 *   participant is a finalist.
 * - Knockout: equal only for 2 players; otherwise losers play fewer games, and deciders add games.
 * - Gauntlet: by design challengers play the field and the field plays the challengers, so counts are
 *   equal only when the field is exactly challengers·(k−1) bots (challengers in 2-player games).
 */
export function gameCountsEqual(
  config: FormatConfig,
  seats: number,
  participantCount: number,
  stage?: string,
): boolean {
  const n = participantCount;
  switch (config.kind) {
    case 'round-robin':
      return true;
    case 'groups':
      // Events planned before the counts were evened play exactly their rounds (see GroupsSettings).
      return (
        config.mode === 'all-groups' || config.evenOut !== false || (config.rounds * (n % seats)) % n === 0
      );
    case 'swiss': {
      if (stage === 'final') return true;
      // Players left out of each Swiss round: the bye (2-player, odd n) or the sit-outs (n mod k).
      const swissEqual = (config.swissRounds * (n % seats)) % n === 0;
      return stage === 'swiss' ? swissEqual : swissEqual && config.finalists >= n;
    }
    case 'knockout':
      return n <= 2;
    case 'gauntlet':
      return n - config.challengers.length === config.challengers.length * (seats - 1);
  }
}
