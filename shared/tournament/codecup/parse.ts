import { err, ok, quote, type InputError, type Result } from '../../games/result.ts';

/**
 * The reader of CodeCup's published result file (`Game,Round,IsSwiss,Player,User,Score,Status`, one row
 * per seat per game). Its own small strict parser rather than a CSV library: no CSV library is among
 * Jury's dependencies, shared/ must stay free of Node (the common ones are stream-based), and the format
 * is seven fields with RFC 4180 quoting. What matters more here than general CSV is that every refusal
 * names its line and column and the field, which a parser of our own can do for the syntax and for the
 * values alike. Never throws: a bad file is an {@link InputError} whose message starts with
 * `line L, column C`.
 */

/** CodeCup's header line, exactly. */
export const CODECUP_HEADER = ['Game', 'Round', 'IsSwiss', 'Player', 'User', 'Score', 'Status'] as const;

/** CodeCup's words in IsSwiss: the Swiss stage and the final (every other stage). */
export const CODECUP_STAGES = ['swiss', 'final'] as const;

/** A status word of the file: how the seat did, or how its program failed (it then scores 0). */
export const CODECUP_STATUSES = ['WIN', 'LOSE', 'DRAW', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT'] as const;

/** One of {@link CODECUP_STATUSES}. */
export type CodecupStatus = (typeof CODECUP_STATUSES)[number];

/** Where a field starts: 1-based line and column, as an editor shows them. */
export interface Place {
  readonly line: number;
  readonly column: number;
}

/** One row of the file, its values checked one by one, with where each field starts. */
export interface CodecupRow {
  readonly line: number;
  readonly game: number;
  readonly round: number;
  readonly stage: (typeof CODECUP_STAGES)[number];
  /** The seat, from 0 (`Player 1` is 0). */
  readonly seat: number;
  readonly user: string;
  readonly score: number;
  readonly status: CodecupStatus;
  /** Where each of the seven fields starts, in header order. */
  readonly at: readonly Place[];
}

/** Where field `field` (0 to 6, header order) of `row` starts. */
export function placeOf(row: CodecupRow, field: number): Place {
  return row.at[field] ?? { line: row.line, column: 1 };
}

/** A refusal at `place` in field `field` (a header name, or null for the line as a whole). */
export function problemAt(place: Place, field: string | null, message: string): InputError {
  const where = `line ${place.line}, column ${place.column}${field === null ? '' : ` (${field})`}`;
  return { code: 'codecup-csv', message: `${where}: ${message}` };
}

/** The raw fields of every record, with the place each starts; quotes resolved. */
interface RawRecord {
  readonly fields: string[];
  readonly at: Place[];
}

/** Splits the text into records of fields (RFC 4180: quoted fields may hold `,`, `""` and line breaks). */
function records(text: string): Result<RawRecord[], InputError> {
  const out: RawRecord[] = [];
  let line = 1;
  let lineStart = 0;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const place = (at: number): Place => ({ line, column: at - lineStart + 1 });
  while (i < text.length) {
    const record: RawRecord = { fields: [], at: [] };
    for (;;) {
      record.at.push(place(i));
      let value = '';
      if (text[i] === '"') {
        const open = place(i);
        i++;
        for (;;) {
          if (i >= text.length) return err(problemAt(open, null, 'a quoted field is never closed'));
          const c = text[i] as string;
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') {
            line++;
            lineStart = i + 1;
          }
          value += c;
          i++;
        }
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && !(next === '\r' && text[i + 1] === '\n')) {
          return err(problemAt(place(i), null, `${quote(next)} after a closing quote; expected a comma`));
        }
      } else {
        const start = i;
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i++;
        value = text.slice(start, i);
        const q = value.indexOf('"');
        if (q >= 0) return err(problemAt(place(start + q), null, 'a quote inside an unquoted field'));
        if (text[i] === '\r' && text[i + 1] !== '\n') {
          return err(problemAt(place(i), null, 'a carriage return that does not end the line'));
        }
      }
      record.fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    out.push(record);
    if (text[i] === '\r') i++;
    if (text[i] === '\n') {
      i++;
      line++;
      lineStart = i;
    }
  }
  return ok(out);
}

