import { describe, expect, it } from 'vitest';
import { externalGameId, registerPackageGame } from '../../../shared/games/registry.ts';
import { packageGameFacts, type PackageGame } from '../../../shared/games/packages/game.ts';
import { answers, hostGame, player } from '../../../test/fixtures/caia/host-game.ts';
import type { RefereeIo } from '../../../test/fixtures/caia/memory-referee.ts';
import type { CaiaGameResult } from '../caia/types.ts';
import { outcomeOf } from '../tournament/outcome.ts';
import { parseRecord, replayRecord } from '../record/replay.ts';
import { gameRecordSchema, type GameRecord } from '../record/schema.ts';
import { renderTranscript } from '../record/transcript.ts';
import { packageGameEnd, packageRecord } from './package-record.ts';

const game: PackageGame = {
  id: externalGameId('pkg-record-test'),
  title: 'Record test',
  players: 3,
  budgetMs: 1000,
  timeFactor: 1,
  protocol: 'caia',
  samples: [],
  log: { file: 'game.html', kind: 'html' },
  folder: '/games/record-test',
};
registerPackageGame(game);

function record(result: CaiaGameResult): GameRecord {
  return packageRecord(
    {
      info: packageGameFacts(game),
      game,
      seed: 9,
      timing: 'official',
      budgetMs: 1000,
      limits: null,
      startedAt: '2025-01-01T00:00:00.000Z',
      seats: ['a', 'b', 'c'].map((name) => ({ name, command: [`./${name}`], executableHash: null })),
      refereeCommand: ['./referee', 'game.html'],
      log: { file: 'game.html', kind: 'html', path: '/kept/game.html' },
    },
    result,
  );
}

/** Player 1 answers, player 2 is too slow for its budget, player 3 answers; the referee reports. */
const referee = async (io: RefereeIo): Promise<void> => {
  const a = await io.move(1, 'Start');
  const b = await io.move(2, a);
  const c = await io.move(3, b);
  io.send('3 Quit');
  io.send(`M report 7 0 5 player_2:_${b}`);
  void c;
};

