import type { Failure } from '../../../shared/games/failure.ts';
import { describeFailureIn } from '../../../shared/games/failure-texts.ts';

// The closed Failure union and CodeCup's status words are facts every side reads (the record, the game
// viewer), so they live in shared/games/failure.ts; the referee, the record and the engine import them
// from here.
export { statusWord, type Failure, type StatusWord } from '../../../shared/games/failure.ts';

/**
 * One English sentence describing a failure, for transcripts, the CLI and the exports. The app words the
 * failure itself (shared/games/failure-texts.ts, the same English texts), in the user's language.
 */
export function describeFailure(failure: Failure): string {
  return describeFailureIn(failure, 'en');
}
