import { describe, expect, it } from 'vitest';
import { answers, hostGame, player } from '../../../test/fixtures/caia/host-game.ts';
import type { RefereeIo } from '../../../test/fixtures/caia/memory-referee.ts';
import { caiaOutcomeParts, describeCaiaEnd } from './outcome.ts';

/** A referee that sends `lines`, then asks for `I request_time 1` (to know they were handled) and reports. */
const sends =
  (...lines: string[]) =>
  async (io: RefereeIo): Promise<void> => {
    for (const line of lines) io.send(line);
    io.send('I request_time 1');
    await io.next();
    io.send('M report 1 1 done');
  };

const two = [player(), player()];

/** PROTOCOL.md §2–§5, §8, §9 and the watchdog: the referee's side. */
describe('Caia host: the referee', () => {
  it('holds the lock across a move: lock_ok, the move, and the lock state at the end', async () => {
    const game = await hostGame(
      async (io) => {
        io.send('I lock');
        const ok = await io.next();
        io.send('1 Start');
        io.send('I listen 1');
        const move = await io.next();
        io.send(`M report 1 0 ${ok}_${move}`);
      },
      [player(answers('a2', 40)), player()],
    );
    expect(game.referee.received).toEqual(['lock_ok', 'a2']);
    expect(game.result.end).toEqual({ kind: 'reported', scores: [1, 0], message: 'lock_ok_a2' });
    expect(game.result.lockedAtEnd).toBe(true);
    expect(game.result.players[0]!.time.chargedUs).toBe(40_000);
  });

  it('routes k text to player k, skipping one blank only, and ignores every other first word', async () => {
    const game = await hostGame(
      sends(
        '1 plain',
        '2  two blanks',
        '1\ttab',
        '1 cr\r',
        '12abc x',
        '1abc x',
        '01 x',
        '3 x',
        'hello',
        '',
        'M note',
      ),
      two,
    );
    expect(game.players[0]!.received).toEqual(['plain', 'tab', 'cr\r']);
    expect(game.players[1]!.received).toEqual([' two blanks']);
    const ignored = game.result.transcript.filter((l) => l.ignored).map((l) => l.text);
    expect(ignored).toEqual(['12abc x', '1abc x', '01 x', '3 x', 'hello', '']);
    expect(game.result.managerLines).toEqual(['note']);
    expect(game.result.end.kind).toBe('reported');
  });

  it('reads a command number as strtol does: I listen 12abc listens to player 12', async () => {
    const players = Array.from({ length: 12 }, (_, i) => player(answers(`p${i + 1}`, 5)));
    const game = await hostGame(async (io) => {
      io.send('12 Start');
      io.send('I listen 12abc');
      const got = await io.next();
      io.send(`M report ${Array(12).fill(0).join(' ')} ${got}`);
    }, players);
    expect(game.result.end).toMatchObject({ kind: 'reported', message: 'p12' });
  });

  for (const [line, reason] of [
    ['I foo 1', 'unknown command: "I foo 1"'],
    ['I', 'unknown command: "I"'],
    ['I LOCK', 'unknown command'],
    ['I kill 1', "a manager's command"],
    ['I player 1 x 1000', "a manager's command"],
    ['I listen', 'incomplete listen command'],
    ['I listen x', '"x" is not a player number'],
    ['I listen 3', 'there is no player 3 (players are 1 to 2)'],
    ['I request_time 0', 'there is no player 0'],
    ['I  listen 1', 'invalid listen command'],
  ] as const) {
    it(`ends the game on a command the referee may not send: ${JSON.stringify(line)}`, async () => {
      const game = await hostGame(sends(line), two);
      expect(game.result.end).toMatchObject({ kind: 'referee-error', line });
      expect(game.result.end.kind === 'referee-error' && game.result.end.reason).toContain(reason);
      expect(describeCaiaEnd(game.result.end)).toMatch(/^the referee broke the Caia protocol/);
      expect([game.referee, ...game.players].every((p) => p.shutdowns === 1)).toBe(true);
      expect(caiaOutcomeParts(game.result).scores).toBeNull();
    });
  }

  it('stops a referee that never reports: the idle watchdog, with a clear status', async () => {
    const game = await hostGame(async (io) => void (await io.next()), two);
    expect(game.result.end).toEqual({ kind: 'watchdog', limit: 'idle', afterUs: 60_000_000 });
    expect(describeCaiaEnd(game.result.end)).toBe(
      'the referee sent nothing for too long and was stopped after 60.0 s without a result',
    );
    expect([game.referee, ...game.players].every((p) => p.shutdowns === 1)).toBe(true);
    expect(game.referee.exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('stops a game past its total limit, even while the referee keeps talking', async () => {
    const game = await hostGame(
      async (io) => {
        for (;;) {
          io.think(1000);
          io.send('I request_time 1');
          await io.next();
        }
      },
      two,
      { watchdogMs: 5000 },
    );
    expect(game.result.end).toMatchObject({ kind: 'watchdog', limit: 'total' });
    expect(describeCaiaEnd(game.result.end)).toMatch(/^the game passed its time limit after 5\.0 s/);
  });

  it('ends with a clear status when the referee crashes before reporting', async () => {
    const game = await hostGame(
      async (io) => {
        await io.move(1, 'Start');
        io.crash('SIGSEGV');
      },
      [player(answers('m', 5)), player()],
    );
    expect(game.result.end).toEqual({ kind: 'referee-exited', exit: { code: null, signal: 'SIGSEGV' } });
    expect(describeCaiaEnd(game.result.end)).toBe(
      'the referee was killed by SIGSEGV before it reported a result',
    );
    expect(game.players.every((p) => p.shutdowns === 1)).toBe(true);
  });

  it('refuses a report with a missing or broken score', async () => {
    for (const [report, reason] of [
      ['M report 2', 'the report has 1 score for 2 players'],
      ['M report 2 x msg', `player 2's score "x" is not a whole number`],
    ] as const) {
      const game = await hostGame(async (io) => io.send(report), two);
      expect(game.result.end).toEqual({ kind: 'bad-report', line: report, reason });
    }
  });

  it('takes the report, lets the referee send its last lines, then shuts everything down', async () => {
    const game = await hostGame(async (io) => {
      io.send('M report 3 -1 player_2 made an illegal move\r');
      io.send('1 Quit');
      io.send('2 Quit');
      io.send('M report 0 0 second');
    }, two);
    expect(game.result.end).toEqual({
      kind: 'reported',
      scores: [3, -1],
      message: 'player_2 made an illegal move',
    });
    expect(game.players.map((p) => p.received)).toEqual([['Quit'], ['Quit']]);
    expect(game.result.managerLines).toEqual(['report 0 0 second']);
    expect(game.result.referee.exit).toEqual({ code: 0, signal: null });
  });

  it('plays a 4-player game: one score per player, statuses from the tags', async () => {
    const game = await hostGame(
      async (io) => {
        const got: string[] = [];
        for (let k = 1; k <= 4; k += 1) got.push(await io.move(k, 'Start'));
        const scores = got.map((g) => (g.startsWith('<caiaio:') ? 0 : 10));
        io.send(`M report ${scores.join(' ')} ok`);
      },
      [
        player(answers('a', 5)),
        player(() => [{ afterMs: 5, exit: { code: null, signal: 'SIGABRT' } }]),
        player(answers('slow', 9000)),
        player(answers('d', 5)),
      ],
    );
    const parts = caiaOutcomeParts(game.result);
    expect(parts.scores).toEqual([10, 0, 0, 10]);
    expect(parts.statuses).toEqual(['OK', 'CRASH', 'TIMEOUT', 'OK']);
    expect(parts.times.map((t) => t.chargedUs)).toEqual([5000, 5000, 1_000_000, 5000]);
    expect(describeCaiaEnd(game.result.end)).toBe('the referee reported 10 – 0 – 0 – 10 (ok)');
  });

  it('stops at once when Jury aborts the game', async () => {
    const controller = new AbortController();
    controller.abort();
    const game = await hostGame(async (io) => void (await io.move(1, 'Start')), two, {
      signal: controller.signal,
    });
    expect(game.result.end).toEqual({ kind: 'aborted' });
    expect([game.referee, ...game.players].every((p) => p.shutdowns === 1)).toBe(true);
  });
});
