/**
 * Jury's native host for Caia referees (CodeCup's game programs): see host.ts for the design and
 * docs/caia.md for what it implements of caiaio.
 */
export { runCaiaGame } from './host.ts';
export type {
  CaiaEnd,
  CaiaEvent,
  CaiaGameOptions,
  CaiaGameResult,
  CaiaLine,
  CaiaPlayerResult,
  CaiaTag,
} from './types.ts';
export { caiaOutcomeParts, describeCaiaEnd } from './outcome.ts';
export type { CaiaOutcomeParts } from './outcome.ts';
export { parseReport } from './report.ts';
export type { CaiaReport } from './report.ts';
export { decideVerdict, readRefereeWords } from './verdict.ts';
export type { RefereeWord, SeatVerdict } from './verdict.ts';
export { awaitFirstError, firstErrorType, formatFirstError } from './first-error.ts';
export type { FirstErrorTiming } from './first-error.ts';
export {
  TAG_BAD_LINE,
  TAG_EMPTY_LINE,
  TAG_PREFIX,
  TAG_STOPPED,
  TAG_TIMEOUT,
  crashedTag,
  isTag,
  signalText,
} from './tags.ts';
export { readInt, readWord, routeLine } from './line.ts';
export { parseRefereeCommand } from './commands.ts';
