import {
  VERDICT_PATTERN_FLAGS,
  verdictWordKey,
  type VerdictOption,
} from '../../../shared/games/packages/verdict-option.ts';
import type { SeatStatus } from '../../../shared/tournament/types.ts';

/**
 * The referee's own verdict (docs/caia.md, "The referee's verdict"). caiaio's tags only say what caiaio
 * saw (a timeout, a crash, an empty line); an illegal move is seen by the referee alone, which says so in
 * its report message, by a convention between CodeCup's referees and their managers rather than by the
 * protocol: `PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN` (Spaghetti, 2022). This reads those words and decides,
 * with the tag, each player's status.
 */

/**
 * The built-in words, by {@link verdictWordKey}: a game's result is OK (the scores say who won), a
 * failure its CodeCup status word. Near variants (`Timed_out`, `illegal_move`, `crashed`) are listed
 * too; any other word means nothing (the tag decides), unless the manifest's `words` names it.
 */
const WORDS: Readonly<Record<string, SeatStatus>> = Object.fromEntries([
  ...['OK', 'WIN', 'WINS', 'WON', 'WINNER', 'LOSE', 'LOSES', 'LOSS', 'LOST', 'LOSER'].map((w) => [w, 'OK']),
  ...['DRAW', 'DRAWS', 'DRAWN', 'TIE', 'TIED'].map((w) => [w, 'OK']),
  ...['ILLEGAL', 'ILLEGALMOVE', 'INVALID', 'INVALIDMOVE', 'DISQUALIFIED'].map((w) => [w, 'ILLEGAL']),
  ...['TIMEOUT', 'TIMEDOUT', 'TIMEOUTS'].map((w) => [w, 'TIMEOUT']),
  ...['CRASH', 'CRASHED', 'CRASHES'].map((w) => [w, 'CRASH']),
  ...['EXIT', 'EXITED', 'EXITS', 'STOPPED'].map((w) => [w, 'EXIT']),
]);

/**
 * CodeCup's convention: `PLAYER`, the player's number, an optional `:` or `=`, with any blanks, `_` or
 * `-` between; the player's words run to the next `PLAYER` or the end of the message, so any separator
 * (`;_`, `,`, `_`, a space) between the items works.
 */
const PLAYER_MARK = /(?<![A-Z])PLAYER[\s_-]*(\d+)[\s_]*[:=]?/gi;
/** The most of a word the record keeps of what the referee wrote. */
const WORD_CAP = 40;

/** What the referee said of one player: its word as written, and the status that word means (null: none). */
export interface RefereeWord {
  readonly word: string;
  readonly status: SeatStatus | null;
}

function statusOf(word: string, words: Readonly<Record<string, SeatStatus>>): SeatStatus | null {
  const key = verdictWordKey(word);
  return words[key] ?? WORDS[key] ?? null;
}

/**
 * One player's words (`LOSE;_`, `ILLEGAL_(wrong_length)`): the whole text without its trailing separators
 * when it is a known word (`TIME_OUT`), else its first run of letters when that is one (`ILLEGAL`), else
 * the text as written, meaning nothing.
 */
function wordOf(text: string, words: Readonly<Record<string, SeatStatus>>): RefereeWord | null {
  const whole = text.replace(/^[\s_:=-]+|[\s_;,|.!:-]+$/g, '').slice(0, WORD_CAP);
  if (whole === '') return null;
  const status = statusOf(whole, words);
  if (status !== null) return { word: whole, status };
  const first = /^[A-Za-z]+/.exec(whole)?.[0];
  const firstStatus = first === undefined ? null : statusOf(first, words);
  return first !== undefined && firstStatus !== null
    ? { word: first, status: firstStatus }
    : { word: whole, status: null };
}

/** Player number → its text, by CodeCup's convention (first mention of a player wins). */
function conventionTexts(message: string): Map<number, string> {
  const marks = [...message.matchAll(PLAYER_MARK)];
  const texts = new Map<number, string>();
  marks.forEach((mark, i) => {
    const from = mark.index + mark[0].length;
    const to = marks[i + 1]?.index ?? message.length;
    const player = Number(mark[1]);
    if (!texts.has(player)) texts.set(player, message.slice(from, to));
  });
  return texts;
}

/** Player number → its word, by a manifest's pattern (groups `player` and `word`; first match wins). */
function patternTexts(message: string, source: string): Map<number, string> {
  const texts = new Map<number, string>();
  for (const match of message.matchAll(new RegExp(source, VERDICT_PATTERN_FLAGS))) {
    const player = Number(match.groups?.['player']);
    const word = match.groups?.['word'];
    if (Number.isSafeInteger(player) && word !== undefined && !texts.has(player)) texts.set(player, word);
  }
  return texts;
}

/**
 * What the referee's report `message` says of each of `players` players, by `rule` (the manifest's
 * `verdict`; default CodeCup's convention): per player in order, its word and that word's status, or null
 * when the message names no word for it (or the rule is `tags-only`). Case and separators do not matter;
 * a player number out of range is ignored. Never throws (the manifest's pattern was checked when loaded).
 */
export function readRefereeWords(
  message: string,
  players: number,
  rule: VerdictOption = 'codecup',
): (RefereeWord | null)[] {
  if (rule === 'tags-only') return Array.from({ length: players }, () => null);
  const custom = typeof rule === 'object' ? rule : {};
  const words = Object.fromEntries(
    Object.entries(custom.words ?? {}).map(([w, s]) => [verdictWordKey(w), s]),
  );
  const texts =
    custom.pattern === undefined ? conventionTexts(message) : patternTexts(message, custom.pattern);
  return Array.from({ length: players }, (_, i) => {
    const text = texts.get(i + 1);
    return text === undefined ? null : wordOf(text, words);
  });
}

/** One player's verdict: what the referee said, what caiaio's tag said, and which of the two decided. */
export interface SeatVerdict {
  /** The referee's word for it as written (`ILLEGAL`, `LOSE`), or null when its report named none. */
  readonly word: string | null;
  /** The status the referee's word means, or null (no word, or a word that means nothing). */
  readonly referee: SeatStatus | null;
  /** The status from the first tag caiaio sent the referee for it: OK when none. */
  readonly tag: SeatStatus;
  /** The status the player gets. */
  readonly status: SeatStatus;
  /** Whose status it got: the tag when it names a failure or the referee named nothing usable, else the referee's word. */
  readonly by: 'referee' | 'tag';
}

/**
 * The rule (docs/caia.md, "The referee's verdict"). A player caiaio saw fail (its tag names a failure)
 * keeps that failure, whatever the referee's word: the referee only learnt of it from the tag, as an empty
 * line, a timeout or a crash, while Jury saw the time and the exit status (a bot that crashes while it is
 * listened to is "illegal move (wrong length)" to a referee, CRASH to Jury). A player caiaio saw nothing
 * wrong with gets the failure the referee names (an illegal move: only the referee sees one), else OK.
 */
export function decideVerdict(tag: SeatStatus, said: RefereeWord | null): SeatVerdict {
  const word = said?.word ?? null;
  const referee = said?.status ?? null;
  if (tag !== 'OK' || referee === null) return { word, referee, tag, status: tag, by: 'tag' };
  return { word, referee, tag, status: referee, by: 'referee' };
}
