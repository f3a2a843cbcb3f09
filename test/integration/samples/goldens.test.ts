import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import type { GameEnd } from '../../../shared/games/end.ts';
import type { GameModule } from '../../../shared/games/types.ts';
import type { BotSession } from '../../../shared/games/sample-session.ts';
import { LessSession } from '../../../shared/games/less/samples/session.ts';
import { MoreSession } from '../../../shared/games/more/samples/session.ts';
import { Session6561 } from '../../../shared/games/6561/samples/session.ts';
import { FlitSession } from '../../../shared/games/flit/samples/session.ts';
import { playSessions } from './memory-referee.ts';

/** A recorded game: the golden playthroughs of the game modules, and the two real CodeCup 6561 games. */
interface Recorded {
  readonly seed?: number;
  readonly board?: string;
  readonly replies?: readonly string[];
  readonly moves?: readonly string[];
  readonly end: GameEnd | string;
  readonly scores?: readonly number[];
  readonly score?: number;
}

/**
 * A chooser that plays the recorded replies in order, whatever the seat (the sessions are asked in the
 * order of play), and checks on the way that the recorded move is legal in the session's own copy of the
 * game: the session has followed every line correctly up to that point.
 */
function script<S, M>(game: GameModule<S, M>, replies: readonly string[]): (state: S) => M {
  let next = 0;
  return (state) => {
    const line = replies[next++];
    if (line === undefined) throw new Error('asked for more moves than recorded');
    const move = game.parseReply(state, line);
    if (!move.ok) throw new Error(move.error.message);
    expect(game.checkMove(state, move.value), `recorded move ${next} ${line}`).toBeNull();
    return move.value;
  };
}

function goldens(id: string): { name: string; recorded: Recorded }[] {
  const dir = new URL(`../../../shared/games/${id}/golden/`, import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, recorded: JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Recorded }));
}

function sessionsFor(id: string, replies: readonly string[]): BotSession[] {
  const seats = Array.from({ length: games[id as keyof typeof games].info.seats }, (_, seat) => seat);
  switch (id) {
    case 'less': {
      const choose = script(games.less, replies);
      return seats.map(() => new LessSession(choose, 1));
    }
    case 'more': {
      const choose = script(games.more, replies);
      return seats.map(() => new MoreSession(choose, 1));
    }
    case '6561': {
      const choose = script(games['6561'], replies);
      return seats.map(() => new Session6561(choose, 1));
    }
    default: {
      // Flit sessions see their own board, not a state; the referee checks each recorded move.
      let next = 0;
      const choose = () => {
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (replies[next++] ?? '').split(' ').map(Number);
        return { x0, y0, x1, y1 };
      };
      return seats.map(() => new FlitSession(choose, 1));
    }
  }
}

describe('sample bot sessions follow recorded games line by line', () => {
  for (const id of ['less', 'more', '6561', 'flit'] as const) {
    for (const { name, recorded } of goldens(id)) {
      it(`${id} ${name}`, () => {
        const replies = recorded.replies ?? recorded.moves ?? [];
        const options =
          recorded.board === undefined
            ? { seed: recorded.seed ?? 0 }
            : { seed: recorded.seed ?? 0, board: recorded.board };
        const played = playSessions(games[id], sessionsFor(id, replies), options);
        if (typeof recorded.end !== 'string') expect(played.end).toEqual(recorded.end);
        // In Less's final rush the sessions plan their own way home (the judge's takeover player, which
        // recorded the game, replans at every move), so the moves and points of a rush may differ.
        if (typeof recorded.end !== 'string' && recorded.end.kind.endsWith('-rush')) return;
        expect(played.replies.reduce((a, b) => a + b, 0)).toBe(replies.length);
        const score = recorded.score;
        expect(played.scores).toEqual(recorded.scores ?? [score, score]);
      });
    }
  }
});
