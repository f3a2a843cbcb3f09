import { DEFAULT_FINAL, type EventSettingsInput } from '../../shared/event/settings.ts';
import { DEFAULT_TIMING_MODE, type TimingMode } from '../../shared/timing/modes.ts';

/** What the desktop app's "create an event" form holds (OpenEventPanel.vue). */
export interface EventForm {
  name: string;
  game: string;
  /** A `datetime-local` value, or '' for none. */
  deadline: string;
  timingMode: TimingMode;
  /** The game's own budget (or per-move deadline) replaced, in ms; null: the game's own. */
  budgetMs: number | null;
  swissRounds: number;
  finalists: number;
  /**
   * 2-player games: games per pair in the final (CodeCup: 10); other games: how often the final is
   * played over. See {@link finalCycles}.
   */
  finalGames: number;
  /** Minutes between test competitions run by themselves; null: only on demand. */
  testEveryMinutes: number | null;
  testSamples: boolean;
}

/** A new form: CodeCup's final (7 Swiss rounds, 10 finalists, 10 games per pair), official timing. */
export function newEventForm(game = ''): EventForm {
  return {
    name: '',
    game,
    deadline: '',
    timingMode: DEFAULT_TIMING_MODE,
    budgetMs: null,
    swissRounds: DEFAULT_FINAL.swissRounds,
    finalists: DEFAULT_FINAL.finalists,
    finalGames: 2 * DEFAULT_FINAL.finalCycles,
    testEveryMinutes: null,
    testSamples: false,
  };
}

/**
 * The final's cycles for `finalGames` in a game of `seats` players: each cycle of a 2-player final is
 * 2 games per pair (both colours), so 10 games per pair are 5 cycles; other games count cycles as given.
 */
export function finalCycles(finalGames: number, seats: number): number {
  return seats === 2 ? Math.max(1, Math.round(finalGames / 2)) : finalGames;
}

/** Event settings as the form gives them: the game a name the engine checks against its registry. */
export type EventSettingsDraft = Omit<EventSettingsInput, 'game'> & { readonly game: string };

/**
 * The settings `event.open` creates the event from (shared/event/settings.ts checks them in the engine,
 * which says what is wrong). `seats`: the chosen game's players.
 */
export function eventSettingsFromForm(form: EventForm, seats: number): EventSettingsDraft {
  return {
    name: form.name,
    game: form.game,
    ...(form.deadline ? { deadline: new Date(form.deadline).toISOString() } : {}),
    timing: { mode: form.timingMode, ...(form.budgetMs === null ? {} : { budgetMs: form.budgetMs }) },
    final: {
      ...DEFAULT_FINAL,
      swissRounds: form.swissRounds,
      finalists: form.finalists,
      finalCycles: finalCycles(form.finalGames, seats),
    },
    ...(form.testEveryMinutes === null ? {} : { testEveryMinutes: form.testEveryMinutes }),
    testSamples: form.testSamples,
  };
}
