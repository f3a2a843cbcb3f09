import { codecupSeatName } from '../../../shared/games/imported.ts';
import { selectOutcomes, statusWords } from '../../../shared/tournament/results/index.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameData } from './data.ts';

/** CodeCup's export header, exactly. */
export const CSV_HEADER = 'Game,Round,IsSwiss,Player,User,Score,Status';

/** The stage name whose games get `IsSwiss = swiss`; every other stage is CodeCup's `final`. */
export const SWISS_STAGE = 'swiss';

/** CodeCup's IsSwiss word of a stage: `swiss` for the Swiss stage, `final` for any other. */
export function isSwissWord(stage: string): 'swiss' | 'final' {
  return stage === SWISS_STAGE ? 'swiss' : 'final';
}

/** A string field as CodeCup writes one: always in double quotes, quotes inside doubled. */
export function csvString(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** One field quoted per RFC 4180 only when it must be (it holds `,`, `"`, CR or LF). */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? csvString(text) : text;
}

/**
 * The round numbers as CodeCup writes them: continuing across stages, so a final after 11 Swiss rounds
 * starts at round 12. Stages follow their first game; each starts after the last round of the ones
 * before. An imported event keeps its file's numbers (`data.codecup`), which already continue.
 */
function roundNumbers(data: GameData): (game: ScheduledGame) => number {
  if (data.codecup) return (g) => g.round;
  const last = new Map<string, number>();
  for (const g of data.scheduled) last.set(g.stage, Math.max(last.get(g.stage) ?? 0, g.round));
  const offset = new Map<string, number>();
  let before = 0;
  for (const [stage, rounds] of last) {
    offset.set(stage, before);
    before += rounds;
  }
  return (g) => g.round + (offset.get(g.stage) ?? 0);
}

/**
 * The results as CodeCup publishes them (compare test/fixtures/codecup/competition-sample.csv): the header,
 * then one row per seat per finished game, in schedule order (an imported event: in its file's order)
 * and seat order, each line ending in LF.
 * Game = schedule index + 1 (the transcript's number), or CodeCup's own number for an imported event;
 * Round = continuing across stages (see {@link roundNumbers}); IsSwiss = `swiss` or `final`; Player = the
 * seat, `"Player 1"` … `"Player N"`; User = the participant's name, quoted; Score = the game's score, 0
 * for a failed program (an imported event: the file's score); Status = the failure word of a failed
 * seat, otherwise WIN/LOSE/DRAW by `statusWords` (2-player: higher score wins, equal draws; Less: by team
 * score; 6561: always DRAW; Flit: the scorer of 1 wins, all zero draws; an imported event: the file's
 * word). Summed per User and IsSwiss its scores are the points and games
 * of the ranking's stage lines.
 */
export function toCsv(data: GameData): string {
  const names = new Map(data.participants.map((p) => [p.id, p.name]));
  const games = new Map(data.scheduled.map((g) => [g.index, g]));
  const round = roundNumbers(data);
  const numbers = data.codecup?.gameNumbers;
  const lines = [CSV_HEADER];
  const order = data.codecup?.fileOrder;
  const outcomes = order
    ? [...data.outcomes].sort((a, b) => (order[a.index] ?? a.index) - (order[b.index] ?? b.index))
    : selectOutcomes(data.outcomes);
  for (const o of outcomes) {
    const g = games.get(o.index);
    const words = statusWords(o, data.shape);
    const game = numbers?.[o.index] ?? o.index + 1;
    const head = `${game},${g ? round(g) : ''},${isSwissWord(g?.stage ?? '')},`;
    o.seats.forEach((id, seat) => {
      const failed = (o.statuses[seat] ?? 'OK') !== 'OK';
      // An imported event writes its file's score as published, even a failed player's.
      const score = failed && !data.codecup ? 0 : (o.scores[seat] ?? 0);
      const user = csvString(names.get(id) ?? id);
      lines.push(`${head}${csvString(codecupSeatName(seat))},${user},${score},${words[seat] ?? ''}`);
    });
  }
  return `${lines.join('\n')}\n`;
}
