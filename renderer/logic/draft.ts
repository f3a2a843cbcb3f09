import { findGame, findGameInfo } from '../../shared/games/registry.ts';
import type { GameId } from '../../shared/games/types.ts';
import type { Request, Response } from '../../shared/ipc/contract.ts';
import type { TimingMode } from '../../shared/timing/modes.ts';
import {
  FORMAT_KINDS,
  formatMisfit,
  formatsFor,
  formatsForGame,
  type FormatKind,
} from '../../shared/tournament/formats/kinds.ts';

/**
 * The new-tournament form as plain data, and the pure steps around it: the defaults for a game, the
 * formats that fit a game's seats, the draft the engine receives (`buildDraft`) and back (`formFromDraft`,
 * for presets and "run again"). Every format's settings live side by side in the form, so switching the
 * format back and forth keeps what the organiser typed.
 */

/** A tournament draft as `tournaments.create` takes it. */
export type TournamentDraft = Request<'tournaments.create'>['draft'];
/** A bot of the library. */
export type LibraryBot = Response<'bots.list'>[number];
/** The settings, whose `defaults` prefill the form. */
export type Settings = Response<'settings.get'>;
/** A tournament format, and the formats that fit a game's seats: the engine's one rule (kinds.ts). */
export { formatsFor, type FormatKind };
/** Seat orders of 4-player formats. */
export type SeatOrders = 'all' | 'rotations';

/** The form's fields. `null` means "not set": the engine's default, the game's budget, no cap. */
export interface DraftForm {
  name: string;
  game: GameId;
  format: FormatKind;
  repeats: number;
  permutations: SeatOrders;
  groupMode: 'rounds' | 'all-groups';
  rounds: number;
  swissRounds: number;
  finalists: number;
  gamesPerMatch: number;
  /** Library ids of the gauntlet's challengers (the draft names them). */
  challengers: string[];
  /** A knockout's seeding ratings by library id (higher first; unrated bots after them, in order). */
  ratings: Record<string, number>;
  /** Library ids, in the order they were ticked. */
  bots: string[];
  /** The tournament seed; null lets the engine draw one. */
  seed: number | null;
  boardMode: 'generated' | 'given';
  /** Board strings, one per line. */
  boardsText: string;
  timingMode: TimingMode;
  budgetMs: number | null;
  graceMs: number;
  memoryMiB: number | null;
  maxProcesses: number | null;
  network: boolean;
  /** Pin each running game's bots to a core of their own (while games at once ≤ cores). */
  affinity: boolean;
  concurrency: number | null;
  /** Where the games are played: this machine's slots, or remote workers (Settings → Remote workers). */
  playOn: 'local' | 'workers';
  /** With remote workers: games this machine plays itself beside them (0: workers only). */
  localSlots: number;
  /** With remote workers: the speed factors a worker must have to play (both null: any worker). */
  factorMin: number | null;
  factorMax: number | null;
}

/** Whether the game is played on board strings that can be pasted (Less, More). */
export function hasBoards(game: GameId): boolean {
  return findGame(game)?.info.hasBoard ?? false;
}

/**
 * The formats that can play `game` with `seats` seats (as the games list gives them): the engine's one
 * rule (kinds.ts), with the game's `cooperative` fact from its registration.
 */
export function gameFormats(game: GameId, seats: number): FormatKind[] {
  return formatsForGame({ seats, cooperative: findGameInfo(game)?.cooperative ?? false });
}

/**
 * The formats that fit `game`'s seats but not the game itself, because both players always get the same
 * score (6561): the form says why they are not offered.
 */
export function formatsWithoutWinner(game: GameId, seats: number): FormatKind[] {
  const facts = { seats, cooperative: findGameInfo(game)?.cooperative ?? false };
  return FORMAT_KINDS.filter((kind) => formatMisfit(kind, facts) === 'cooperative');
}

/** A fresh random tournament seed (0 … 2³²−1); `random` is for tests. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0x1_0000_0000) >>> 0;
}

/** The form for a new tournament of `game` with `seats` seats, prefilled from the settings' defaults. */
export function defaultForm(
  game: GameId,
  seats: number,
  defaults: Settings['defaults'],
  seed: number,
): DraftForm {
  return {
    name: '',
    game,
    format: gameFormats(game, seats)[0] ?? 'swiss',
    repeats: 1,
    permutations: 'all',
    groupMode: 'rounds',
    rounds: 3,
    swissRounds: 5,
    finalists: seats === 2 ? 4 : seats,
    gamesPerMatch: 2,
    challengers: [],
    ratings: {},
    bots: [],
    seed,
    boardMode: 'generated',
    boardsText: '',
    timingMode: defaults.timingMode,
    budgetMs: null,
    graceMs: defaults.graceMs,
    memoryMiB: defaults.memoryMiB,
    maxProcesses: 256,
    network: false,
    affinity: true,
    concurrency: defaults.concurrency,
    playOn: 'local',
    localSlots: 0,
    factorMin: null,
    factorMax: null,
  };
}

/**
 * Moves the form to another game: keeps the name, bots that can still play and every setting, and picks
 * the first fitting format when the current one does not fit the new seat count.
 */
export function switchGame(form: DraftForm, game: GameId, seats: number, bots: readonly LibraryBot[]): void {
  form.game = game;
  const fitting = gameFormats(game, seats);
  if (!fitting.includes(form.format)) form.format = fitting[0] ?? 'swiss';
  const playable = new Set(botsForGame(bots, game).map((b) => b.id));
  form.bots = form.bots.filter((id) => playable.has(id));
  form.challengers = form.challengers.filter((id) => form.bots.includes(id));
  form.finalists = Math.max(form.finalists, seats);
  if (!hasBoards(game)) form.boardMode = 'generated';
}