describe('the record of a game package', () => {
  it('has a seat per player with the status of its first tag, the players’ lines, no moves', async () => {
    const hosted = await hostGame(referee, [
      player(answers('a1', 10)),
      player(answers('b1', 5000)),
      player(answers('c1', 20)),
    ]);
    const r = gameRecordSchema.parse(record(hosted.result));
    expect(r.game).toBe('pkg-record-test');
    expect(r.end).toEqual({ kind: 'referee-report', message: 'player_2:_<caiaio:_player_timeout>' });
    expect(r.scores).toEqual([7, 0, 5]);
    expect(r.seats.map((s) => [s.name, s.status, s.score])).toEqual([
      ['a', 'OK', 7],
      ['b', 'TIMEOUT', 0],
      ['c', 'OK', 5],
    ]);
    expect(r.moves).toEqual([]);
    expect(r.lines.map((l) => [l.seat, l.dir, l.text])).toEqual([
      [0, 'in', 'Start'],
      [0, 'out', 'a1'],
      [1, 'in', 'a1'],
      [2, 'in', '<caiaio:_player_timeout>'],
      [2, 'out', 'c1'],
      [2, 'in', 'Quit'],
    ]);
    expect(r.caia?.firstTags.map((t) => t?.tag ?? null)).toEqual([null, '<caiaio:_player_timeout>', null]);
    expect(r.caia?.package).toEqual(game);
    expect(
      outcomeOf(
        { index: 0, stage: 'main', round: 1, seats: ['x', 'y', 'z'], seed: 9, board: null, match: '' },
        r,
      ),
    ).toMatchObject({
      scores: [7, 0, 5],
      statuses: ['OK', 'TIMEOUT', 'OK'],
      end: 'referee-report',
      budgetUs: 1_000_000,
    });
    expect(replayRecord(r)).toMatchObject({ ok: true, scores: [7, 0, 5] });
    expect(replayRecord({ ...r, scores: [7, 1, 5] })).toEqual({
      ok: false,
      problem: 'the referee reported 7 0 5, the record says 7 1 5',
    });
    const dialogue = renderTranscript(r, { dialogue: true });
    expect(dialogue).toContain('referee   > I listen 2');
    expect(dialogue).toContain('referee   < <caiaio:_player_timeout>');
    const plain = renderTranscript(r);
    expect(plain).toContain('player 2: sent <caiaio:_player_timeout> at its listen 1');
    expect(plain).toContain('referee log (html): /kept/game.html');
  });

  it('takes a failure the referee names, keeping both accounts and which decided', async () => {
    const hosted = await hostGame(
      async (io) => {
        await io.move(1, 'Start');
        await io.move(2, 'a1');
        await io.move(3, 'b1');
        io.send('M report 9 0 0 PLAYER_1:_WIN;_PLAYER_2:_LOSE;_PLAYER_3:_ILLEGAL');
      },
      [player(answers('a1', 10)), player(answers('b1', 5000)), player(answers('x9', 20))],
    );
    const r = gameRecordSchema.parse(record(hosted.result));
    expect(r.seats.map((s) => [s.status, s.failure?.kind ?? null])).toEqual([
      ['OK', null],
      ['TIMEOUT', 'timeout'],
      ['ILLEGAL', null],
    ]);
    expect(r.caia?.verdicts).toEqual([
      { word: 'WIN', referee: 'OK', tag: 'OK', by: 'referee' },
      { word: 'LOSE', referee: 'OK', tag: 'TIMEOUT', by: 'tag' },
      { word: 'ILLEGAL', referee: 'ILLEGAL', tag: 'OK', by: 'referee' },
    ]);
    const scheduled = {
      index: 0,
      stage: 'main',
      round: 1,
      seats: ['x', 'y', 'z'],
      seed: 9,
      board: null,
      match: '',
    };
    expect(outcomeOf(scheduled, r).statuses).toEqual(['OK', 'TIMEOUT', 'ILLEGAL']);
    const plain = renderTranscript(r);
    expect(plain).toContain(`player 3: ILLEGAL by the referee's word "ILLEGAL" (caiaio's tag: OK)`);
    expect(plain).toContain(`player 2: TIMEOUT by caiaio's tag (the referee said "LOSE")`);
    expect(plain).not.toContain('player 1: OK');

    // A record made before Jury read the referee's words has no verdicts: it still reads.
    const { verdicts: _, ...older } = r.caia!;
    expect(parseRecord(JSON.stringify({ ...r, caia: older }))).toMatchObject({ ok: true });
  });

  it('is read back by jury replay in a process that never loaded the package', () => {
    const r = record({ ...emptyResult(), end: { kind: 'reported', scores: [1, 2, 3], message: '' } });
    const text = JSON.stringify({
      ...r,
      game: 'pkg-elsewhere',
      caia: { ...r.caia, package: { ...game, id: 'pkg-elsewhere', folder: '/x' } },
    });
    const parsed = parseRecord(text);
    expect(parsed).toMatchObject({ ok: true, record: { game: 'pkg-elsewhere' } });
  });

  it('has no result when the referee failed: every score 0, and why', () => {
    const end = { kind: 'referee-exited', exit: { code: null, signal: 'SIGSEGV' } } as const;
    expect(packageGameEnd(end)).toEqual({
      kind: 'referee-failed',
      cause: 'exited',
      reason: 'the referee was killed by SIGSEGV before it reported a result',
    });
    const r = record({ ...emptyResult(), end });
    expect(r.scores).toEqual([0, 0, 0]);
    expect(replayRecord(r)).toMatchObject({ ok: true });
    expect(packageGameEnd({ kind: 'watchdog', limit: 'idle', afterUs: 61_000_000 })).toMatchObject({
      cause: 'watchdog',
    });
    expect(packageGameEnd({ kind: 'referee-error', line: 'I kill 1', reason: 'x' })).toMatchObject({
      cause: 'protocol',
    });
    expect(packageGameEnd({ kind: 'bad-report', line: 'M report', reason: 'x' })).toMatchObject({
      cause: 'bad-report',
    });
    expect(packageGameEnd({ kind: 'aborted' })).toMatchObject({ cause: 'aborted' });
  });
});

function emptyResult(): CaiaGameResult {
  const stderr = { shown: '', full: '', truncated: false, bytes: 0 };
  return {
    end: { kind: 'aborted' },
    players: [1, 2, 3].map((number) => ({
      number,
      status: 'OK',
      verdict: { word: null, referee: null, tag: 'OK', status: 'OK', by: 'tag' },
      failure: null,
      firstTag: null,
      tags: 0,
      time: { chargedUs: 0, wallUs: 0, cpuUs: 0, listens: 0, maxChargedUs: 0 },
      stderr,
      exit: { code: 0, signal: null },
    })),
    referee: { exit: { code: 0, signal: null }, stderr },
    managerLines: [],
    transcript: [],
    durationUs: 1,
    limitUs: 1_000_000,
    timeFactor: 1,
    lockedAtEnd: false,
  };
}
