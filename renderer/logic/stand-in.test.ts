import { describe, expect, it } from 'vitest';
import { hasStandIn, standInNote, type StandInSeat } from './stand-in.ts';

const crashed: StandInSeat = {
  name: 'Crasher',
  status: 'CRASH',
  score: 0,
  takeover: { fromPly: 18, moves: 41 },
};

describe('standInNote', () => {
  it('explains a 0–0 from the record: who failed, from which move the stand-in played, whom it beat', () => {
    expect(standInNote([crashed, { name: 'Steady', status: 'OK', score: 0, takeover: null }], true)).toEqual({
      key: 'games.standIn.beat',
      failed: ['Crasher'],
      beaten: ['Steady'],
      move: 19,
      moves: 41,
    });
  });

  it('says how long the stand-in played when the opponent still scored', () => {
    expect(standInNote([crashed, { name: 'Steady', status: 'OK', score: 14, takeover: null }], true)).toEqual(
      {
        key: 'games.standIn.played',
        failed: ['Crasher'],
        beaten: [],
        move: 19,
        moves: 41,
      },
    );
  });

  it('from the game list (no takeover facts), explains only an opponent beaten to 0', () => {
    const list = (score: number): StandInSeat[] => [
      { name: 'Crasher', status: 'CRASH', score: 0 },
      { name: 'Steady', status: 'OK', score },
    ];
    expect(standInNote(list(0), true)).toEqual({
      key: 'games.standIn.beatInList',
      failed: ['Crasher'],
      beaten: ['Steady'],
      move: null,
      moves: null,
    });
    expect(standInNote(list(14), true)).toBeNull();
  });

  it('says nothing without a stand-in: no failure, a failure at the last move, a missed-turn game', () => {
    const ok: StandInSeat = { name: 'Steady', status: 'OK', score: 0, takeover: null };
    expect(standInNote([{ ...ok, name: 'Ann' }, ok], true)).toBeNull();
    expect(standInNote([{ ...crashed, takeover: { fromPly: 79, moves: 0 } }, ok], true)).toBeNull();
    expect(standInNote([{ ...crashed, takeover: null }, ok], true)).toBeNull();
    expect(standInNote([crashed, ok], false)).toBeNull();
  });

  it('knows which games hand a failed seat to the stand-in', () => {
    expect(['less', 'more', '6561', 'flit'].map(hasStandIn)).toEqual([true, true, true, false]);
    expect(hasStandIn('pkg-toy')).toBe(false);
  });
});
