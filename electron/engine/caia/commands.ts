import { readInt, readWord } from './line.ts';

/**
 * The `I …` commands a referee may send (PROTOCOL.md §4): lock, unlock, listen and request_time. Every
 * other one is fatal, as in caiaio, which stops the whole game on a command it cannot carry out.
 */
export type RefereeCommand =
  | { readonly kind: 'lock' }
  | { readonly kind: 'unlock' }
  | { readonly kind: 'listen'; readonly player: number }
  | { readonly kind: 'request_time'; readonly player: number }
  /** The game ends: `reason` is one sentence naming the line and what is wrong with it. */
  | { readonly kind: 'fatal'; readonly reason: string };

/** caiaio's commands that only its manager may send (Jury is the manager: it does these itself). */
const MANAGER_ONLY = new Set([
  'cpu_speed',
  'number_players',
  'player',
  'start',
  'referee',
  'kill',
  'kill_referee',
  'stop_caiaio',
]);

function quoted(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

/**
 * Parses the text after a referee's `I` (`line` is the whole line, for messages). `players` is the
 * game's number of players: a listen or request_time for another number is fatal. Extra words after
 * a command are ignored, as caiaio ignores them.
 */
export function parseRefereeCommand(rest: string, line: string, players: number): RefereeCommand {
  const { word, rest: args } = readWord(rest);
  switch (word) {
    case 'lock':
      return { kind: 'lock' };
    case 'unlock':
      return { kind: 'unlock' };
    case 'listen':
    case 'request_time': {
      const n = readInt(args);
      if (n.kind === 'missing') {
        return { kind: 'fatal', reason: `incomplete ${word} command ${quoted(line)}: it names no player` };
      }
      if (n.kind === 'invalid') {
        return {
          kind: 'fatal',
          reason: `invalid ${word} command ${quoted(line)}: ${quoted(n.word)} is not a player number`,
        };
      }
      if (n.value < 1 || n.value > players) {
        return {
          kind: 'fatal',
          reason: `${word} command ${quoted(line)}: there is no player ${n.value} (players are 1 to ${players})`,
        };
      }
      return { kind: word, player: n.value };
    }
    default:
      if (MANAGER_ONLY.has(word)) {
        return {
          kind: 'fatal',
          reason: `the referee sent ${quoted(line)}, a manager's command: a referee may only send I lock, I unlock, I listen and I request_time`,
        };
      }
      return { kind: 'fatal', reason: `the referee sent an unknown command: ${quoted(line)}` };
  }
}
