import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { refereeGame } from '../../../test/bench/tournament/fixture.ts';
import { sampleParticipants } from '../../../test/integration/store/samples.ts';
import type { GameRecord } from '../record/schema.ts';
import { VouchedRecord, type RecordSeal } from '../record/vouched.ts';
import { packRecord, unpackRecord } from '../store/record-codec.ts';
import { TournamentStore } from '../store/store.ts';
import { outcomeOf } from '../tournament/outcome.ts';
import type { TournamentConfig } from '../tournament/config.ts';
import { JOB_VERSION, type GameJob } from './job.ts';
import { checkAndSeal } from './record-seal.ts';

// A worker checks a finished game's record with the store's own check and seals its exact bytes, a
// summary and the job's id with the organiser's secret; the coordinator stores a record whose seal
// verifies as those bytes, unread, and refuses one whose seal does not.

const SECRET = 'organiser-secret-for-seals';
const real = await refereeGame(7919);
const scheduled: ScheduledGame = {
  index: 0,
  stage: 'main',
  round: 1,
  seats: ['p0', 'p1'],
  seed: real.seed,
  board: null,
  match: 'm0',
};
const job = (game: ScheduledGame): GameJob => ({
  v: JOB_VERSION,
  jury: '0.1.0',
  run: 'run1',
  tournament: 'Cup',
  game,
  config: { name: 'Cup', game: '6561' } as unknown as TournamentConfig,
  bots: [],
  referenceMs: 40,
  factorRange: null,
});
const expected = (game: ScheduledGame, id = `run1-${game.index}`) => ({
  job: id,
  game: '6561' as const,
  scheduled: game,
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newStore(): TournamentStore {
  const dir = mkdtempSync(join(tmpdir(), 'jury-seal-'));
  dirs.push(dir);
  const store = TournamentStore.create(join(dir, 't.sqlite'), {
    seed: 7,
    participants: sampleParticipants(2),
  });
  store.addScheduled([scheduled]);
  return store;
}

/** The packed bytes the store keeps of game 0. */
function storedBytes(store: TournamentStore): Buffer {
  const db = new DatabaseSync(store.path, { readOnly: true });
  try {
    const row = db.prepare('SELECT record, packed FROM records WHERE idx = 0').get();
    expect(row?.['record']).toBe('');
    return Buffer.from(row?.['packed'] as Uint8Array);
  } finally {
    db.close();
  }
}

/** A record checked and sealed as a worker does, for job `run1-0`: it must pass the worker's check. */
function sealed(of: GameJob, record: GameRecord): { bytes: Buffer; seal: RecordSeal } {
  const answer = checkAndSeal(SECRET, 'run1-0', of, record);
  if ('problem' in answer) throw new Error(`not sealed: ${answer.problem}`);
  return answer;
}

function opened(bytes: Uint8Array, seal: unknown, game = scheduled, id?: string): VouchedRecord {
  const v = VouchedRecord.open(SECRET, expected(game, id), bytes, seal);
  if (!(v instanceof VouchedRecord)) throw new Error(`not vouched: ${JSON.stringify(v)}`);
  return v;
}

describe('sealed records', () => {
  it('stores a correctly sealed record byte for byte, with the standings of the fully checked one', () => {
    const { bytes, seal } = sealed(job(scheduled), real);
    const vouched = opened(bytes, seal);
    expect(vouched.summary).toMatchObject({ job: 'run1-0', index: 0, participants: ['p0', 'p1'] });

    const sealedStore = newStore();
    const checkedStore = newStore();
    try {
      sealedStore.finishGame(0, outcomeOf(scheduled, vouched), vouched);
      // The local way: the same record checked in full and packed by the store.
      const unpacked = unpackRecord(bytes) as GameRecord;
      expect(JSON.stringify(unpacked)).toBe(JSON.stringify(real));
      checkedStore.finishGame(0, outcomeOf(scheduled, unpacked), unpacked);

      expect(storedBytes(sealedStore).equals(bytes)).toBe(true);
      expect(storedBytes(checkedStore).equals(bytes)).toBe(true);
      expect(sealedStore.record(0)).toEqual(checkedStore.record(0));
      expect(sealedStore.record(0)?.moves.length).toBe(real.moves.length);
      expect(sealedStore.outcomes()).toEqual(checkedStore.outcomes());
      expect(sealedStore.seatRows()).toEqual(checkedStore.seatRows());
      expect(sealedStore.seatTotals()).toEqual(checkedStore.seatTotals());
      expect(sealedStore.totals()).toEqual(checkedStore.totals());
    } finally {
      sealedStore.close();
      checkedStore.close();
    }
  });

  it('refuses a record with one byte changed, and stores nothing', () => {
    const { bytes, seal } = sealed(job(scheduled), real);
    // A better score packed in: still a valid packed record, which only the seal can tell from the worker's.
    const better = { ...real, scores: real.scores.map((x, i) => (i === 0 ? x + 1 : x)) };
    const tampered = packRecord(better);
    expect((unpackRecord(tampered) as GameRecord).scores).toEqual(better.scores);
    expect(VouchedRecord.open(SECRET, expected(scheduled), tampered, seal)).toEqual({
      refused: expect.stringContaining('does not match its seal'),
    });
    // One byte of the sealed bytes flipped.
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 1;
    expect(VouchedRecord.open(SECRET, expected(scheduled), flipped, seal)).toEqual({
      refused: expect.stringContaining('does not match its seal'),
    });
    // The seal's summary changed instead (a better score claimed), the bytes kept.
    const summary = (seal?.summary ?? '').replace('"scores":[', '"scores":[9');
    expect(VouchedRecord.open(SECRET, expected(scheduled), bytes, { ...seal, summary })).toEqual({
      refused: expect.stringContaining('does not match its seal'),
    });
    // Another secret.
    expect(VouchedRecord.open('another-organiser-secret', expected(scheduled), bytes, seal)).toEqual({
      refused: expect.stringContaining('does not match its seal'),
    });
    expect(VouchedRecord.open(SECRET, expected(scheduled), bytes, { summary: '{}', mac: 'zz' })).toEqual({
      refused: 'its seal is malformed',
    });
  });

  it('refuses a record moved to another job, even of a game with the same seed and seats', () => {
    const { bytes, seal } = sealed(job(scheduled), real);
    const other: ScheduledGame = { ...scheduled, index: 1, match: 'm1' };
    for (const id of ['run1-1', 'run2-0']) {
      expect(VouchedRecord.open(SECRET, expected(other, id), bytes, seal)).toEqual({
        refused: expect.stringContaining('does not match its seal'),
      });
    }
  });

  it('refuses a sealed summary that does not answer the scheduled game', () => {
    const { bytes, seal } = sealed(job(scheduled), real);
    const swapped: ScheduledGame = { ...scheduled, seats: ['p1', 'p0'] };
    expect(VouchedRecord.open(SECRET, expected(swapped), bytes, seal)).toEqual({
      refused: 'its seats are not the scheduled ones',
    });
    const reseeded: ScheduledGame = { ...scheduled, seed: scheduled.seed + 1 };
    expect(VouchedRecord.open(SECRET, expected(reseeded), bytes, seal)).toEqual({
      refused: expect.stringContaining(`has seed ${scheduled.seed}`),
    });
  });

  it('never seals a record that fails the check, and refuses every record without a seal', () => {
    const broken = { ...real, seats: real.seats.map((s) => ({ ...s, status: 'LOST' })) } as unknown;
    expect(checkAndSeal(SECRET, 'run1-0', job(scheduled), broken as GameRecord)).toEqual({
      problem: expect.stringMatching(/^game 0: record: .*status/),
    });
    // Another game's record (its seed) is not sealed either.
    expect(checkAndSeal(SECRET, 'run1-0', job({ ...scheduled, seed: 1 }), real)).toEqual({
      problem: `the record has seed ${real.seed}, the job 1`,
    });
    // A valid record without a seal (anyone with the Redis password can answer a job) is refused, and so
    // is the broken one: the coordinator stores no record it cannot verify.
    const { bytes } = sealed(job(scheduled), real);
    const text = Buffer.from(JSON.stringify(broken), 'utf8');
    for (const [b, seal] of [
      [bytes, undefined],
      [bytes, null],
      [text, undefined],
    ] as const) {
      expect(VouchedRecord.open(SECRET, expected(scheduled), b, seal)).toEqual({
        refused: expect.stringContaining('it has no seal'),
      });
    }
  });
});
