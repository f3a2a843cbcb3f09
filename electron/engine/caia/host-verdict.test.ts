import { describe, expect, it } from 'vitest';
import { answers, hostGame, player } from '../../../test/fixtures/caia/host-game.ts';
import type { RefereeIo } from '../../../test/fixtures/caia/memory-referee.ts';
import { caiaOutcomeParts } from './outcome.ts';

// PROTOCOL.md §11: a referee's own verdict is in its report message; only the referee sees an illegal
// move, so its words decide a failure it names for a player caiaio saw nothing wrong with, while a tag's
// failure stands whatever the referee made of the tag.

/** A referee that prompts both players once, then reports `report` (the text after `M `). */
const reports =
  (report: string) =>
  async (io: RefereeIo): Promise<void> => {
    await io.move(1, 'Start');
    await io.move(2, 'a1');
    io.send(`M ${report}`);
  };

const steady = () => player(answers('a1', 10));

describe("Caia host: the referee's verdict", () => {
  it('makes a player the referee reports ILLEGAL an ILLEGAL seat of the game outcome', async () => {
    const game = await hostGame(reports('report 38 70 PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN'), [
      steady(),
      steady(),
    ]);
    const parts = caiaOutcomeParts(game.result);
    expect(parts.scores).toEqual([38, 70]);
    expect(parts.statuses).toEqual(['ILLEGAL', 'OK']);
    const [one, two] = game.result.players;
    // caiaio saw nothing wrong: no tag, no failure of Jury's own; the referee's word decided.
    expect(one!.failure).toBeNull();
    expect(one!.verdict).toEqual({
      word: 'ILLEGAL',
      referee: 'ILLEGAL',
      tag: 'OK',
      status: 'ILLEGAL',
      by: 'referee',
    });
    expect(two!.verdict).toEqual({ word: 'WIN', referee: 'OK', tag: 'OK', status: 'OK', by: 'referee' });
  });

  it('reads both players ILLEGAL, and a Spaghetti LOSE/WIN as two OK seats', async () => {
    const both = await hostGame(reports('report 0 0 PLAYER_1:_ILLEGAL;_PLAYER_2:_ILLEGAL'), [
      steady(),
      steady(),
    ]);
    expect(caiaOutcomeParts(both.result).statuses).toEqual(['ILLEGAL', 'ILLEGAL']);
    const plain = await hostGame(reports('report 38 70 PLAYER_1:_LOSE;_PLAYER_2:_WIN'), [steady(), steady()]);
    expect(caiaOutcomeParts(plain.result).statuses).toEqual(['OK', 'OK']);
  });

  it('keeps a failure caiaio saw, whatever the referee said of it, with both accounts', async () => {
    const game = await hostGame(reports('report 0 0 PLAYER_1:_ILLEGAL;_PLAYER_2:_LOSE'), [
      player(() => [{ afterMs: 5, exit: { code: null, signal: 'SIGSEGV' } }]),
      player(answers('slow', 9000)),
    ]);
    const [one, two] = game.result.players;
    expect(caiaOutcomeParts(game.result).statuses).toEqual(['CRASH', 'TIMEOUT']);
    // Both accounts stay: Jury's failure is what caiaio saw, the verdict says which decided.
    expect(one!.failure?.kind).toBe('crash');
    expect(one!.verdict).toMatchObject({ referee: 'ILLEGAL', tag: 'CRASH', by: 'tag' });
    expect(two!.failure?.kind).toBe('timeout');
    expect(two!.verdict).toMatchObject({ word: 'LOSE', referee: 'OK', tag: 'TIMEOUT', by: 'tag' });
  });

  it('ignores the message with the manifest’s "tags-only", and without a report', async () => {
    const tagsOnly = await hostGame(
      reports('report 38 70 PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN'),
      [steady(), steady()],
      { verdict: 'tags-only' },
    );
    expect(caiaOutcomeParts(tagsOnly.result).statuses).toEqual(['OK', 'OK']);
    expect(tagsOnly.result.players[0]!.verdict).toMatchObject({ word: null, by: 'tag' });

    const custom = await hostGame(reports('report 0 9 1=forfeit;2=ok'), [steady(), steady()], {
      verdict: { pattern: '(?<player>\\d)=(?<word>\\w+)', words: { FORFEIT: 'ILLEGAL' } },
    });
    expect(caiaOutcomeParts(custom.result).statuses).toEqual(['ILLEGAL', 'OK']);

    const crashed = await hostGame(
      async (io) => {
        await io.move(1, 'Start');
        io.crash('SIGABRT');
      },
      [steady(), steady()],
    );
    expect(crashed.result.end.kind).toBe('referee-exited');
    expect(crashed.result.players.map((p) => p.verdict.by)).toEqual(['tag', 'tag']);
  });
});
