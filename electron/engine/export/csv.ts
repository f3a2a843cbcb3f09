import { selectOutcomes, statusWords } from '../../../shared/tournament/standings/index.ts';
import type { GameData } from './data.ts';

/** CodeCup's export header, exactly. */
export const CSV_HEADER = 'Game,Round,IsSwiss,Player,User,Score,Status';

/** The stage name whose games get `IsSwiss = 1`. */
export const SWISS_STAGE = 'swiss';

/** One field quoted per RFC 4180: in double quotes, with quotes doubled, when it holds `,`, `"`, CR or LF. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The results in CodeCup's CSV layout: the header, then one row per seat per finished game, in schedule
 * order and seat order. Game = schedule index + 1 (the same number as the transcript file); Round = the
 * round within the game's stage; IsSwiss = 1 for games of the `swiss` stage, else 0; Player = the
 * participant's display name; User = its id (stable, unique); Score = the game's own score; Status = the
 * failure word of a failed seat, otherwise WIN/LOSE/DRAW by `statusWords` (2-player: higher score wins,
 * equal draws; Less: by team score; 6561: always DRAW; Flit: the scorer of 1 wins, all zero draws).
 * Lines end with CRLF, as RFC 4180 asks, including the last. This is CodeCup's game list, not a ranking:
 * summed per player (and per IsSwiss) its scores are the points and games of the ranking's stage lines.
 */
export function toCsv(data: GameData): string {
  const names = new Map(data.participants.map((p) => [p.id, p.name]));
  const games = new Map(data.scheduled.map((g) => [g.index, g]));
  const lines = [CSV_HEADER];
  for (const o of selectOutcomes(data.outcomes)) {
    const g = games.get(o.index);
    const words = statusWords(o, data.shape);
    o.seats.forEach((id, seat) => {
      const fields = [
        o.index + 1,
        g?.round ?? '',
        g?.stage === SWISS_STAGE ? 1 : 0,
        names.get(id) ?? id,
        id,
        o.scores[seat] ?? 0,
        words[seat] ?? '',
      ];
      lines.push(fields.map(csvField).join(','));
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}
