import type { Failure, FailureExit } from './failure.ts';
import { message, textIn, type Message, type SameTexts, type TextPath } from './message.ts';

/**
 * What a failure was, in English and Dutch, under `failure.` in the renderer: one sentence per kind of
 * {@link Failure}, the way the program ended and the hint that it forgot to flush. The English texts are
 * also the command line's, the transcripts' and the exports' (describeFailure), so there is one wording
 * per language. What a game module or the system said in its own words (an illegal move's reason, a
 * start error, the line framer's detail) stays as recorded.
 */

const en = {
  timeout: 'time limit exceeded at move {move} after {seconds} s{flush}',
  illegal: 'illegal move {line} at move {move}: {reason}',
  unreadable: 'unreadable reply {line} at move {move}: {reason}',
  protocol: 'protocol error at move {move}: {detail}',
  emptyLine: 'protocol error at move {move}: an empty line instead of a move',
  crash: 'crashed at move {move}: {exit}{flush}',
  exit: 'stopped before the game ended at move {move}: {exit}{flush}',
  rules: 'failed by the rules at move {move}: {reason}',
  start: 'could not be started: {reason}',
  ended: {
    closed: 'its output closed',
    memory: 'it was killed for reaching its memory cap of {mib} MiB',
    signal: 'it was killed by {signal}',
    code: 'it exited with code {code}',
  },
  flush: '; it had written {pending} without a newline (forgot to flush?)',
  unplayed: '{name} crashed before its first move in every game it played ({crashed} of {games})',
  unplayedWhy:
    '{name} crashed before its first move in every game it played ({crashed} of {games}): it {why}',
  inTournament: '{tournament}: {text}',
} as const;

const nl: SameTexts<typeof en> = {
  timeout: 'tijdslimiet overschreden bij zet {move} na {seconds} s{flush}',
  illegal: 'ongeldige zet {line} bij zet {move}: {reason}',
  unreadable: 'onleesbaar antwoord {line} bij zet {move}: {reason}',
  protocol: 'protocolfout bij zet {move}: {detail}',
  emptyLine: 'protocolfout bij zet {move}: een lege regel in plaats van een zet',
  crash: 'gecrasht bij zet {move}: {exit}{flush}',
  exit: 'gestopt voor het einde van de partij, bij zet {move}: {exit}{flush}',
  rules: 'afgevallen volgens de spelregels bij zet {move}: {reason}',
  start: 'kon niet worden gestart: {reason}',
  ended: {
    closed: 'de uitvoer werd gesloten',
    memory: 'het werd gestopt bij zijn geheugenlimiet van {mib} MiB',
    signal: 'het werd gestopt door {signal}',
    code: 'het stopte met afsluitcode {code}',
  },
  flush: '; het had {pending} geschreven zonder regeleinde (flush vergeten?)',
  unplayed: '{name} crashte vóór de eerste zet in elke partij die hij speelde ({crashed} van {games})',
  unplayedWhy:
    '{name} crashte vóór de eerste zet in elke partij die hij speelde ({crashed} van {games}): {why}',
  inTournament: '{tournament}: {text}',
};

/** The failure texts in English and Dutch, the renderer's `failure.` area. */
export const failureTexts = { en, nl } as const;

function key(path: TextPath<typeof en>): string {
  return `failure.${path}`;
}

function ended(exit: FailureExit | null): Message {
  if (!exit) return message(key('ended.closed'));
  if (exit.memoryCapMiB !== undefined) return message(key('ended.memory'), { mib: exit.memoryCapMiB });
  if (exit.signal) return message(key('ended.signal'), { signal: exit.signal });
  return message(key('ended.code'), { code: exit.code ?? '?' });
}

// An empty string when nothing was pending: a text leaf may not be empty.
function flush(pending: string): Message | string {
  return pending ? message(key('flush'), { pending: JSON.stringify(pending.slice(0, 40)) }) : '';
}

/**
 * One sentence saying how a program failed, as a message for vue-i18n (`useMessages` in the renderer);
 * {@link describeFailureIn} gives it as English text.
 */
export function failureMessage(failure: Failure): Message {
  const move = failure.ply + 1;
  switch (failure.kind) {
    case 'timeout':
      return message(key('timeout'), {
        move,
        seconds: (failure.usedUs / 1e6).toFixed(3),
        flush: flush(failure.pending),
      });
    case 'illegal':
      return message(key('illegal'), { move, line: JSON.stringify(failure.line), reason: failure.reason });
    case 'unreadable':
      return message(key('unreadable'), {
        move,
        line: JSON.stringify(failure.line.slice(0, 60)),
        reason: failure.reason,
      });
    case 'protocol':
      return failure.code === 'empty-line'
        ? message(key('emptyLine'), { move })
        : message(key('protocol'), { move, detail: failure.detail });
    case 'crash':
    case 'exit':
      return message(key(failure.kind), { move, exit: ended(failure.exit), flush: flush(failure.pending) });
    case 'rules':
      return message(key('rules'), { move, reason: failure.reason });
    case 'start':
      return message(key('start'), { reason: failure.reason });
  }
}

/** One sentence describing a failure in `language` (English for the CLI, transcripts and exports). */
export function describeFailureIn(failure: Failure, language: 'en' | 'nl' = 'en'): string {
  return textIn({ failure: failureTexts[language] }, failureMessage(failure));
}

/**
 * A bot that crashed before its first move in every game it played in a run (electron/engine/tournament/
 * start-failures.ts): its name, how many games, and how the first such game went, when known.
 */
export interface Unplayed {
  readonly name: string;
  readonly crashed: number;
  readonly games: number;
  readonly failure: Failure | null;
}

/** The sentence for a bot that never played (the CLI's warning, the app's notice). */
export function unplayedMessage(u: Unplayed): Message {
  const { name, crashed, games } = u;
  return u.failure === null
    ? message(key('unplayed'), { name, crashed, games })
    : message(key('unplayedWhy'), { name, crashed, games, why: failureMessage(u.failure) });
}

/** A message with the tournament's name before it (`Club night: …`), for a notice of the app. */
export function inTournament(tournament: string, text: Message): Message {
  return message(key('inTournament'), { tournament, text });
}

/** {@link unplayedMessage} as English text, for the command line. */
export function describeUnplayed(u: Unplayed): string {
  return textIn({ failure: failureTexts.en }, unplayedMessage(u));
}
