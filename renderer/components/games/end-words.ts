import { REFEREE_CAUSE_KEYS, type GameEnd, type GameEndKind } from '../../../shared/games/end.ts';
import { formatNumber } from '../../logic/numbers.ts';

/**
 * How a game ended, in words: the message key (renderer/i18n/messages/games.ts) of every way a game can
 * end, short for the games list (which knows only the kind) and in full for the game viewer (with the
 * seat's name or the move count). Both switch over the closed union exhaustively: a new kind of ending in
 * shared/games/end.ts fails to compile here until it has its words.
 */

/** A message key with its named values. */
export interface Words {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

function unreachable(value: never): never {
  throw new Error(`unknown game end: ${JSON.stringify(value)}`);
}

/** Every kind of ending (for the list's menus and for checking strings from the engine). */
export const END_KINDS: readonly GameEndKind[] = [
  'all-home',
  'turn-limit-rush',
  'stuck-rush',
  'stuck-cutoff',
  'move-cutoff',
  'move-limit',
  'no-valid-move',
  'all-passed',
  'out-of-reach',
  'referee-report',
  'referee-failed',
];

/** Whether a string from the engine names a kind of ending. */
export function isEndKind(value: string): value is GameEndKind {
  return (END_KINDS as readonly string[]).includes(value);
}

/** The short message key of an ending's kind (the games list). */
export function endKindKey(kind: GameEndKind): string {
  switch (kind) {
    case 'all-home':
      return 'games.end.allHome';
    case 'turn-limit-rush':
      return 'games.end.turnLimitRush';
    case 'stuck-rush':
      return 'games.end.stuckRush';
    case 'stuck-cutoff':
      return 'games.end.stuckCutoff';
    case 'move-cutoff':
      return 'games.end.moveCutoff';
    case 'move-limit':
      return 'games.end.moveLimit';
    case 'no-valid-move':
      return 'games.end.noValidMove';
    case 'all-passed':
      return 'games.end.allPassed';
    case 'out-of-reach':
      return 'games.end.outOfReach';
    case 'referee-report':
      return 'games.end.refereeReport';
    case 'referee-failed':
      return 'games.end.refereeFailed';
    default:
      return unreachable(kind);
  }
}

/**
 * The move from which the judge made `seat`'s moves (its bot had failed), from the replay's steps, or null
 * when its bot played to the end.
 */
export function judgeFromSteps(
  steps: readonly { readonly ply: number; readonly seat: number | null; readonly by: string | null }[],
  seat: number,
): number | null {
  return steps.find((s) => s.seat === seat && s.by === 'takeover')?.ply ?? null;
}

/**
 * The full description of an ending (the game viewer), with the seat's bot name or the move count. A 6561
 * game that ends for want of a valid move on a seat the judge was playing for (`judgeFrom`) says so.
 */
export function endWords(
  end: GameEnd,
  seatNames: readonly string[],
  judgeFrom: (seat: number) => number | null = () => null,
): Words {
  const name = (seat: number): string => seatNames[seat] ?? `#${seat + 1}`;
  switch (end.kind) {
    case 'all-home':
      return { key: 'games.endFull.allHome', params: {} };
    case 'turn-limit-rush':
      return { key: 'games.endFull.turnLimitRush', params: {} };
    case 'stuck-rush':
      return { key: 'games.endFull.stuckRush', params: { bot: name(end.seat) } };
    case 'stuck-cutoff':
      return { key: 'games.endFull.stuckCutoff', params: { bot: name(end.seat) } };
    case 'move-cutoff':
      return { key: 'games.endFull.moveCutoff', params: { moves: end.moves } };
    case 'move-limit':
      return { key: 'games.endFull.moveLimit', params: { moves: end.moves } };
    case 'no-valid-move': {
      const from = judgeFrom(end.seat);
      return from === null
        ? { key: 'games.endFull.noValidMove', params: { bot: name(end.seat) } }
        : { key: 'games.endFull.noValidMoveJudge', params: { bot: name(end.seat), move: from } };
    }
    case 'all-passed':
      return { key: 'games.endFull.allPassed', params: {} };
    case 'out-of-reach':
      return { key: 'games.endFull.outOfReach', params: { bot: name(end.seat) } };
    case 'referee-report':
      return end.message === ''
        ? { key: 'games.endFull.refereeReport', params: {} }
        : { key: 'games.endFull.refereeReportMessage', params: { message: end.message } };
    case 'referee-failed':
      return {
        key: `games.endFull.refereeFailed.${REFEREE_CAUSE_KEYS[end.cause]}`,
        params: { reason: end.reason },
      };
    default:
      return unreachable(end);
  }
}

/**
 * A duration for lists and panels: `0.4 ms`, `850 ms`, `12.4 s` (`12,4 s` in Dutch), `3:07` (minutes);
 * `–` if unknown.
 */
export function formatDuration(ms: number | null, locale = 'en'): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  // Bots often answer in well under a millisecond: keep a decimal there, or every move reads "0 ms".
  if (ms < 10) return `${formatNumber(ms, 1, locale)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${formatNumber(ms / 1000, 1, locale)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
