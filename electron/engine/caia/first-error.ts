import { monotonicUs, type PlayerChannel } from '../channel.ts';
import { TAG_EMPTY_LINE } from './tags.ts';

/**
 * caiaio's firsterror (PROTOCOL.md §7, `I start k <ms>`): right after starting a player, wait a short
 * while for the first line it writes to standard error. CodeCup's entry check and competition manager
 * use it: a player announces itself there (`R …` for a random player). Jury's smoke test shows it.
 */

/** How {@link awaitFirstError} waits: injected so tests can use made-up time. */
export interface FirstErrorTiming {
  readonly clock?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How often standard error is looked at (default 10 ms). */
  readonly pollMs?: number;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first line the player writes to standard error within `waitMs`, or null when it writes none.
 * A player that ends first gives what it wrote ("" when nothing: caiaio reads the end of its output as
 * an empty line); text without a newline when the time is up counts as its line.
 */
export async function awaitFirstError(
  channel: PlayerChannel,
  waitMs: number,
  timing: FirstErrorTiming = {},
): Promise<string | null> {
  const clock = timing.clock ?? monotonicUs;
  const sleep = timing.sleep ?? realSleep;
  const deadline = clock() + waitMs * 1000;
  for (;;) {
    const text = channel.stderr().full;
    const nl = text.indexOf('\n');
    if (nl >= 0) return text.slice(0, nl);
    if (channel.exited) return text;
    const leftMs = (deadline - clock()) / 1000;
    if (leftMs <= 0) return text === '' ? null : text;
    await sleep(Math.min(timing.pollMs ?? 10, leftMs));
  }
}

/**
 * caiaio's answer to the manager: `no_firsterror`, or `firsterror <line>` padded to at least two words
 * with `<caiaio:_player_sends_'\n'>` (one word gets it once, none twice).
 */
export function formatFirstError(line: string | null): string {
  if (line === null) return 'no_firsterror';
  const words = line.split(/[ \t\n]+/).filter((w) => w !== '').length;
  if (words === 0) return `firsterror ${TAG_EMPTY_LINE} ${TAG_EMPTY_LINE}`;
  if (words === 1) return `firsterror ${line} ${TAG_EMPTY_LINE}`;
  return `firsterror ${line}`;
}

/**
 * How CodeCup's competition manager types a player by its firsterror: the first letter of the first
 * word, `R` (random: plays more games per pair), `S`, `T`, or `D` (deterministic) for anything else.
 */
export function firstErrorType(line: string | null): 'R' | 'S' | 'T' | 'D' {
  const first = line?.trimStart()[0];
  return first === 'R' || first === 'S' || first === 'T' ? first : 'D';
}
