import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { competitionGameSchema } from '../ipc/event-schemas.ts';
import type { CompetitionGame } from './competition.ts';
import { CODE_ALPHABET, CODE_BITS, formatCode, normalizeCode } from './join-code.ts';
import { gameIds, gameInfo } from '../games/registry.ts';
import { FORMAT_KINDS, cooperativeProblem, seatProblem } from '../tournament/formats/kinds.ts';
import { DEFAULT_FINAL, eventSettingsSchema, lockState, storedEventSettingsSchema } from './settings.ts';
import { isPlayable, playingVersion, type SubmissionState } from './submission.ts';

const SMOKE = { passed: true, verdict: '', dialogue: [], scores: [], statuses: [] };
const working: SubmissionState = { state: 'working', log: '', smoke: SMOKE };

describe('join codes', () => {
  it('are 16 symbols without look-alikes, over 60 bits, forgiving case, spaces and dashes', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    expect(CODE_BITS).toBeGreaterThan(78);
    const code = formatCode([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 30]);
    expect(code).toBe('2345-6789-ABCD-EFGZ');
    expect(normalizeCode(' 2345 6789-abcd-efgz ')).toBe('23456789ABCDEFGZ');
    expect(normalizeCode('2345-6789-ABCD-EFG0')).toBeNull();
    expect(normalizeCode('2345-6789-ABCD-EFG')).toBeNull();
    expect(normalizeCode('x'.repeat(100))).toBeNull();
  });
});

describe('lockState', () => {
  const deadline = '2026-05-01T16:00:00+02:00';
  it('is open before the deadline, locked from the deadline on, and locked by hand at any time', () => {
    expect(lockState({ deadline }, false, new Date('2026-05-01T13:59:59Z')).state).toBe('open');
    expect(lockState({ deadline }, false, new Date('2026-05-01T14:00:00Z'))).toEqual({
      state: 'locked',
      by: 'deadline',
      reason: `the upload deadline (${deadline}) has passed`,
    });
    expect(lockState({}, true, new Date(0))).toMatchObject({ state: 'locked', by: 'hand' });
    expect(lockState({}, false, new Date(8.64e15)).state).toBe('open');
  });
});

describe('playingVersion', () => {
  const v = (id: string, version: number, status: SubmissionState, dq = false) => ({
    id,
    version,
    status,
    disqualified: dq ? { at: '', reason: 'x' } : null,
  });
  const versions = [
    v('a', 1, working),
    v('b', 2, { state: 'smoke-failed', log: '', smoke: { ...SMOKE, passed: false } }),
    v('c', 3, working),
    v('d', 4, working, true),
    v('e', 5, { state: 'building' }),
  ];
  it('plays the chosen working version, else the latest working one that is not disqualified', () => {
    expect(playingVersion(versions, null)?.id).toBe('c');
    expect(playingVersion(versions, 'a')?.id).toBe('a');
    expect(playingVersion(versions, 'b')?.id).toBe('c');
    expect(playingVersion(versions, 'd')?.id).toBe('c');
    expect(playingVersion(versions.slice(1, 2), null)).toBeNull();
    expect(versions.map(isPlayable)).toEqual([true, false, true, false, false]);
  });
});

describe('event settings', () => {
  it("default to CodeCup's Swiss then final, 10 games per pair, and check the format against the game", () => {
    const s = eventSettingsSchema.parse({ name: 'Club', game: 'more' });
    expect(s.final).toEqual(DEFAULT_FINAL);
    expect(s.final.kind === 'swiss' && s.final.finalCycles).toBe(5);
    expect(s.testSamples).toBe(false);
    expect(s.timing.mode).toBe('official');
    const flit = eventSettingsSchema.safeParse({
      name: 'Club',
      game: 'flit',
      final: { kind: 'round-robin' },
    });
    expect(flit.success).toBe(false);
    expect(flit.error?.issues[0]?.path).toEqual(['final', 'kind']);
    expect(eventSettingsSchema.safeParse({ name: 'Club', game: 'more', deadline: 'tomorrow' }).success).toBe(
      false,
    );
    expect(eventSettingsSchema.safeParse({ name: 'Club', game: 'more', extra: 1 }).success).toBe(false);
  });
});

describe("an event's final and the tournament layer's rules", () => {
  const finalOf = (kind: (typeof FORMAT_KINDS)[number]) =>
    kind === 'gauntlet' ? { kind, challengers: ['x'] } : { kind };
  const kindIssue = (game: string, kind: (typeof FORMAT_KINDS)[number]) =>
    eventSettingsSchema
      .safeParse({ name: 'Club', game, final: finalOf(kind) })
      .error?.issues.find((i) => i.path.join('.') === 'final.kind')?.message ?? null;

  it('refuses a knockout final for cooperative 6561 with the sentence the tournament layer gives', () => {
    const parsed = eventSettingsSchema.safeParse({ name: 'Club', game: '6561', final: { kind: 'knockout' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'final.kind',
        'knockout needs matches that someone wins, but in 6561 both players always get the same score, ' +
          'so seeding alone would decide every match (use round robin or Swiss)',
      ],
    ]);
    expect(parsed.error?.issues[0]?.message).toBe(cooperativeProblem('knockout', true, '6561'));
    expect(eventSettingsSchema.safeParse({ name: 'Club', game: '6561' }).success).toBe(true);
    expect(
      eventSettingsSchema.safeParse({ name: 'Club', game: '6561', final: { kind: 'round-robin' } }).success,
    ).toBe(true);
  });

  it('refuses exactly the finals the seat rule and the winner rule refuse, for every game and format', () => {
    for (const game of gameIds) {
      const info = gameInfo(game);
      for (const kind of FORMAT_KINDS) {
        const expected =
          seatProblem(kind, info.seats, info.title) ?? cooperativeProblem(kind, info.cooperative, info.title);
        expect([game, kind, kindIssue(game, kind)]).toEqual([game, kind, expected]);
      }
    }
  });

  it('still reads a stored event whose final the winner rule came after, so that it opens', () => {
    const stored = storedEventSettingsSchema.safeParse({
      name: 'Club',
      game: '6561',
      final: { kind: 'knockout' },
    });
    expect(stored.success && stored.data.final.kind).toBe('knockout');
    expect(
      storedEventSettingsSchema.safeParse({ name: 'Club', game: 'flit', final: { kind: 'round-robin' } })
        .success,
    ).toBe(false);
  });
});

describe('the types the contestant page shares with the engine', () => {
  it('CompetitionGame is the shape competitionGameSchema checks', () => {
    expectTypeOf<CompetitionGame>().toEqualTypeOf<Readonly<z.output<typeof competitionGameSchema>>>();
    const game: CompetitionGame = {
      index: 0,
      stage: 'main',
      round: 1,
      seats: ['p1', 'p2'],
      names: ['Ada', 'Bob'],
      scores: null,
      statuses: null,
    };
    expect(competitionGameSchema.parse(game)).toEqual(game);
  });
});
