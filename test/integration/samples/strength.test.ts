import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import type { GameEndKind } from '../../../shared/games/end.ts';
import type { FlitState } from '../../../shared/games/flit/state.ts';
import type { BotSession } from '../../../shared/games/sample-session.ts';
import { LessSession } from '../../../shared/games/less/samples/session.ts';
import { greedyLessTurn, randomLessTurn } from '../../../shared/games/less/samples/strategies.ts';
import { MoreSession } from '../../../shared/games/more/samples/session.ts';
import { greedyMoreMove, randomMoreMove } from '../../../shared/games/more/samples/strategies.ts';
import { Session6561 } from '../../../shared/games/6561/samples/session.ts';
import { greedy6561Move, random6561Move } from '../../../shared/games/6561/samples/strategies.ts';
import { FlitSession } from '../../../shared/games/flit/samples/session.ts';
import { greedyFlitMove, randomFlitMove } from '../../../shared/games/flit/samples/strategies.ts';
import { playSessions } from './memory-referee.ts';

/**
 * Greedy against random, played in memory through the bots' own sessions (the same code the executables
 * run, minus standard input and output), over several seeds and both seatings. Deterministic: the game
 * seeds and the bots' seeds are fixed.
 */

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

/** Plays `seeds` with greedy on the seats where `greedyAt` holds, both ways round; scores per kind of bot. */
function contest(
  id: 'less' | 'more' | 'flit',
  seeds: readonly number[],
  make: (greedy: boolean, seed: number) => BotSession,
): {
  greedy: number[];
  random: number[];
  ends: Set<GameEndKind>;
  pieces: { greedy: number[]; random: number[] };
} {
  const out = { greedy: [] as number[], random: [] as number[], ends: new Set<GameEndKind>() };
  const pieces = { greedy: [] as number[], random: [] as number[] };
  const seats = games[id].info.seats;
  for (const seed of seeds) {
    for (const first of [true, false]) {
      // Greedy on seats 0 and 2 (one team in Less) or on seats 1 and 3.
      const greedyAt = (seat: number): boolean => (seat % 2 === 0) === first;
      const sessions = Array.from({ length: seats }, (_, seat) => make(greedyAt(seat), seed * 10 + seat));
      const played = playSessions(games[id], sessions, { seed });
      out.ends.add(played.end.kind);
      played.scores.forEach((score, seat) => out[greedyAt(seat) ? 'greedy' : 'random'].push(score));
      if (id === 'flit') {
        const counts = (played.state as FlitState).counts;
        for (let seat = 0; seat < seats; seat++)
          pieces[greedyAt(seat) ? 'greedy' : 'random'].push(counts[seat + 1] ?? 0);
      }
    }
  }
  return { ...out, pieces };
}

describe('the greedy sample bots beat the random ones clearly', () => {
  it('Less: the greedy team wins by far in both seatings, and greedy teams alone bring everybody home', () => {
    const result = contest(
      'less',
      [1, 2, 3, 4, 5],
      (greedy, seed) => new LessSession(greedy ? greedyLessTurn : randomLessTurn, seed),
    );
    expect(mean(result.greedy)).toBeGreaterThanOrEqual(18);
    expect(mean(result.random)).toBeLessThanOrEqual(2);
    // Random teams never finish within 20 turns: every game went through the final rush (Move, Quit).
    expect([...result.ends]).toEqual(['turn-limit-rush']);
    const allGreedy = [1, 2, 3].map((seed) =>
      playSessions(
        games.less,
        [0, 1, 2, 3].map((seat) => new LessSession(greedyLessTurn, seat)),
        { seed },
      ),
    );
    // One team completes first and the other plays on reading Nil for the finished players' turns.
    expect(allGreedy.map((g) => g.end.kind)).toEqual(['all-home', 'all-home', 'all-home']);
  });

  it('More: the greedy player wins by far in both seats', () => {
    const result = contest(
      'more',
      [1, 2, 3, 4, 5, 6, 7, 8],
      (greedy, seed) => new MoreSession(greedy ? greedyMoreMove : randomMoreMove, seed),
    );
    expect(mean(result.greedy)).toBeGreaterThanOrEqual(18);
    const allGreedy = [1, 2, 3].map((seed) =>
      playSessions(
        games.more,
        [0, 1].map((seat) => new MoreSession(greedyMoreMove, seat)),
        { seed },
      ),
    );
    // Both get home: the first home is followed by Nil lines for the other.
    expect(allGreedy.map((g) => g.end.kind)).toEqual(['all-home', 'all-home', 'all-home']);
  });

  it('6561: two greedy players reach far larger sums than two random ones, and help a random partner', () => {
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const score = (a: typeof greedy6561Move, b: typeof greedy6561Move): number[] =>
      seeds.map(
        (seed) =>
          playSessions(games['6561'], [new Session6561(a, seed), new Session6561(b, seed + 1)], { seed })
            .scores[0] as number,
      );
    const greedy = mean(score(greedy6561Move, greedy6561Move));
    const mixed = mean(score(greedy6561Move, random6561Move));
    const random = mean(score(random6561Move, random6561Move));
    expect(greedy).toBeGreaterThan(3 * random);
    expect(mixed).toBeGreaterThan(2 * random);
  });

  it('Flit: greedy bots collect far more pieces and win more often than random ones', () => {
    const result = contest(
      'flit',
      [1, 2],
      (greedy, seed) => new FlitSession(greedy ? greedyFlitMove : randomFlitMove, seed),
    );
    expect(mean(result.pieces.greedy)).toBeGreaterThan(1.5 * mean(result.pieces.random));
    expect(result.greedy.reduce((a, b) => a + b, 0)).toBeGreaterThan(
      result.random.reduce((a, b) => a + b, 0),
    );
  });
});
