import { describe, expect, it } from 'vitest';
import { answers, hostGame, player } from '../../../test/fixtures/caia/host-game.ts';
import { TAG_TIMEOUT } from './tags.ts';

/** PROTOCOL.md §6 and §10: time is charged only while a listen waits, against budget × time factor. */
describe('Caia host: timing', () => {
  it('charges a good player its waiting time and answers request_time with the factor (time 250 125)', async () => {
    const game = await hostGame(
      async (io) => {
        for (let i = 0; i < 5; i += 1) await io.move(1, 'Start');
        io.send('I request_time 1');
        const time = await io.next();
        io.send(`M report 2 0 ${time.replaceAll(' ', '_')}`);
      },
      [player(answers('move', 50)), player()],
      { budgetMs: 1000, timeFactor: 2 },
    );
    expect(game.result.end).toEqual({ kind: 'reported', scores: [2, 0], message: 'time_250_125' });
    expect(game.referee.received.filter((l) => l !== 'lock_ok')).toEqual([
      'move',
      'move',
      'move',
      'move',
      'move',
      'time 250 125',
    ]);
    expect(game.result.limitUs).toBe(2_000_000);
    expect(game.result.players[0]!.time).toEqual({
      chargedUs: 250_000,
      wallUs: 250_000,
      cpuUs: 0,
      listens: 5,
      maxChargedUs: 50_000,
    });
    expect(game.result.players.map((p) => p.status)).toEqual(['OK', 'OK']);
  });

  it('gives a slow player the timeout tag, then the same tag at once on every later listen (sticky)', async () => {
    const game = await hostGame(
      async (io) => {
        const first = await io.move(1, 'Start');
        io.send('I request_time 1');
        const time = await io.next();
        const second = await io.move(1, 'again');
        io.send('I request_time 1');
        const after = await io.next();
        io.send(`M report 0 2 ${[first, time, second, after].join('|').replaceAll(' ', '_')}`);
      },
      [player(answers('late', 3000)), player()],
      { budgetMs: 1000, timeFactor: 2 },
    );
    expect(game.result.end).toMatchObject({
      kind: 'reported',
      message: `${TAG_TIMEOUT}|time_2000_1000|${TAG_TIMEOUT}|time_2000_1000`,
    });
    const p1 = game.result.players[0]!;
    expect(p1.status).toBe('TIMEOUT');
    expect(p1.failure).toEqual({ kind: 'timeout', ply: 0, usedUs: 2_000_000, pending: '' });
    expect(p1.firstTag).toMatchObject({ tag: TAG_TIMEOUT, listen: 0 });
    expect(p1.tags).toBe(2);
    // The player is not killed by the timeout (caiaio leaves it running): it got both lines.
    expect(game.players[0]!.received).toEqual(['Start', 'again']);
  });

  it('does not charge what a player thinks between its message and the listen', async () => {
    const game = await hostGame(
      async (io) => {
        io.send('1 Start');
        io.send('I request_time 1'); // the host has sent Start when this is answered
        await io.next();
        io.think(30);
        io.send('I listen 1');
        const move = await io.next();
        io.send('I request_time 1');
        io.send(`M report 1 0 ${move}_${(await io.next()).replaceAll(' ', '_')}`);
      },
      [player(answers('m', 50)), player()],
    );
    expect(game.result.end).toMatchObject({ kind: 'reported', message: 'm_time_20_20' });
  });

  it('charges nothing for a line that was already waiting', async () => {
    const game = await hostGame(
      async (io) => {
        io.send('1 Start');
        io.send('I request_time 1');
        await io.next();
        io.think(500);
        io.send('I listen 1');
        const move = await io.next();
        io.send('I request_time 1');
        io.send(`M report 1 0 ${move}_${(await io.next()).replaceAll(' ', '_')}`);
      },
      [player(answers('early', 10)), player()],
    );
    expect(game.result.end).toMatchObject({ kind: 'reported', message: 'early_time_0_0' });
  });

  it('charges CPU time instead in cpu mode, and times out on the CPU budget', async () => {
    const game = await hostGame(
      async (io) => {
        const a = await io.move(1, 'Start');
        io.send('I request_time 1');
        const t = await io.next();
        const b = await io.move(1, 'again');
        io.send(`M report 1 0 ${[a, t, b].join('|').replaceAll(' ', '_')}`);
      },
      [
        (clock) => {
          const p = player((_line, count) => [{ afterMs: count === 1 ? 500 : 20_000, line: 'm' }])(clock);
          p.cpuAt = (now) => now / 10; // a tenth of the wall time
          return p;
        },
        player(),
      ],
      { mode: 'cpu', budgetMs: 1000 },
    );
    expect(game.result.end).toMatchObject({ message: `m|time_50_50|${TAG_TIMEOUT}` });
    expect(game.result.players[0]!.status).toBe('TIMEOUT');
  });

  it('stops the other players while one is listened to, when asked (official mode)', async () => {
    const game = await hostGame(
      async (io) => {
        await io.move(1, 'Start');
        io.send('M report 1 0 done');
      },
      [player(answers('m', 50)), player(), player()],
      { suspendOthers: true },
    );
    expect(game.players.map((p) => [p.suspensions, p.suspended])).toEqual([
      [0, false],
      [1, false],
      [1, false],
    ]);
  });
});
