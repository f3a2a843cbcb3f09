import type { Language } from '../../../shared/settings/choices.ts';
import boards from './boards.ts';
import bots from './bots.ts';
import bracket from './bracket.ts';
import common from './common.ts';
import exporting from './exporting.ts';
import failures from './failures.ts';
import games from './games.ts';
import live from './live.ts';
import newTournament from './newTournament.ts';
import packages from './packages.ts';
import protections from './protections.ts';
import settings from './settings.ts';
import standings from './standings.ts';
import textBoard from './textBoard.ts';
import tournaments from './tournaments.ts';
import workers from './workers.ts';
import contestant from './contestant.ts';
import event from './event.ts';

/** The languages of the app (shared/settings/choices.ts). */
export type Locale = Language;

/** One area's texts: `{ en: { <area>: {...} }, nl: { <area>: {...} } }`. */
interface AreaMessages {
  readonly en: Record<string, unknown>;
  readonly nl: Record<string, unknown>;
}

/** Every area's texts merged per language (each area owns one namespace). */
const areas: readonly AreaMessages[] = [
  common,
  settings,
  bots,
  tournaments,
  newTournament,
  live,
  standings,
  bracket,
  games,
  boards,
  failures,
  exporting,
  protections,
  textBoard,
  packages,
  workers,
  event,
  contestant,
];

export const messages: Record<Locale, Record<string, unknown>> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  nl: Object.assign({}, ...areas.map((a) => a.nl)),
};