const INTEGER = /^(0|[1-9]\d{0,14})$/;
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,9})?$/;
const SEAT = /^Player ([1-9]\d?)$/;

/** Checks one record's seven values; the first bad one is the error. */
function checkRow(record: RawRecord): Result<CodecupRow, InputError> {
  const [game, round, stage, player, user, score, status] = record.fields as [string, ...string[]];
  const at = record.at;
  const line = at[0]?.line ?? 0;
  const bad = (field: number, message: string) =>
    err(problemAt(at[field] ?? { line, column: 1 }, CODECUP_HEADER[field] ?? null, message));
  if (!INTEGER.test(game) || game === '0') return bad(0, `${quote(game)} is not a game number (1 or more)`);
  if (!INTEGER.test(round ?? '') || round === '0')
    return bad(1, `${quote(round ?? '')} is not a round number (1 or more)`);
  if (!(CODECUP_STAGES as readonly string[]).includes(stage ?? ''))
    return bad(2, `${quote(stage ?? '')} is neither swiss nor final`);
  const seat = SEAT.exec(player ?? '');
  if (!seat || Number(seat[1]) > 32)
    return bad(3, `${quote(player ?? '')} is not a seat ("Player 1" to "Player 32")`);
  // A name is kept exactly as written, blanks around it included: CodeCup's files have names such as
  // "Contestant 7 ", and the name is the contestant ("A" and "A " are two).
  if (!user) return bad(4, 'an empty name');
  if (!NUMBER.test(score ?? '')) return bad(5, `${quote(score ?? '')} is not a score`);
  if (!(CODECUP_STATUSES as readonly string[]).includes(status ?? ''))
    return bad(6, `${quote(status ?? '')} is not a status (${CODECUP_STATUSES.join(', ')})`);
  return ok({
    line,
    game: Number(game),
    round: Number(round),
    stage: stage as CodecupRow['stage'],
    seat: Number(seat[1]) - 1,
    user,
    score: Number(score),
    status: status as CodecupStatus,
    at,
  });
}

/**
 * Reads CodeCup's result file: the header exactly, then rows of seven fields, each value checked (game
 * and round numbers, `swiss`/`final`, `Player N`, a name of any characters but none, a number, a status
 * word). LF or CRLF line ends,
 * a UTF-8 byte order mark and a missing last line end are accepted; an empty line is not. How the rows
 * make games is checked by `codecupEvent` (event.ts).
 */
export function parseCodecupCsv(text: string): Result<CodecupRow[], InputError> {
  const parsed = records(text);
  if (!parsed.ok) return parsed;
  const [head, ...rows] = parsed.value;
  if (head === undefined) return err(problemAt({ line: 1, column: 1 }, null, 'the file is empty'));
  if (head.fields.join(',') !== CODECUP_HEADER.join(',')) {
    return err(
      problemAt(
        head.at[0] ?? { line: 1, column: 1 },
        null,
        `the header is ${quote(head.fields.join(','), 80)}, not CodeCup's ${CODECUP_HEADER.join(',')}`,
      ),
    );
  }
  if (rows.length === 0) return err(problemAt({ line: 2, column: 1 }, null, 'the file has no rows'));
  const out: CodecupRow[] = [];
  for (const record of rows) {
    const start = record.at[0] ?? { line: 0, column: 1 };
    if (record.fields.length === 1 && record.fields[0] === '') {
      return err(problemAt(start, null, 'an empty line'));
    }
    if (record.fields.length !== CODECUP_HEADER.length) {
      const last = record.at[Math.min(record.fields.length, CODECUP_HEADER.length) - 1] ?? start;
      return err(
        problemAt(last, null, `${record.fields.length} fields; CodeCup's rows have ${CODECUP_HEADER.length}`),
      );
    }
    const row = checkRow(record);
    if (!row.ok) return row;
    out.push(row.value);
  }
  return ok(out);
}