/** The library bots that can play `game`: the user's own programs and that game's sample bots. */
export function botsForGame(bots: readonly LibraryBot[], game: GameId): LibraryBot[] {
  return bots.filter((b) => b.game === null || b.game === game);
}

/** The non-empty lines of the boards box, each with its line number (from 1). */
export function boardLines(text: string): { line: number; board: string }[] {
  return text
    .split(/\r?\n/)
    .map((board, i) => ({ line: i + 1, board: board.trim() }))
    .filter((b) => b.board !== '');
}

function schedule(form: DraftForm, nameOf: (id: string) => string): TournamentDraft['schedule'] {
  switch (form.format) {
    case 'round-robin':
      return { kind: 'round-robin', repeats: form.repeats };
    case 'groups':
      return { kind: 'groups', permutations: form.permutations, mode: form.groupMode, rounds: form.rounds };
    case 'swiss':
      return {
        kind: 'swiss',
        swissRounds: form.swissRounds,
        finalists: form.finalists,
        permutations: form.permutations,
      };
    case 'knockout': {
      const rated = Object.entries(form.ratings).filter(([id]) => form.bots.includes(id));
      return rated.length === 0
        ? { kind: 'knockout', gamesPerMatch: form.gamesPerMatch }
        : { kind: 'knockout', gamesPerMatch: form.gamesPerMatch, ratings: Object.fromEntries(rated) };
    }
    case 'gauntlet':
      return {
        kind: 'gauntlet',
        challengers: form.challengers.filter((id) => form.bots.includes(id)).map(nameOf),
        repeats: form.repeats,
        permutations: form.permutations,
      };
  }
}

/** The draft the engine checks and creates, from the form; bots are looked up for the challengers' names. */
export function buildDraft(form: DraftForm, bots: readonly LibraryBot[]): TournamentDraft {
  const names = new Map(bots.map((b) => [b.id, b.name]));
  const draft: TournamentDraft = {
    name: form.name.trim(),
    game: form.game,
    schedule: schedule(form, (id) => names.get(id) ?? id),
    bots: [...form.bots],
    timing: { mode: form.timingMode, graceMs: form.graceMs },
    limits: {
      memoryMiB: form.memoryMiB,
      maxProcesses: form.maxProcesses,
      network: form.network,
      affinity: form.affinity,
    },
  };
  if (form.seed !== null) draft.seed = form.seed;
  if (form.budgetMs !== null) draft.timing = { ...draft.timing, budgetMs: form.budgetMs };
  if (form.playOn === 'workers') {
    draft.workers = { localSlots: form.localSlots };
    if (form.factorMin !== null && form.factorMax !== null)
      draft.workers.factorRange = [form.factorMin, form.factorMax];
  } else if (form.concurrency !== null) draft.concurrency = form.concurrency;
  if (form.boardMode === 'given' && hasBoards(form.game))
    draft.boards = boardLines(form.boardsText).map((b) => b.board);
  return draft;
}

/**
 * The form that builds `draft` again (a preset, or a finished tournament to run once more). Formats keep
 * their own settings; the others take the defaults of `base`. Challengers come back from names to ids.
 */
export function formFromDraft(
  draft: TournamentDraft,
  base: DraftForm,
  bots: readonly LibraryBot[],
): DraftForm {
  const ids = new Map(bots.map((b) => [b.name, b.id]));
  const form: DraftForm = {
    ...base,
    name: draft.name,
    game: draft.game,
    format: draft.schedule.kind,
    bots: [...draft.bots],
    seed: draft.seed ?? null,
    boardMode: draft.boards ? 'given' : 'generated',
    boardsText: draft.boards?.join('\n') ?? '',
    timingMode: draft.timing?.mode ?? base.timingMode,
    budgetMs: draft.timing?.budgetMs ?? null,
    graceMs: draft.timing?.graceMs ?? base.graceMs,
    memoryMiB: draft.limits?.memoryMiB === undefined ? base.memoryMiB : draft.limits.memoryMiB,
    maxProcesses: draft.limits?.maxProcesses === undefined ? base.maxProcesses : draft.limits.maxProcesses,
    network: draft.limits?.network ?? base.network,
    affinity: draft.limits?.affinity ?? base.affinity,
    concurrency: draft.concurrency ?? null,
    playOn: draft.workers ? 'workers' : 'local',
    localSlots: draft.workers?.localSlots ?? 0,
    factorMin: draft.workers?.factorRange?.[0] ?? null,
    factorMax: draft.workers?.factorRange?.[1] ?? null,
  };
  const s = draft.schedule;
  if (s.kind === 'round-robin' || s.kind === 'gauntlet') form.repeats = s.repeats ?? base.repeats;
  if (s.kind === 'groups' || s.kind === 'swiss' || s.kind === 'gauntlet')
    form.permutations = s.permutations ?? base.permutations;
  if (s.kind === 'groups') {
    form.groupMode = s.mode ?? base.groupMode;
    form.rounds = s.rounds ?? base.rounds;
  }
  if (s.kind === 'swiss') {
    form.swissRounds = s.swissRounds;
    form.finalists = s.finalists;
  }
  if (s.kind === 'knockout') {
    form.gamesPerMatch = s.gamesPerMatch ?? base.gamesPerMatch;
    // Ratings come back by name (a stored tournament) or by id (a preset): both as ids.
    form.ratings = Object.fromEntries(
      Object.entries(s.ratings ?? {}).map(([key, rating]) => [ids.get(key) ?? key, rating]),
    );
  }
  if (s.kind === 'gauntlet') form.challengers = s.challengers.map((name) => ids.get(name) ?? name);
  return form;
}
