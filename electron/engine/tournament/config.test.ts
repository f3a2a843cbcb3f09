import { describe, expect, it } from 'vitest';
import { parseTournamentConfig, participantIds } from './config.ts';

const base = {
  format: 'jury-tournament',
  version: 1,
  name: 'Club night',
  game: 'more',
  schedule: { kind: 'round-robin' },
  bots: [
    { name: 'Alice', executable: './alice' },
    { name: 'Greedy', sample: 'greedy' },
    { name: 'Bob', source: { file: 'bob.cpp', language: 'cpp' } },
  ],
};
const problem = (patch: Record<string, unknown>): string => {
  const r = parseTournamentConfig({ ...base, ...patch });
  return r.ok ? 'ok' : r.error.message;
};

describe('tournament config', () => {
  it('accepts a minimal config and fills in the defaults', () => {
    const r = parseTournamentConfig(base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.schedule).toEqual({ kind: 'round-robin', repeats: 1 });
    expect(r.value.timing).toEqual({ mode: 'official', graceMs: 1000 });
    expect(r.value.limits).toEqual({ memoryMiB: 1024, maxProcesses: 256, network: false, affinity: true });
    expect(r.value.bots[2]).toMatchObject({ name: 'Bob', args: [] });
  });

  it('names the field that is wrong', () => {
    expect(problem({ version: 2 })).toBe('version: this Jury reads version 1 of the config format');
    expect(problem({ game: 'chess' })).toBe('game: the game must be one of less, more, 6561, flit');
    expect(problem({ colour: 'red' })).toMatch(/config: Unrecognized key: "colour"/);
    expect(problem({ schedule: { kind: 'swiss', swissRounds: 0, finalists: 4 } })).toBe(
      'schedule.swissRounds: swissRounds must be at least 1',
    );
    expect(problem({ game: 'less' })).toMatch(
      /schedule.kind: round robin is for 2-player games; Less has 4 seats \(use groups\)/,
    );
    expect(problem({ game: 'less', schedule: { kind: 'groups' } })).toBe('bots: Less needs at least 4 bots');
    expect(problem({ boards: ['0123'] })).toBe(
      'boards.0: More board: a 6×6 board string has 60 characters, this one has 4',
    );
    expect(problem({ game: '6561', boards: ['0'] })).toMatch(/^boards: 6561 is not played on boards/);
    expect(
      problem({
        bots: [
          { name: 'A', sample: 'random' },
          { name: 'A', sample: 'greedy' },
        ],
      }),
    ).toBe('bots: two bots are named "A"');
    expect(problem({ schedule: { kind: 'gauntlet', challengers: ['Carol'] } })).toBe(
      'schedule.challengers: no bot is named "Carol"',
    );
    expect(
      problem({
        bots: [
          { name: 'A', sample: 'clever' },
          { name: 'B', sample: 'greedy' },
        ],
      }),
    ).toMatch(/^bots\.0/);
  });

  it('makes stable, unique participant ids from names', () => {
    expect(participantIds(['Alice', 'alice!', 'Bob the Bot', '***'])).toEqual([
      'alice',
      'alice-2',
      'bob-the-bot',
      'bot',
    ]);
  });
});
