import { zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { refereeGame } from '../../../test/bench/tournament/fixture.ts';
import { sampleRecord, sampleSchedule } from '../../../test/integration/store/samples.ts';
import type { GameRecord } from '../record/schema.ts';
import { PACKED_RECORD_VERSION, packRecord, unpackRecord } from './record-codec.ts';
import { checkRecord } from './validate.ts';

/** The record back from its packed bytes, checked as the store checks it. */
const roundTrip = (record: GameRecord): GameRecord => checkRecord(0, unpackRecord(packRecord(record)));

describe('packed records', () => {
  it('gives back a real game exactly, in a fraction of its JSON', async () => {
    const real = await refereeGame(7919);
    const packed = packRecord(real);
    const back = roundTrip(real);
    expect(JSON.stringify(back)).toBe(JSON.stringify(real));
    expect(back).toStrictEqual(JSON.parse(JSON.stringify(real)));
    expect(packed[0]).toBe(PACKED_RECORD_VERSION);
    // The columns are what makes it small: zstd alone leaves the timestamps spread between the texts.
    const json = Buffer.from(JSON.stringify(real));
    expect(packed.length).toBeLessThan(json.length / 5);
    expect(packed.length).toBeLessThan(zstdCompressSync(json).length);
  });

  it('keeps every optional field, repeated time and unusual ply as it was', () => {
    const base = sampleRecord(sampleSchedule(0, 1)[0]!, 6);
    const lines = base.lines.map((line, i) => ({ ...line, t: i < 3 ? 0.1 + 0.2 : i * 1.5 }));
    const moves: GameRecord['moves'] = [
      { ply: 0, seat: 0, line: 'a', by: 'bot', wallUs: 12.5, cpuUs: 3, chargedUs: 12.5 },
      { ply: 1, seat: 1, line: 'b', by: 'missed', cause: 'timeout', wallUs: 9, chargedUs: 4.25 },
      { ply: 2, seat: 0, line: 'c', by: 'takeover' },
      { ply: 7, seat: 1, line: '', by: 'missed', cause: 'gone', cpuUs: 0 },
      { ply: 7, seat: 0, line: 'é ✓ "q"\\n', by: 'bot', chargedUs: 1e-7 },
    ];
    const record: GameRecord = { ...base, lines, moves, worker: { name: 'w', host: 'h', speedFactor: 1.25 } };
    const back = roundTrip(record);
    expect(JSON.stringify(back)).toBe(JSON.stringify(record));
    expect(back.moves[2]).toStrictEqual({ ply: 2, seat: 0, line: 'c', by: 'takeover' });
    expect(Object.keys(back.moves[1]!)).toEqual([
      'ply',
      'seat',
      'line',
      'by',
      'cause',
      'wallUs',
      'chargedUs',
    ]);
    expect(back.lines.map((l) => l.t)).toEqual([
      0.30000000000000004, 0.30000000000000004, 0.30000000000000004, 4.5, 6, 7.5,
    ]);
  });

  it('keeps an empty game', () => {
    const record = { ...sampleRecord(sampleSchedule(0, 1)[0]!, 0), moves: [] };
    expect(JSON.stringify(roundTrip(record))).toBe(JSON.stringify(record));
  });

  it('refuses bytes of another layout or cut short, saying why', () => {
    const packed = packRecord(sampleRecord(sampleSchedule(0, 1)[0]!));
    expect(() => unpackRecord(Buffer.concat([Buffer.of(9), packed.subarray(1)]))).toThrow(
      'packed record of layout 9, this Jury reads 1',
    );
    expect(() => unpackRecord(packed.subarray(0, packed.length - 8))).toThrow();
    expect(() => unpackRecord(Buffer.from('{"format":"jury-game-record"}'))).toThrow(/layout 123/);
  });
});
