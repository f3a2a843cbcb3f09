import type { z } from 'zod';
import type { AnyGameModule } from '../../../shared/games/types.ts';
import type { gameFrameSchema } from '../../../shared/ipc/app-schemas.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { RecordSummary } from '../../engine/record/summary.ts';
import type { RefereeEvent } from '../../engine/referee/referee.ts';
import type { FrameCoalescer } from './coalescer.ts';
import { ok } from '../../../shared/games/result.ts';
import {
  addTranscriptFailure,
  addTranscriptLine,
  emptyTranscript,
  isTranscriptState,
} from '../../../shared/games/packages/transcript.ts';
import type { CaiaEvent } from '../../engine/caia/types.ts';

/** The live picture of one running game. */
export type GameFrame = z.output<typeof gameFrameSchema>;

/** A frame made only when it is sent: the state's JSON form is built for the frames that go out. */
export type LazyFrame = () => GameFrame;

interface Board {
  readonly game: ScheduledGame;
  readonly seats: readonly string[];
  state: unknown;
  ply: number;
  lastMove: string | null;
  readonly chargedUs: number[];
}

/** Options of {@link LiveBoards}. */
export interface LiveBoardsOptions {
  readonly tournament: string;
  /** The game's module; null for a game package's game, whose board is its transcript. */
  readonly module: AnyGameModule | null;
  /** Participant names by id. */
  readonly names: ReadonlyMap<string, string>;
  /** Where frames go; shared by every tournament (keys start with the tournament id). */
  readonly coalescer: FrameCoalescer<string, LazyFrame>;
}

/**
 * The running games of one tournament as live boards: each game's latest state, ply, last move, time
 * charged per seat and seat to act, kept from the referee's events. Every change is handed to the
 * coalescer, which sends at most one frame per board per interval; the end of a game always sends its
 * final frame (scores set; null for a game that was thrown away, so the board can be taken down).
 */
export class LiveBoards {
  readonly #opts: LiveBoardsOptions;
  readonly #boards = new Map<number, Board>();

  constructor(options: LiveBoardsOptions) {
    this.#opts = options;
  }

  /** A game started: its opening position is the first frame. */
  start(game: ScheduledGame): void {
    const { module, names } = this.#opts;
    const setup =
      module === null
        ? ok(emptyTranscript(game.seats.length))
        : module.setup(game.board === null ? { seed: game.seed } : { seed: game.seed, board: game.board });
    if (!setup.ok) return; // the referee refuses it too, and the runner reports the game as failed
    const board: Board = {
      game,
      seats: game.seats.map((id) => names.get(id) ?? id),
      state: setup.value,
      ply: 0,
      lastMove: null,
      chargedUs: game.seats.map(() => 0),
    };
    this.#boards.set(game.index, board);
    this.#push(board);
  }

  /** A referee event of a running game; events of games not (or no longer) on the wall are ignored. */
  event(game: ScheduledGame, event: RefereeEvent): void {
    const board = this.#boards.get(game.index);
    if (!board || board.game !== game || event.kind !== 'move') return;
    board.state = event.state;
    board.ply = event.ply + 1;
    board.lastMove = event.line === '' ? null : event.line;
    board.chargedUs[event.seat] = (board.chargedUs[event.seat] ?? 0) + (event.chargedUs ?? 0);
    this.#push(board);
  }

  /** An event of a running game package's game: a line of its transcript or a player's failure. */
  caiaEvent(game: ScheduledGame, event: CaiaEvent): void {
    const board = this.#boards.get(game.index);
    if (!board || board.game !== game || !isTranscriptState(board.state)) return;
    if (event.kind === 'failure') {
      board.state = addTranscriptFailure(board.state, event.player, event.tag);
    } else {
      const { t, program, dir, text } = event.line;
      board.state = addTranscriptLine(board.state, { ms: t / 1000, program, dir, text });
      board.ply += 1;
      board.lastMove = text === '' ? null : text;
    }
    this.#push(board);
  }

  /** A game finished: its final frame, with the recorded scores and times, goes out at once. */
  finish(game: ScheduledGame, record: Pick<RecordSummary, 'scores' | 'seats'>): void {
    const board = this.#boards.get(game.index);
    if (!board) return;
    this.#boards.delete(game.index);
    const clocks = record.seats.map((s) => s.time.chargedUs / 1000);
    const scores = [...record.scores];
    const frame = this.#frame(board, { done: true, scores, clocksMs: clocks });
    this.#opts.coalescer.finish(this.#key(game.index), () => frame);
  }

  /** A game was thrown away (aborted or failed): a last frame without scores takes its board down. */
  drop(index: number): void {
    const board = this.#boards.get(index);
    if (!board) return;
    this.#boards.delete(index);
    const frame = this.#frame(board, { done: true, scores: null });
    this.#opts.coalescer.finish(this.#key(index), () => frame);
  }

  /** Takes every board down (the run ended). */
  dropAll(): void {
    for (const index of [...this.#boards.keys()]) this.drop(index);
  }

  /** The latest frame of every running game, in schedule order. */
  frames(): GameFrame[] {
    return [...this.#boards.values()]
      .sort((a, b) => a.game.index - b.game.index)
      .map((b) => this.#frame(b, {}));
  }

  /** The indexes of the games on the wall. */
  running(): Set<number> {
    return new Set(this.#boards.keys());
  }

  #key(index: number): string {
    return `${this.#opts.tournament}\u0000${index}`;
  }

  #push(board: Board): void {
    // A snapshot now (states are immutable), the JSON form only if this frame is the one sent.
    const snapshot = { ...board, chargedUs: [...board.chargedUs] };
    this.#opts.coalescer.push(this.#key(board.game.index), () => this.#frame(snapshot, {}));
  }

  #frame(board: Board, end: { done?: boolean; scores?: number[] | null; clocksMs?: number[] }): GameFrame {
    const { module, tournament } = this.#opts;
    const done = end.done ?? false;
    return {
      tournament,
      game: board.game.index,
      stage: board.game.stage,
      round: board.game.round,
      seats: [...board.seats],
      ply: board.ply,
      state: module === null ? board.state : module.toJson(board.state),
      lastMove: board.lastMove,
      clocksMs: end.clocksMs ?? board.chargedUs.map((us) => us / 1000),
      toAct: done || module === null ? null : module.toAct(board.state),
      done,
      scores: end.scores ?? null,
    };
  }
}
