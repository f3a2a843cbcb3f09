import type { z } from 'zod';
import { gameInfo } from '../../../shared/games/registry.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import type { fieldIssueSchema } from '../../../shared/ipc/app-schemas.ts';
import { tournamentDraftSchema } from '../../../shared/ipc/app-schemas.ts';
import { validateFormat } from '../../../shared/tournament/formats/index.ts';
import { issueKind, type SchemaIssue } from '../../../shared/tournament/issue-kinds.ts';
import {
  CONFIG_FORMAT,
  CONFIG_VERSION,
  participantIds,
  tournamentConfigSchema,
  type TournamentConfig,
} from '../../engine/tournament/config.ts';
import { formatOf } from '../../engine/tournament/scheduling.ts';
import { botGameProblem, type BotLibrary, type ConfigBot } from '../library/bot-library.ts';
import { nameProblem } from './files.ts';

/** A draft as the "new tournament" form sends it, checked. */
export type TournamentDraft = z.output<typeof tournamentDraftSchema>;
/** One problem of a draft, by the path of its field. */
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** What turning a draft into a config needs besides the draft. */
export interface DraftContext {
  readonly library: Pick<BotLibrary, 'get' | 'configBot'>;
  /** Whether a tournament with this id (its name) exists already. */
  readonly exists: (name: string) => boolean;
}

/** A draft turned into a config, or every problem it has. */
export type DraftCheck =
  | { readonly ok: true; readonly draft: TournamentDraft; readonly config: TournamentConfig }
  | { readonly ok: false; readonly issues: readonly FieldIssue[] };

const path = (parts: readonly PropertyKey[]): string => parts.map(String).join('.');

/** A schema's issue at `at`, with its kind and limit for the form to word (see issue-kinds.ts). */
function schemaIssue(at: string, issue: SchemaIssue): FieldIssue {
  return { path: at, message: issue.message, ...issueKind(issue) };
}

/**
 * Checks a draft and turns it into an engine config: the file header added, each library bot as its
 * config entry. Every problem is reported with the path of the DRAFT's field (`schedule.swissRounds`,
 * `bots`, `name`), so the form can show it beside that field. A bot listed twice plays twice, the second
 * time named "<name> 2" (names must be unique in a tournament).
 */
export function checkDraft(input: unknown, context: DraftContext): DraftCheck {
  const parsed = tournamentDraftSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => schemaIssue(path(i.path), i)),
    };
  }
  const draft = parsed.data;
  const issues: FieldIssue[] = [];
  const name = draft.name;
  const problem = nameProblem(name);
  if (problem !== null) issues.push({ path: 'name', message: `the name ${problem}` });
  else if (context.exists(name))
    issues.push({ path: 'name', message: 'a tournament with this name exists', kind: 'name-taken' });

  const bots: ConfigBot[] = [];
  const nameOfId = new Map<string, string>();
  const used = new Set<string>();
  for (const id of draft.bots) {
    const bot = context.library.get(id);
    if (bot === null) {
      issues.push({ path: 'bots', message: `no bot with id ${JSON.stringify(id)} in the library` });
      continue;
    }
    const wrongGame = botGameProblem(bot, draft.game);
    if (wrongGame !== null) {
      issues.push({ path: 'bots', message: wrongGame });
      continue;
    }
    let entry: ConfigBot;
    try {
      entry = context.library.configBot(id, draft.game);
    } catch (e) {
      issues.push({ path: 'bots', message: (e as Error).message });
      continue;
    }
    const unique = uniqueName(entry.name, used);
    used.add(unique.toLowerCase());
    if (!nameOfId.has(id)) nameOfId.set(id, unique);
    bots.push({ ...entry, name: unique });
  }

  const config = {
    format: CONFIG_FORMAT,
    version: CONFIG_VERSION,
    name,
    game: draft.game,
    // A game package's facts go with its id, as `jury run` writes them for a folder in `game`.
    ...gameDriver(draft.game).carried,
    ...(draft.seed === undefined ? {} : { seed: draft.seed }),
    schedule: scheduleByName(draft.schedule, nameOfId),
    bots,
    timing: draft.timing,
    limits: draft.limits,
    ...(draft.concurrency === undefined ? {} : { concurrency: draft.concurrency }),
    ...(draft.boards === undefined ? {} : { boards: draft.boards }),
    ...(draft.workers === undefined ? {} : { workers: draft.workers }),
  };
  if (draft.workers && !gameDriver(draft.game).remote) {
    issues.push({
      path: 'workers',
      message: `${gameInfo(draft.game).title} is played on this machine only, not on workers`,
    });
  }
  const checked = tournamentConfigSchema.safeParse(config);
  // A refused bot is missing from the config: the config's complaints about too few bots follow from it.
  const botsRefused = bots.length !== draft.bots.length;
  if (!checked.success) {
    for (const i of checked.error.issues) {
      // Bot entries come from the library: their problems belong to the draft's bots field.
      const at = i.path[0] === 'bots' ? 'bots' : path(i.path);
      if (at === 'bots' && botsRefused) continue;
      if (!issues.some((x) => x.path === at && x.message === i.message)) {
        issues.push(schemaIssue(at, i));
      }
    }
  } else if (issues.length === 0) {
    const ids = participantIds(checked.data.bots.map((b) => b.name));
    const participants = checked.data.bots.map((b, i) => ({ id: ids[i] ?? b.name, name: b.name }));
    const format = formatOf(checked.data, participants);
    const game = gameInfo(draft.game);
    const wrong = validateFormat(format, game.seats, participants.length, ids, { game });
    if (wrong !== null) issues.push({ path: 'schedule', message: wrong });
  }
  return issues.length === 0 && checked.success
    ? { ok: true, draft, config: checked.data }
    : { ok: false, issues };
}

/** `name`, or `name 2`, `name 3` … when a bot of that name (ignoring case) is in the field already. */
function uniqueName(name: string, used: ReadonlySet<string>): string {
  if (!used.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${name.slice(0, 80 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A draft's schedule with gauntlet challengers and knockout ratings given by library bot id turned into
 * bot names, as the config names them; names pass through unchanged.
 */
function scheduleByName(
  schedule: TournamentDraft['schedule'],
  nameOfId: ReadonlyMap<string, string>,
): TournamentDraft['schedule'] {
  const named = (key: string): string => nameOfId.get(key) ?? key;
  switch (schedule.kind) {
    case 'gauntlet':
      return { ...schedule, challengers: schedule.challengers.map(named) };
    case 'knockout':
      return schedule.ratings
        ? {
            ...schedule,
            ratings: Object.fromEntries(Object.entries(schedule.ratings).map(([k, v]) => [named(k), v])),
          }
        : schedule;
    default:
      return schedule;
  }
}
