import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import type { GameRecord, LineRecord, MoveRecord } from '../record/schema.ts';

// How a record is kept in the store (schema version 3 on; docs/tournaments.md, "The store"). A Flit game
// of 32,768 moves is 16.5 MB of JSON, three quarters of it the keys and timestamps of 211,000 dialogue
// lines. Compressed as it is (zstd) it is 1.9 MB: what is left are the timestamps' digits, which the
// object layout spreads between the texts. So the two long lists are first turned into columns, one
// array per field, which zstd then packs to about 0.9 MB. Nothing is rounded or dropped: unpacking gives
// a record equal to the one packed, key for key and number for number (record-codec.test.ts).
//
// The blob is one version byte and a zstd frame of the record's JSON in which `lines` and `moves` are
// column objects. A reader that finds another version byte refuses the record rather than guess.

/** The packed layout's version: the blob's first byte. */
export const PACKED_RECORD_VERSION = 1;

/**
 * zstd's level by the size of the columns' JSON. A long record (a Flit game: 6.3 MB of it) at level 8 is
 * 864 KB in about 100 ms of zstd's CPU, against 1.04 MB in 40 ms at level 3 (its default; levels 4 and 5
 * gain nothing, and level 9 up costs far more for little); a short one (a 6561 game, 220 KB) gains 6% at
 * level 8 for three times the CPU (3.4 ms against 1 ms per game), so it keeps level 3.
 */
function levelFor(bytes: number): number {
  return bytes > 1024 * 1024 ? 8 : 3;
}

interface LineColumns {
  /** Microseconds; null for the same time as the line before (a move is sent to every seat at once). */
  readonly t: (number | null)[];
  /** `i` (in) or `o` (out), one letter per line. */
  readonly dir: string;
  readonly seat: number[];
  readonly text: string[];
}

interface MoveColumns {
  /** Each ply minus the one before (the first: minus -1), so a game's 0, 1, 2, … is all ones. */
  readonly plyStep: number[];
  readonly seat: number[];
  readonly line: string[];
  /** `b` (bot), `t` (takeover) or `m` (missed), one letter per move. */
  readonly by: string;
  /** Optional fields: null where the move has none. */
  readonly cause: (MoveRecord['cause'] | null)[];
  readonly wallUs: (number | null)[];
  readonly cpuUs: (number | null)[];
  /** `w`: equal to the move's wallUs (as official timing charges it). */
  readonly chargedUs: (number | 'w' | null)[];
}

const BY = { bot: 'b', takeover: 't', missed: 'm' } as const;
const BY_LETTER: Record<string, MoveRecord['by']> = { b: 'bot', t: 'takeover', m: 'missed' };

// The columns are filled by index into arrays of their final length: pushing (a null among numbers
// changes an array's element kind as it grows) made folding a Flit game's lines three times slower.

function lineColumns(lines: readonly LineRecord[]): LineColumns {
  const n = lines.length;
  const cols = { t: new Array<number | null>(n), seat: new Array<number>(n), text: new Array<string>(n) };
  const dir = Buffer.allocUnsafe(n);
  let before: number | null = null;
  for (let i = 0; i < n; i++) {
    const line = lines[i] as LineRecord;
    cols.t[i] = line.t === before ? null : line.t;
    before = line.t;
    dir[i] = line.dir === 'in' ? 0x69 : 0x6f; // i, o
    cols.seat[i] = line.seat;
    cols.text[i] = line.text;
  }
  return { t: cols.t, dir: dir.toString('latin1'), seat: cols.seat, text: cols.text };
}

