import { findGame } from '../../../shared/games/registry.ts';
import type { GameEnd } from '../../../shared/games/end.ts';
import type { AnyGameModule, Delivery } from '../../../shared/games/types.ts';
import { gameRecordSchema, type GameRecord } from './schema.ts';
import { admitRecordPackage, checkPackageRecord } from './package-replay.ts';

/** The outcome of re-checking a record: either it holds, or the first thing that does not. */
export type ReplayResult =
  | {
      readonly ok: true;
      readonly end: GameEnd;
      readonly scores: readonly number[];
      readonly finalState: unknown;
    }
  | { readonly ok: false; readonly problem: string };

/**
 * Parses and validates a record's JSON text; the error names the first field that is wrong. A game
 * package's record registers its package first (from its `caia` section).
 */
export function parseRecord(text: string): { ok: true; record: GameRecord } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: `not JSON: ${(e as Error).message}` };
  }
  admitRecordPackage(json);
  const parsed = gameRecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(top level)';
    return { ok: false, problem: `not a Jury game record: ${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, record: parsed.data };
}

/**
 * Replays a record through its game module: every move must be legal in turn, the lines each seat was
 * sent must be exactly what the protocol prescribes (up to the point a seat stopped receiving), and the
 * end and the scores must come out as recorded. A game package's record, which has no moves, is checked
 * against its referee's report instead (package-replay.ts).
 */
export function replayRecord(record: GameRecord): ReplayResult {
  if (record.caia !== undefined) return checkPackageRecord(record);
  const game = findGame(record.game);
  if (!game) return { ok: false, problem: `unknown game ${record.game}` };
  const setup = game.setup(
    record.board === null ? { seed: record.seed } : { seed: record.seed, board: record.board },
  );
  if (!setup.ok) return { ok: false, problem: `setup: ${setup.error.message}` };
  let state: unknown = setup.value;
  const sent: string[][] = record.seats.map(() => []);
  const collect = (ds: readonly Delivery[]): void => ds.forEach((d) => sent[d.seat]?.push(d.line));
  collect(game.opening(state));

  for (const m of record.moves) {
    const actor = game.toAct(state);
    if (actor !== m.seat)
      return { ok: false, problem: `move ${m.ply + 1}: seat ${m.seat} moved but seat ${actor} was to act` };
    const before = state;
    if (m.by === 'missed') {
      if (!game.missedTurn || !game.afterMissedTurn || !m.cause) {
        return { ok: false, problem: `move ${m.ply + 1}: a missed turn in a game without missed turns` };
      }
      state = game.missedTurn(before, m.cause);
      collect(game.afterMissedTurn(before, state));
      continue;
    }
    const step = applyLine(game, before, m.line);
    if (typeof step === 'string')
      return { ok: false, problem: `move ${m.ply + 1} ${JSON.stringify(m.line)}: ${step}` };
    state = step.state;
    collect(game.afterMove(before, step.move, state));
  }

  const end = game.end(state);
  if (end === null) return { ok: false, problem: 'the recorded moves end before the game does' };
  if (JSON.stringify(end) !== JSON.stringify(record.end)) {
    return {
      ok: false,
      problem: `the game ends ${JSON.stringify(end)}, the record says ${JSON.stringify(record.end)}`,
    };
  }
  const scores = game.scores(
    state,
    record.seats.map((s) => s.failure !== null),
  );
  if (JSON.stringify(scores) !== JSON.stringify(record.scores)) {
    return {
      ok: false,
      problem: `the scores come out ${scores.join(' ')}, the record says ${record.scores.join(' ')}`,
    };
  }
  for (let seat = 0; seat < record.seats.length; seat++) {
    const got = record.lines.filter((l) => l.seat === seat && l.dir === 'in').map((l) => l.text);
    const want = sent[seat] ?? [];
    const at = got.findIndex((line, i) => line !== want[i]);
    if (at >= 0 || got.length > want.length) {
      const i = at >= 0 ? at : want.length;
      return {
        ok: false,
        problem: `seat ${seat} line ${i + 1} was ${JSON.stringify(got[i])}, the protocol says ${JSON.stringify(want[i])}`,
      };
    }
  }
  return { ok: true, end, scores, finalState: state };
}

function applyLine(
  game: AnyGameModule,
  state: unknown,
  line: string,
): { state: unknown; move: unknown } | string {
  const parsed = game.parseReply(state, line);
  if (!parsed.ok) return parsed.error.message;
  const reason = game.checkMove(state, parsed.value);
  if (reason !== null) return reason;
  return { state: game.apply(state, parsed.value), move: parsed.value };
}
