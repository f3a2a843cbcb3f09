import { describe, expect, expectTypeOf, it } from 'vitest';
import { channelNames, eventChannels, ipcContract, requestChannels } from './contract.ts';
import type { EventPayload, Request, Response } from './contract.ts';
import type { JuryApi } from './api.ts';
import { methodName, subscriptionName } from './api.ts';

const play = ipcContract.requests['match.play'];

describe('the IPC contract', () => {
  it('lists every channel once, requests then events', () => {
    expect(channelNames).toEqual([
      'games.list',
      'bots.samples',
      'match.play',
      'tournament.progress',
      'game.move',
    ]);
    expect(requestChannels).toHaveLength(3);
    expect(eventChannels).toHaveLength(2);
    expect(Object.keys(ipcContract.requests)).toEqual(requestChannels);
    expect(Object.keys(ipcContract.events)).toEqual(eventChannels);
  });

  it('accepts good payloads', () => {
    expect(ipcContract.requests['games.list'].request.safeParse(undefined).success).toBe(true);
    expect(ipcContract.requests['bots.samples'].request.safeParse({ game: '6561' }).success).toBe(true);
    const good = {
      game: 'less',
      bots: [{ sample: 'less-random' }, { name: 'me', command: ['./bot'] }],
      timing: 'cpu',
    };
    expect(play.request.parse(good)).toEqual(good);
    expect(play.request.safeParse({ ...good, seed: 0xffffffff }).success).toBe(true);
    const progress = { finished: 3, total: 10, running: 2, etaMs: null };
    expect(ipcContract.events['tournament.progress'].parse(progress)).toEqual(progress);
    expect(ipcContract.events['game.move'].safeParse({ game: 0, ply: 5, seat: 1, line: 'Ab' }).success).toBe(
      true,
    );
  });

  it('rejects bad payloads, naming the field', () => {
    const bad = play.request.safeParse({ game: 'chess', bots: [{ sample: 'x' }], timing: 'cpu' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['game', 'bots']);
    const seed = play.request.safeParse({
      game: 'less',
      bots: [{ sample: 'a' }, { sample: 'b' }],
      timing: 'cpu',
      seed: -1,
    });
    expect(seed.error?.issues[0]?.path).toEqual(['seed']);
    expect(
      play.request.safeParse({ game: 'less', bots: [{ sample: 'a' }, { sample: 'b' }], timing: 'wall' })
        .success,
    ).toBe(false);
    expect(
      play.request.safeParse({ game: 'less', bots: [{ sample: 'a' }, { command: [] }], timing: 'cpu' })
        .success,
    ).toBe(false);
    expect(ipcContract.requests['bots.samples'].request.safeParse({ game: 'less', extra: 1 }).success).toBe(
      false,
    );
    expect(ipcContract.events['game.move'].safeParse({ game: 0, ply: -1, seat: 9, line: 'x' }).success).toBe(
      false,
    );
  });

  it('accepts a game outcome and rejects an unknown end', () => {
    const outcome = {
      game: 'more',
      seed: 7,
      seats: [
        { name: 'a', score: 12, status: 'OK' },
        { name: 'b', score: 0, status: 'TIMEOUT' },
      ],
      end: { kind: 'move-cutoff', moves: 80 },
      durationUs: 1000,
    };
    expect(play.response.parse(outcome)).toEqual(outcome);
    expect(play.response.safeParse({ ...outcome, end: { kind: 'resigned' } }).success).toBe(false);
  });

  it('infers the types of requests, responses and events', () => {
    expectTypeOf<Request<'games.list'>>().toEqualTypeOf<undefined>();
    expectTypeOf<Request<'bots.samples'>>().toEqualTypeOf<{ game: 'less' | 'more' | '6561' | 'flit' }>();
    expectTypeOf<Response<'match.play'>['seats'][number]['status']>().toEqualTypeOf<
      'OK' | 'TIMEOUT' | 'ILLEGAL' | 'CRASH' | 'EXIT'
    >();
    expectTypeOf<EventPayload<'game.move'>['line']>().toEqualTypeOf<string>();
    expectTypeOf<JuryApi['gamesList']>().toEqualTypeOf<() => Promise<Response<'games.list'>>>();
    expectTypeOf<JuryApi['onGameMove']>()
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<EventPayload<'game.move'>>();
  });

  it('derives method names from channel names', () => {
    expect(methodName('games.list')).toBe('gamesList');
    expect(methodName('match.play')).toBe('matchPlay');
    expect(subscriptionName('tournament.progress')).toBe('onTournamentProgress');
  });
});
