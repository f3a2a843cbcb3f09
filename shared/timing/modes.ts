/**
 * The timing modes: how a bot's thinking time is charged against its budget. This is the one list of
 * them: the zod enums, the CLI's `--timing` choices, the settings' and the form's pickers (by iterating
 * {@link TIMING_MODES}, labels by the i18n keys `…timingModes.<id>`) all derive from it, and no other
 * source file writes a mode's id as a literal (test/unit/one-source.test.ts). Pure: no imports.
 */

/** Every timing mode, the default first. */
export const TIMING_MODES = ['official', 'cpu'] as const;

/** One of {@link TIMING_MODES}. */
export type TimingMode = (typeof TIMING_MODES)[number];

/**
 * Each mode by its id, for code that means one particular mode (`TIMING_MODE.cpu`) rather than
 * whatever mode it was given; the type makes a wrong or missing entry a compile error.
 */
export const TIMING_MODE: { readonly [M in TimingMode]: M } = { official: 'official', cpu: 'cpu' };

/** The mode a tournament, a game or the settings use when none is given: CodeCup's own. */
export const DEFAULT_TIMING_MODE: TimingMode = TIMING_MODE.official;

/** What a timing mode charges a bot for one move. */
export interface TimingModeMeaning {
  /**
   * `wall`: the wall-clock time from sending the request until the reply arrives, as CodeCup charges it
   * (other load on the machine can cost a bot time); `cpu`: the CPU time the bot's processes used.
   */
  readonly charges: 'wall' | 'cpu';
  /** One English sentence for help texts and contracts (the app translates by the mode's id). */
  readonly summary: string;
}

/** What each mode means. */
export const TIMING_MODE_MEANINGS: Readonly<Record<TimingMode, TimingModeMeaning>> = {
  official: { charges: 'wall', summary: 'wall-clock time, as CodeCup charges it' },
  cpu: { charges: 'cpu', summary: "the bot's own CPU time, fair on a busy machine" },
};

/** Whether `mode` charges wall-clock time, so games at once beyond the cores can cost bots time. */
export function chargesWallClock(mode: TimingMode): boolean {
  return TIMING_MODE_MEANINGS[mode].charges === 'wall';
}

/** Whether `value` (a command-line flag, an untyped field) is a timing mode's id. */
export function isTimingMode(value: unknown): value is TimingMode {
  return (TIMING_MODES as readonly unknown[]).includes(value);
}
