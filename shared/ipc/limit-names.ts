/**
 * The protections the judge puts around every bot, as the game record names them, without zod (the
 * renderer orders and names them without loading the contract's schemas). The one list: the engine's
 * `LIMIT_NAMES` (electron/engine/process/limits.ts) is this list.
 *
 * `containment`: nothing the bot starts outlives the game; `filesystem`: it sees only its program, the
 * system and a private folder; `disk`: what it may write there is capped (and gone with it); `identity`: it runs as an unprivileged user; `affinity`: its game's own
 * cores; `suspend` and `cpu-time`: the timing guarantees (other bots stopped while one thinks; CPU time
 * measured).
 */
export const limitNames = [
  'memory',
  'processes',
  'network',
  'containment',
  'filesystem',
  'disk',
  'identity',
  'affinity',
  'suspend',
  'cpu-time',
] as const;

/** One of {@link limitNames}. */
export type LimitName = (typeof limitNames)[number];

/** How well a protection holds on this machine: `partial` is applied but weaker than asked. */
export const protectionStatuses = ['enforced', 'partial', 'missing'] as const;

/** One of {@link protectionStatuses}. */
export type ProtectionStatus = (typeof protectionStatuses)[number];