function moveColumns(moves: readonly MoveRecord[]): MoveColumns {
  const n = moves.length;
  const column = <T>(): T[] => new Array<T>(n);
  const cols = {
    plyStep: column<number>(),
    seat: column<number>(),
    line: column<string>(),
    cause: column<MoveRecord['cause'] | null>(),
    wallUs: column<number | null>(),
    cpuUs: column<number | null>(),
    chargedUs: column<number | 'w' | null>(),
  };
  const by: string[] = column<string>();
  let ply = -1;
  for (let i = 0; i < n; i++) {
    const move = moves[i] as MoveRecord;
    cols.plyStep[i] = move.ply - ply;
    ply = move.ply;
    cols.seat[i] = move.seat;
    cols.line[i] = move.line;
    by[i] = BY[move.by];
    cols.cause[i] = move.cause ?? null;
    cols.wallUs[i] = move.wallUs ?? null;
    cols.cpuUs[i] = move.cpuUs ?? null;
    const charged = move.chargedUs;
    cols.chargedUs[i] = charged === undefined ? null : charged === move.wallUs ? 'w' : charged;
  }
  const { plyStep, seat, line, ...times } = cols;
  return { plyStep, seat, line, by: by.join(''), ...times };
}

/**
 * The bytes the store keeps for `record`: call it with a record the store's check accepted
 * (`checkRecord`), whose lines and moves hold exactly the schema's fields. {@link unpackRecord} gives back
 * a record equal to it, serialising to the same JSON text.
 */
export function packRecord(record: GameRecord): Buffer {
  const packed = { ...record, lines: lineColumns(record.lines), moves: moveColumns(record.moves) };
  const json = Buffer.from(JSON.stringify(packed), 'utf8');
  const frame = zstdCompressSync(json, {
    params: { [constants.ZSTD_c_compressionLevel]: levelFor(json.length) },
  });
  return Buffer.concat([Buffer.of(PACKED_RECORD_VERSION), frame]);
}

/** The lines of {@link LineColumns}, or the value as it is when it is not of that form. */
function linesOf(value: unknown): unknown {
  const cols = value as Partial<LineColumns> | null;
  if (!cols || Array.isArray(cols) || !Array.isArray(cols.t) || typeof cols.dir !== 'string') return value;
  const { t, dir, seat = [], text = [] } = cols;
  const lines: unknown[] = new Array(t.length);
  let before: number | null = null;
  for (let i = 0; i < t.length; i++) {
    before = t[i] ?? before;
    lines[i] = { t: before, dir: dir[i] === 'i' ? 'in' : 'out', seat: seat[i], text: text[i] };
  }
  return lines;
}

/** The moves of {@link MoveColumns}, or the value as it is when it is not of that form. */
function movesOf(value: unknown): unknown {
  const cols = value as Partial<MoveColumns> | null;
  if (!cols || Array.isArray(cols) || !Array.isArray(cols.plyStep) || typeof cols.by !== 'string') {
    return value;
  }
  const { plyStep, seat = [], line = [], by, cause = [], wallUs = [], cpuUs = [], chargedUs = [] } = cols;
  const moves: unknown[] = new Array(plyStep.length);
  let ply = -1;
  for (let i = 0; i < plyStep.length; i++) {
    ply += plyStep[i] ?? 0;
    // Keys in the schema's order, the optional ones only when present: as the packed record had them.
    const move: Record<string, unknown> = { ply, seat: seat[i], line: line[i], by: BY_LETTER[by[i] ?? ''] };
    if (cause[i] != null) move['cause'] = cause[i];
    if (wallUs[i] != null) move['wallUs'] = wallUs[i];
    if (cpuUs[i] != null) move['cpuUs'] = cpuUs[i];
    const charged = chargedUs[i];
    if (charged != null) move['chargedUs'] = charged === 'w' ? wallUs[i] : charged;
    moves[i] = move;
  }
  return moves;
}

/**
 * The record a blob of {@link packRecord} holds, as plain JSON data, not yet checked: the caller checks it
 * as any stored record. Throws an Error saying why when the blob is not a packed record of this version
 * or does not decompress or parse.
 */
export function unpackRecord(blob: Uint8Array): unknown {
  if (blob[0] !== PACKED_RECORD_VERSION) {
    throw new Error(`packed record of layout ${String(blob[0])}, this Jury reads ${PACKED_RECORD_VERSION}`);
  }
  const json = JSON.parse(zstdDecompressSync(blob.subarray(1)).toString('utf8')) as unknown;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const record = json as Record<string, unknown>;
  return { ...record, lines: linesOf(record['lines']), moves: movesOf(record['moves']) };
}
