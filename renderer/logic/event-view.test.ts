import { describe, expect, it } from 'vitest';
import { competitionLabel, newestFirst, playingOf, stateBadge, withoutCodes } from './event-view.ts';

const smoke = { passed: true, verdict: 'ok', dialogue: [], scores: [], statuses: [] };
const working = { state: 'working' as const, log: '', smoke };
const failed = { state: 'build-failed' as const, log: 'error' };

describe('event view maths', () => {
  const list = [
    {
      id: 'a1',
      contestant: 'a',
      version: 1,
      status: working,
      disqualified: null,
      receivedAt: '2026-05-01T10:00:00Z',
    },
    {
      id: 'a2',
      contestant: 'a',
      version: 2,
      status: working,
      disqualified: null,
      receivedAt: '2026-05-01T11:00:00Z',
    },
    {
      id: 'a3',
      contestant: 'a',
      version: 3,
      status: failed,
      disqualified: null,
      receivedAt: '2026-05-01T12:00:00Z',
    },
    {
      id: 'b1',
      contestant: 'b',
      version: 1,
      status: working,
      disqualified: { at: 'x', reason: 'copied' },
      receivedAt: '2026-05-01T09:00:00Z',
    },
  ];

  it('plays the chosen version, else the latest working, never a disqualified one', () => {
    expect(playingOf({ id: 'a', chosen: null }, list)?.id).toBe('a2');
    expect(playingOf({ id: 'a', chosen: 'a1' }, list)?.id).toBe('a1');
    expect(playingOf({ id: 'a', chosen: 'a3' }, list)?.id).toBe('a2');
    expect(playingOf({ id: 'b', chosen: null }, list)).toBeNull();
  });

  it('marks working, failed and disqualified versions', () => {
    expect(stateBadge(list[1]!)).toBe('badge-ok');
    expect(stateBadge(list[2]!)).toBe('badge-danger');
    expect(stateBadge(list[3]!)).toBe('badge-danger');
    expect(stateBadge({ status: { state: 'building' }, disqualified: null })).toBe('badge-warn');
  });

  it('lists the newest upload first', () => {
    expect(newestFirst(list).map((s) => s.id)).toEqual(['a3', 'a2', 'a1', 'b1']);
  });

  it('labels tests by number and the final by name', () => {
    expect(competitionLabel({ kind: 'test', number: 3 })).toEqual({
      key: 'event.competitions.test',
      params: { number: 3 },
    });
    expect(competitionLabel({ kind: 'final', number: 1 }).key).toBe('event.competitions.final');
  });

  it('names the contestants whose code this page does not hold', () => {
    expect(withoutCodes([{ id: 'a' }, { id: 'b' }], { a: 'K7QX' }).map((c) => c.id)).toEqual(['b']);
  });
});
