import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  channelNames,
  controlChannels,
  eventChannels,
  ipcContract,
  isControlChannel,
  requestChannels,
} from './contract.ts';
import type { GameId } from '../games/types.ts';
import type { EventPayload, Request, Response } from './contract.ts';
import type { JuryApi } from './api.ts';
import { methodName, subscriptionName } from './api.ts';
import { seatSchema } from './schemas.ts';

const play = ipcContract.requests['match.play'];

describe('the IPC contract', () => {
  it('lists every channel once, requests then events', () => {
    expect(new Set(channelNames).size).toBe(channelNames.length);
    expect(channelNames.slice(0, 4)).toEqual(['app.info', 'games.list', 'bots.samples', 'match.play']);
    expect(eventChannels).toEqual([
      'tournament.progress',
      'tournament.changed',
      'games.changed',
      'game.frame',
      'app.navigate',
    ]);
    expect(Object.keys(ipcContract.requests)).toEqual(requestChannels);
    expect(Object.keys(ipcContract.events)).toEqual(eventChannels);
  });

  it('admits seats 0 to 31: game packages have up to 32 players', () => {
    expect(seatSchema.safeParse(31).success).toBe(true);
    expect(seatSchema.safeParse(32).success).toBe(false);
    expect(seatSchema.safeParse(-1).success).toBe(false);
  });

  it('marks every changing request as control and nothing that only reads', () => {
    for (const c of controlChannels) expect(requestChannels).toContain(c);
    expect(isControlChannel('tournament.start')).toBe(true);
    expect(isControlChannel('bots.remove')).toBe(true);
    expect(isControlChannel('games.addPackage')).toBe(true);
    expect(isControlChannel('games.removePackage')).toBe(true);
    expect(isControlChannel('tournament.resetGame')).toBe(true);
    expect(isControlChannel('tournament.standings')).toBe(false);
    expect(isControlChannel('tournament.export')).toBe(false);
    expect(isControlChannel('app.info')).toBe(false);
    expect(isControlChannel('system.protections')).toBe(false);
  });

  it('asks for the statistics apart from the standings, with the same payload, for spectators too', () => {
    const statistics = ipcContract.requests['tournament.statistics'];
    const standings = ipcContract.requests['tournament.standings'];
    expect(requestChannels.indexOf('tournament.statistics')).toBe(
      requestChannels.indexOf('tournament.standings') + 1,
    );
    expect(isControlChannel('tournament.statistics')).toBe(false);
    for (const payload of [{ id: 'spring' }, { id: 'spring', stage: 'final' }]) {
      expect(statistics.request.parse(payload)).toEqual(payload);
      expect(standings.request.parse(payload)).toEqual(payload);
    }
    expect(statistics.request.safeParse({ id: 'spring', stage: 5 }).success).toBe(false);
    expect(statistics.request.safeParse({ id: 'spring', round: 1 }).success).toBe(false);
    const answer = {
      seatStats: { bots: [{ id: 'a', seats: [{ games: 1, points: 2, average: 2 }] }], overall: [] },
      timeStats: [],
      pointsByRound: [{ name: 'A', points: [2] }],
      rounds: [{ stage: 'main', round: 1 }],
    };
    expect(statistics.response.parse(answer)).toEqual(answer);
    expect(statistics.response.safeParse({ ...answer, rounds: [{ stage: 'main', round: 0 }] }).success).toBe(
      false,
    );
    expect(statistics.response.safeParse({ ...answer, seatStats: null }).success).toBe(false);
    // The standings carry no figure that reads every game.
    expect(Object.keys(standings.response.shape).sort()).toEqual(['crosstable', 'ranking', 'stages']);
  });

  it('keeps stored settings a patch does not name', () => {
    const patch = ipcContract.requests['settings.set'].request.parse({ theme: 'dark' });
    expect(patch).toEqual({ theme: 'dark' });
    expect(ipcContract.requests['settings.set'].request.safeParse({ colour: 'red' }).success).toBe(false);
    expect(ipcContract.requests['settings.get'].response.parse({})).toEqual({
      language: 'en',
      theme: 'system',
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
      demoOffered: false,
      workers: { redisUrl: null, secretSet: false },
    });
  });

  it('checks a tournament draft and fills in its defaults', () => {
    const create = ipcContract.requests['tournaments.create'].request;
    const draft = {
      name: 'Club night',
      game: 'less',
      schedule: { kind: 'groups' },
      bots: ['a', 'b', 'c', 'd'],
    };
    expect(create.parse({ draft }).draft).toEqual({
      ...draft,
      schedule: { kind: 'groups', permutations: 'all', mode: 'rounds', rounds: 1, evenOut: true },
      timing: { mode: 'official', graceMs: 1000 },
      limits: { memoryMiB: 1024, maxProcesses: 256, network: false, affinity: true },
    });
    const bad = create.safeParse({ draft: { ...draft, bots: ['a'], schedule: { kind: 'swiss' } } });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'draft.bots',
      'draft.schedule.finalists',
      'draft.schedule.swissRounds',
    ]);
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
    const progress = {
      id: 't',
      state: 'running',
      finished: 3,
      total: 10,
      running: 2,
      etaMs: null,
      error: null,
    };
    expect(ipcContract.events['tournament.progress'].parse(progress)).toEqual(progress);
    const frame = {
      tournament: 't',
      game: 0,
      stage: 'main',
      round: 1,
      seats: ['a', 'b'],
      ply: 5,
      state: { cells: [] },
      lastMove: 'Ab',
      clocksMs: [1, 2],
      toAct: 1,
      done: false,
      scores: null,
    };
    expect(ipcContract.events['game.frame'].parse(frame)).toEqual(frame);
  });

  it('asks what this machine enforces with the bounds of a draft’s limits, and answers one row each', () => {
    const protections = ipcContract.requests['system.protections'];
    expect(protections.request.parse({})).toEqual({});
    const asked = { memoryMiB: null, maxProcesses: 32, network: true };
    expect(protections.request.parse(asked)).toEqual(asked);
    const bad = protections.request.safeParse({ memoryMiB: 8, maxProcesses: 0.5, swap: 1 });
    expect(bad.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual([
      'maxProcesses',
      'memoryMiB',
      'unrecognized_keys',
    ]);
    const rows = [
      { limit: 'memory', status: 'partial', detail: '1024 MiB of private memory only (RLIMIT_DATA)' },
      { limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' },
      { limit: 'cpu-time', status: 'missing', detail: 'no /proc CPU time on darwin' },
    ];
    expect(protections.response.parse(rows)).toEqual(rows);
    expect(protections.response.safeParse([{ limit: 'swap', status: 'missing', detail: '' }]).success).toBe(
      false,
    );
    const limits = ipcContract.requests['tournament.replay'].response.shape.limits;
    const ran = { requested: { memoryMiB: 256, maxProcesses: null, network: false }, protections: rows };
    expect(limits.parse(ran)).toEqual(ran);
    expect(limits.parse(null)).toBeNull();
  });

  it('rejects bad payloads, naming the field', () => {
    // No bot at all (a game package may have a single player, so one bot is a valid request).
    const bad = play.request.safeParse({ game: 'chess', bots: [], timing: 'cpu' });
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
    const frame = ipcContract.events['game.frame'].safeParse({ tournament: 't', game: -1, toAct: 9 });
    expect(frame.error?.issues.map((i) => i.path[0])).toContain('game');
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
    expectTypeOf<Request<'bots.samples'>>().toEqualTypeOf<{ game: GameId }>();
    expectTypeOf<Response<'match.play'>['seats'][number]['status']>().toEqualTypeOf<
      'OK' | 'TIMEOUT' | 'ILLEGAL' | 'CRASH' | 'EXIT'
    >();
    expectTypeOf<EventPayload<'game.frame'>['lastMove']>().toEqualTypeOf<string | null>();
    expectTypeOf<Response<'system.protections'>[number]['status']>().toEqualTypeOf<
      'enforced' | 'partial' | 'missing'
    >();
    expectTypeOf<JuryApi['systemProtections']>().parameter(0).toEqualTypeOf<{
      memoryMiB?: number | null | undefined;
      maxProcesses?: number | null | undefined;
      network?: boolean | undefined;
    }>();
    expectTypeOf<JuryApi['gamesList']>().toEqualTypeOf<() => Promise<Response<'games.list'>>>();
    expectTypeOf<JuryApi['onGameFrame']>()
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<EventPayload<'game.frame'>>();
  });

  it('derives method names from channel names', () => {
    expect(methodName('games.list')).toBe('gamesList');
    expect(methodName('match.play')).toBe('matchPlay');
    expect(subscriptionName('tournament.progress')).toBe('onTournamentProgress');
  });
});
