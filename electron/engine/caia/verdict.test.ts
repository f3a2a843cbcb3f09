import { describe, expect, it } from 'vitest';
import { decideVerdict, readRefereeWords } from './verdict.ts';

// The referee's own words for each player, as CodeCup's referees write them in their report message
// (PROTOCOL.md §11), and the rule that decides a player's status from them and caiaio's tag.

const statuses = (message: string, players = 2) =>
  readRefereeWords(message, players).map((w) => w?.status ?? null);

describe("reading a referee's verdict from its report message", () => {
  it('reads the lines of CodeCup 2022’s referee (Spaghetti) as they are', () => {
    expect(readRefereeWords('PLAYER_1:_LOSE;_PLAYER_2:_WIN', 2)).toEqual([
      { word: 'LOSE', status: 'OK' },
      { word: 'WIN', status: 'OK' },
    ]);
    expect(readRefereeWords('PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN', 2)).toEqual([
      { word: 'ILLEGAL', status: 'ILLEGAL' },
      { word: 'WIN', status: 'OK' },
    ]);
    expect(statuses('PLAYER_1:_ILLEGAL;_PLAYER_2:_ILLEGAL')).toEqual(['ILLEGAL', 'ILLEGAL']);
    expect(statuses('PLAYER_1:_TIMEOUT;_PLAYER_2:_WIN')).toEqual(['TIMEOUT', 'OK']);
    expect(statuses('PLAYER_1:_WIN;_PLAYER_2:_CRASH')).toEqual(['OK', 'CRASH']);
    expect(statuses('PLAYER_1:_DRAW;_PLAYER_2:_DRAW')).toEqual(['OK', 'OK']);
  });

  it('is tolerant of case, separators, order and near variants of the words', () => {
    expect(statuses('player 2: win, player 1: illegal')).toEqual(['ILLEGAL', 'OK']);
    expect(statuses('PLAYER1=Timed_out|PLAYER2=won')).toEqual(['TIMEOUT', 'OK']);
    expect(statuses('PLAYER_1_CRASHED_PLAYER_2_WINS')).toEqual(['CRASH', 'OK']);
    expect(statuses('Player-1:_TIME_OUT;_Player-2:_Exited.')).toEqual(['TIMEOUT', 'EXIT']);
    // The first run of letters when the whole is no word: the referee's reason after it.
    expect(readRefereeWords('PLAYER_1:_ILLEGAL_(wrong_length);_PLAYER_2:_WIN', 2)[0]).toEqual({
      word: 'ILLEGAL',
      status: 'ILLEGAL',
    });
    expect(statuses('PLAYER_1:_LOSE;_PLAYER_2:_LOSE;_PLAYER_3:_ILLEGAL;_PLAYER_4:_WIN', 4)).toEqual([
      'OK',
      'OK',
      'ILLEGAL',
      'OK',
    ]);
  });

  it('names no word for a player the message does not name, or by a word that means nothing', () => {
    expect(readRefereeWords('', 2)).toEqual([null, null]);
    // Words that mean nothing are kept as written, for the record; the tag decides.
    expect(readRefereeWords('player_2_made_an_illegal_move', 2)).toEqual([
      null,
      { word: 'made_an_illegal_move', status: null },
    ]);
    // The Toy referee's own message: no CodeCup words in it.
    expect(readRefereeWords('1=ok,t=12/12;2=<caiaio:_player_timeout>,t=2000/1000', 2)).toEqual([null, null]);
    expect(readRefereeWords('PLAYER_1:_FORFEIT;_PLAYER_2:_WIN;_PLAYER_9:_ILLEGAL', 2)).toEqual([
      { word: 'FORFEIT', status: null },
      { word: 'WIN', status: 'OK' },
    ]);
    expect(readRefereeWords('PLAYER_2:_ILLEGAL', 2)).toEqual([null, { word: 'ILLEGAL', status: 'ILLEGAL' }]);
    // A player named twice: its first words count.
    expect(statuses('PLAYER_1:_ILLEGAL;_PLAYER_1:_WIN')).toEqual(['ILLEGAL', null]);
  });

  it('follows the manifest: tags only, more words, or a pattern of its own', () => {
    expect(readRefereeWords('PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN', 2, 'tags-only')).toEqual([null, null]);
    expect(
      readRefereeWords('PLAYER_1:_FORFEIT;_PLAYER_2:_WIN', 2, { words: { forfeit: 'ILLEGAL' } }),
    ).toEqual([
      { word: 'FORFEIT', status: 'ILLEGAL' },
      { word: 'WIN', status: 'OK' },
    ]);
    // A year that writes "1:verloren 2:foute_zet": its words and its own pattern.
    const dutch = {
      pattern: '(?<player>\\d+):(?<word>[a-z_]+)',
      words: { verloren: 'OK', gewonnen: 'OK', foute_zet: 'ILLEGAL', te_laat: 'TIMEOUT' },
    } as const;
    expect(readRefereeWords('1:gewonnen 2:foute_zet', 2, dutch)).toEqual([
      { word: 'gewonnen', status: 'OK' },
      { word: 'foute_zet', status: 'ILLEGAL' },
    ]);
    expect(readRefereeWords('2:TE_LAAT', 2, dutch)).toEqual([null, { word: 'TE_LAAT', status: 'TIMEOUT' }]);
  });
});

describe('deciding a player’s status from the referee’s word and caiaio’s tag', () => {
  const said = (status: 'OK' | 'ILLEGAL' | 'TIMEOUT' | null, word = 'W') => ({ word, status });

  it('takes a failure the referee names for a player caiaio saw nothing wrong with', () => {
    expect(decideVerdict('OK', said('ILLEGAL', 'ILLEGAL'))).toEqual({
      word: 'ILLEGAL',
      referee: 'ILLEGAL',
      tag: 'OK',
      status: 'ILLEGAL',
      by: 'referee',
    });
    expect(decideVerdict('OK', said('TIMEOUT'))).toMatchObject({ status: 'TIMEOUT', by: 'referee' });
    expect(decideVerdict('OK', said('OK'))).toMatchObject({ status: 'OK', by: 'referee' });
  });

  it('keeps the failure of a tag, whatever the referee said, and the tag without a usable word', () => {
    expect(decideVerdict('TIMEOUT', said('OK', 'WIN'))).toEqual({
      word: 'WIN',
      referee: 'OK',
      tag: 'TIMEOUT',
      status: 'TIMEOUT',
      by: 'tag',
    });
    // A crash while listened to is "wrong length" to the referee: the exit status says more.
    expect(decideVerdict('CRASH', said('ILLEGAL'))).toMatchObject({ status: 'CRASH', by: 'tag' });
    expect(decideVerdict('TIMEOUT', said('TIMEOUT'))).toMatchObject({ status: 'TIMEOUT', by: 'tag' });
    expect(decideVerdict('EXIT', null)).toEqual({
      word: null,
      referee: null,
      tag: 'EXIT',
      status: 'EXIT',
      by: 'tag',
    });
    expect(decideVerdict('OK', said(null, 'FORFEIT'))).toMatchObject({
      status: 'OK',
      by: 'tag',
      word: 'FORFEIT',
    });
  });
});
