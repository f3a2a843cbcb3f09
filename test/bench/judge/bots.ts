import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileC, type Compiled } from '../lib/compile.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The C bots of the judge section, compiled for this run. */
export interface JudgeBots {
  /** 6561 player: `bot6561 BURN_US SEED [stamp|ponder]` (see bots/bot6561.c). */
  readonly bot6561: string;
  /** Flit player: `botflit BURN_US MOVES [stamp]` (see bots/botflit.c). */
  readonly botflit: string;
  /** The native floor's relay: `relay SCRIPT OUTDIR -- bot args… -- …` (see bots/relay.c, native-floor.ts). */
  readonly relay: string;
  /** The folder the programs live in. */
  readonly dir: string;
  dispose(): void;
}

/** Compiles the section's bots with `cc -O2` into a temporary folder. */
export function buildBots(): JudgeBots {
  const compiled: Compiled = compileC([
    join(here, 'bots/bot6561.c'),
    join(here, 'bots/botflit.c'),
    join(here, 'bots/relay.c'),
  ]);
  const bot6561 = compiled.programs['bot6561'] as string;
  return {
    bot6561,
    botflit: compiled.programs['botflit'] as string,
    relay: compiled.programs['relay'] as string,
    dir: dirname(bot6561),
    dispose: compiled.dispose,
  };
}

/**
 * The command line of a 6561 bot burning `burnUs` of CPU per move (0: instant); with `stamp` it writes
 * its clock readings to standard error at the end (stamps.ts); with `ponder` it spins a thread of its own
 * from its first reply on (a pondering bot, for tests).
 */
export function command6561(
  bots: JudgeBots,
  burnUs: number,
  seed: number,
  stamp: boolean | 'ponder' = false,
): string[] {
  const extra = stamp === 'ponder' ? ['ponder'] : stamp ? ['stamp'] : [];
  return [bots.bot6561, String(burnUs), String(seed), ...extra];
}

/** The command line of a Flit bot that burns `burnUs` and moves on its first `moves` prompts. */
export function commandFlit(bots: JudgeBots, burnUs: number, moves: number, stamp = false): string[] {
  return [bots.botflit, String(burnUs), String(moves), ...(stamp ? ['stamp'] : [])];
}
