import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { gameModule } from '../../../shared/games/registry.ts';
import { coresOfSlot, playMatch, type Launcher, type MatchRequest } from '../play-match.ts';
import { DEFAULT_LIMITS } from '../process/limits.ts';

/** The cores playMatch asks the launcher to pin `request`'s bots to (the launch then fails on purpose). */
async function pinnedTo(request: Partial<MatchRequest>): Promise<(readonly number[] | null | undefined)[]> {
  const asked: (readonly number[] | null | undefined)[] = [];
  const launcher: Launcher = {
    launch: (_bot, _limits, cpus) => {
      asked.push(cpus);
      return Promise.reject(new Error('not started'));
    },
  };
  const bots = [0, 1].map((i) => ({ name: `b${i}`, command: ['/bin/true'] }));
  const base = {
    game: gameModule('6561'),
    bots,
    seed: 1,
    timing: 'official',
    limits: DEFAULT_LIMITS,
  } as const;
  await expect(playMatch({ ...base, ...request }, launcher)).rejects.toThrow('not started');
  return asked;
}

describe('coresOfSlot', () => {
  it('gives each running game a core of its own, the last cores first', () => {
    expect(coresOfSlot({ slot: 0, concurrency: 1 }, 2)).toEqual([1]);
    expect(coresOfSlot({ slot: 0, concurrency: 2 }, 2)).toEqual([1]);
    expect(coresOfSlot({ slot: 1, concurrency: 2 }, 2)).toEqual([0]);
    expect(coresOfSlot({ slot: 3, concurrency: 4 }, 8)).toEqual([4]);
  });

  it('pins nothing when games at once outnumber the cores', () => {
    expect(coresOfSlot({ slot: 0, concurrency: 3 }, 2)).toBeNull();
    expect(coresOfSlot({ slot: 2, concurrency: 2 }, 2)).toBeNull();
  });
});

describe('a game played alone', () => {
  it('pins its bots to the last core on two cores or more, unless affinity is off or cores are given', async () => {
    const cores = availableParallelism();
    const alone = cores < 2 ? null : [cores - 1];
    expect(await pinnedTo({})).toEqual([alone, alone]);
    expect(await pinnedTo({ limits: { ...DEFAULT_LIMITS, affinity: false } })).toEqual([null, null]);
    expect(await pinnedTo({ cpus: null })).toEqual([null, null]);
    expect(await pinnedTo({ cpus: [0] })).toEqual([[0], [0]]);
  });
});
