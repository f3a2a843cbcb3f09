import { describe, expect, expectTypeOf, it } from 'vitest';
import { findGame, gameIds } from '../../shared/games/registry.ts';
import {
  cooperativeProblem,
  FORMAT_KINDS,
  seatProblem,
  type FormatKind,
} from '../../shared/tournament/formats/kinds.ts';
import { validateFormat, type FormatConfig } from '../../shared/tournament/formats/index.ts';
import type { ScheduleSettings } from '../../shared/tournament/config-schema.ts';
import { parseTournamentConfig } from '../../electron/engine/tournament/config.ts';
import { defaultForm, formatsFor } from '../../renderer/logic/draft.ts';
import { localIssues } from '../../renderer/logic/draft-issues.ts';

// The three places that check a format against a game's seats (the config file's schema, the formats'
// validateFormat, the app's form) must give the same answer for every game and format: each asks
// shared/tournament/formats/kinds.ts, and this test fails if one of them goes its own way again.

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** A schedule of `kind` that is valid apart from the seats. */
function schedule(kind: FormatKind): FormatConfig & ScheduleSettings {
  const byKind: { [K in FormatKind]: FormatConfig & ScheduleSettings & { kind: K } } = {
    'round-robin': { kind: 'round-robin', repeats: 1 },
    groups: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 1, evenOut: true },
    swiss: { kind: 'swiss', swissRounds: 2, finalists: 4, permutations: 'rotations' },
    knockout: { kind: 'knockout', gamesPerMatch: 2 },
    gauntlet: { kind: 'gauntlet', challengers: ['a'], repeats: 1, permutations: 'rotations' },
  };
  return byKind[kind];
}

const translate = (key: string, params?: Record<string, unknown> | number): string =>
  `${key} ${JSON.stringify(params ?? null)}`;

const cases = gameIds.flatMap((id) => FORMAT_KINDS.map((kind) => ({ id, kind })));

describe('one seat rule for the config file, validateFormat and the form', () => {
  it('the config schema and the app list the same formats as kinds.ts (checked by the compiler)', () => {
    expectTypeOf<ScheduleSettings['kind']>().toEqualTypeOf<FormatKind>();
    expectTypeOf<FormatConfig['kind']>().toEqualTypeOf<FormatKind>();
  });

  it.each(cases)('$kind for $id', ({ id, kind }) => {
    const game = findGame(id)!;
    const seats = game.info.seats;
    const expected = seatProblem(kind, seats, game.info.title);

    const parsed = parseTournamentConfig({
      format: 'jury-tournament',
      version: 1,
      name: 'Agreement',
      game: id,
      schedule: schedule(kind),
      bots: NAMES.map((name) => ({ name, sample: 'random' })),
    });
    // Issues are joined with '; ', which the sentence itself contains: compare the whole message.
    const message = parsed.ok ? '' : parsed.error.message;
    if (expected === null) expect(message).not.toContain('schedule.kind');
    else expect(message).toContain(`schedule.kind: ${expected}`);

    expect(validateFormat(schedule(kind), seats, NAMES.length, NAMES)).toBe(seatProblem(kind, seats));

    expect(formatsFor(seats).includes(kind)).toBe(expected === null);
    const form = defaultForm(
      id,
      seats,
      { timingMode: 'cpu', graceMs: 1000, memoryMiB: null, concurrency: null },
      1,
    );
    form.name = 'Agreement';
    form.format = kind;
    const formIssue = localIssues(form, seats, translate).find((i) => i.path === 'schedule.kind');
    // The form also says the second rule of a format and a game, on the same field: a knockout of a
    // cooperative game (6561) is refused for its matches, not its seats (kinds.ts, cooperativeProblem).
    const noWinner = cooperativeProblem(kind, game.info.cooperative);
    expect(formIssue !== undefined).toBe(expected !== null || noWinner !== null);
  });

  it('a game of the wrong size is refused by each with the same sentence', () => {
    const less = findGame(gameIds.find((id) => findGame(id)!.info.seats === 4)!)!;
    expect(validateFormat(schedule('round-robin'), 4, 8)).toBe(
      'round robin is for 2-player games; this game has 4 seats (use groups)',
    );
    expect(seatProblem('round-robin', 4, less.info.title)).toBe(
      `round robin is for 2-player games; ${less.info.title} has 4 seats (use groups)`,
    );
    const form = defaultForm(
      gameIds[0]!,
      4,
      { timingMode: 'cpu', graceMs: 0, memoryMiB: null, concurrency: null },
      1,
    );
    form.format = 'round-robin';
    expect(localIssues(form, 4, translate).find((i) => i.path === 'schedule.kind')?.message).toBe(
      'newTournament.issues.formatSeats.two-player {"format":"tournaments.format.round-robin null","seats":4}',
    );
  });
});
