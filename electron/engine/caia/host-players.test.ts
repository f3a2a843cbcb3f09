import { describe, expect, it } from 'vitest';
import { answers, hostGame, player } from '../../../test/fixtures/caia/host-game.ts';
import type { RefereeIo } from '../../../test/fixtures/caia/memory-referee.ts';
import type { CaiaEnd } from './types.ts';
import { TAG_BAD_LINE, TAG_EMPTY_LINE, TAG_STOPPED } from './tags.ts';

/** A referee that thinks `thinkMs` first, then asks player 1 for `moves` moves and reports what it got. */
const askOne =
  (moves: number, thinkMs = 0) =>
  async (io: RefereeIo): Promise<void> => {
    io.think(thinkMs);
    const got: string[] = [];
    for (let i = 0; i < moves; i += 1) got.push(await io.move(1, 'Start'));
    io.send(`M report 0 2 ${got.join('|')}`);
  };

const message = (end: CaiaEnd): string => (end.kind === 'reported' ? end.message : '');

/** PROTOCOL.md §4 and §10: the tags for a dead, stopped or misbehaving player, and their statuses. */
describe('Caia host: failing players', () => {
  it('reports a player that died of a signal before the listen as crashed, by strsignal name', async () => {
    for (const [signal, text] of [
      ['SIGABRT', 'Aborted'],
      ['SIGSEGV', 'Segmentation_fault'],
      ['SIGKILL', 'Killed'],
    ] as const) {
      const game = await hostGame(askOne(1, 100), [
        (clock) => player(answers('m', 5))(clock).at({ afterMs: 10, exit: { code: null, signal } }),
        player(),
      ]);
      expect(message(game.result.end)).toBe(`<caiaio:_player_crashed:_${text}>`);
      const p1 = game.result.players[0]!;
      expect(p1.status).toBe('CRASH');
      expect(p1.failure).toEqual({ kind: 'crash', ply: 0, exit: { code: null, signal }, pending: '' });
    }
  });

  it('gives the crashed tag even when the dead player had left a line (caiaio checks death first)', async () => {
    const game = await hostGame(askOne(1, 100), [
      (clock) =>
        player()(clock)
          .at({ afterMs: 5, line: 'left over' })
          .at({ afterMs: 10, exit: { code: null, signal: 'SIGABRT' } }),
      player(),
    ]);
    expect(message(game.result.end)).toBe('<caiaio:_player_crashed:_Aborted>');
  });

  it("reports a player that dies during the listen with the empty-line tag <caiaio:_player_sends_'\\n'>", async () => {
    const game = await hostGame(askOne(2), [
      player(() => [{ afterMs: 20, exit: { code: null, signal: 'SIGSEGV' } }]),
      player(),
    ]);
    // The second listen finds it dead of a signal: crashed, as PROTOCOL.md §10 observed.
    expect(message(game.result.end)).toBe(`${TAG_EMPTY_LINE}|<caiaio:_player_crashed:_Segmentation_fault>`);
    const p1 = game.result.players[0]!;
    expect(p1.status).toBe('CRASH');
    expect(p1.failure).toMatchObject({ kind: 'crash', ply: 0, exit: { signal: 'SIGSEGV' } });
    expect(p1.time.chargedUs).toBe(20_000);
    expect(p1.tags).toBe(2);
  });

  it('reports a player that exits during the listen as EXIT, and as stopped from then on', async () => {
    const game = await hostGame(askOne(3), [
      player(() => [{ afterMs: 5, exit: { code: 0, signal: null } }]),
      player(),
    ]);
    expect(message(game.result.end)).toBe(`${TAG_EMPTY_LINE}|${TAG_STOPPED}|${TAG_STOPPED}`);
    expect(game.result.players[0]!.status).toBe('EXIT');
    expect(game.result.players[0]!.failure).toMatchObject({ kind: 'exit', exit: { code: 0, signal: null } });
  });

  it('reads the end of output of a player that exited before the listen, then says stopped', async () => {
    const game = await hostGame(askOne(2, 100), [
      (clock) => player()(clock).at({ afterMs: 10, exit: { code: 0, signal: null } }),
      player(),
    ]);
    expect(message(game.result.end)).toBe(`${TAG_EMPTY_LINE}|${TAG_STOPPED}`);
    expect(game.result.players[0]!.status).toBe('EXIT');
  });

  it('marks a non-zero exit code as CRASH (caiaio itself only says stopped or sends an empty line)', async () => {
    const game = await hostGame(askOne(2), [
      player(() => [{ afterMs: 5, exit: { code: 3, signal: null } }]),
      player(),
    ]);
    expect(message(game.result.end)).toBe(`${TAG_EMPTY_LINE}|${TAG_STOPPED}`);
    expect(game.result.players[0]!.status).toBe('CRASH');
  });

  it('answers an empty line with the tag (ILLEGAL), and the next line normally: not sticky', async () => {
    const game = await hostGame(askOne(2), [
      player((_l, n) => [{ afterMs: 5, line: n === 1 ? '' : 'ok' }]),
      player(),
    ]);
    expect(message(game.result.end)).toBe(`${TAG_EMPTY_LINE}|ok`);
    const p1 = game.result.players[0]!;
    expect(p1.status).toBe('ILLEGAL');
    expect(p1.failure).toEqual({ kind: 'protocol', ply: 0, code: 'empty-line', detail: '' });
    expect(p1.tags).toBe(1);
  });

  it('passes a line with a carriage return on unchanged ("\\r" is kept)', async () => {
    const game = await hostGame(askOne(1), [player(answers('a1\r', 5)), player()]);
    expect(game.referee.received).toEqual(['lock_ok', 'a1\r']);
    expect(game.result.transcript.filter((l) => l.program === 1).map((l) => [l.dir, l.text])).toEqual([
      ['in', 'Start'],
      ['out', 'a1\r'],
    ]);
    expect(game.result.players[0]!.status).toBe('OK');
  });

  it("answers a line Jury's framing refuses with Jury's own tag (ILLEGAL)", async () => {
    const refused = await hostGame(
      async (io) => {
        io.send('I listen 1');
        io.send(`M report 0 1 ${await io.next()}`);
      },
      [
        (clock) => {
          const p = player()(clock);
          p.read = async () => ({
            kind: 'bad-line',
            code: 'too-long',
            detail: 'over 1 MiB',
            atUs: clock.now,
          });
          return p;
        },
        player(),
      ],
    );
    expect(message(refused.result.end)).toBe(TAG_BAD_LINE);
    expect(refused.result.players[0]!.failure).toEqual({
      kind: 'protocol',
      ply: 0,
      code: 'too-long',
      detail: 'over 1 MiB',
    });
    expect(refused.result.players[0]!.status).toBe('ILLEGAL');
  });

  it('keeps each player its own standard error', async () => {
    const game = await hostGame(askOne(1), [
      player(() => [
        { afterMs: 1, stderr: 'thinking\n' },
        { afterMs: 2, line: 'm' },
      ]),
      (clock) => player()(clock).at({ afterMs: 0, stderr: 'R player two\n' }),
    ]);
    expect(game.result.players.map((p) => p.stderr.full)).toEqual(['thinking\n', 'R player two\n']);
    expect(game.result.players[1]!.stderr.shown).toBe('R player two\n');
  });

  it('reports each first failure once as an event', async () => {
    const game = await hostGame(askOne(2), [player(answers('late', 5000)), player()]);
    const failures = game.events.filter((e) => e.kind === 'failure');
    expect(failures).toEqual([
      {
        kind: 'failure',
        player: 1,
        tag: '<caiaio:_player_timeout>',
        failure: expect.objectContaining({ kind: 'timeout' }),
      },
    ]);
  });
});
