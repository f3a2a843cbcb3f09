import type { Competition, CompetitionGame } from '../../../shared/event/competition.ts';
import type { ContestantStatus } from '../../../shared/event/contestant.ts';
import { playingVersion, type Submission } from '../../../shared/event/submission.ts';
import type { Ranking } from '../../../shared/tournament/ranking/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { contestantRecord, ownParticipants, ownSubmission, signIn, visibleCompetition } from './access.ts';
import { competitionGame, competitionGames, competitionStandings } from './competition-view.ts';
import { competitionPath } from './competitions.ts';
import type { EventCore } from './core.ts';
import { EventRefusal } from './refusal.ts';
import { checkUpload, type UploadRequest } from './upload.ts';

/** An upload stored: the version as received, and its build and smoke test under way. */
export interface Upload {
  readonly submission: Submission;
  /** Resolves with the version in its final state (`build-failed`, `smoke-failed` or `working`). */
  readonly built: Promise<Submission>;
}

/**
 * The contestant's face of an event: every method takes the contestant's join code first and can
 * reach only that contestant's own things (access.ts: the one rule). A code that signs no one in is
 * `denied`; someone else's version, game or stderr is `not-found`, as one that does not exist.
 */
export class ContestantFace {
  readonly #core: EventCore;

  constructor(core: EventCore) {
    this.#core = core;
  }

  /** Signs in: the contestant's id and name for the page; `denied` for a wrong code. */
  signIn(code: string): { readonly id: string; readonly name: string } {
    const me = signIn(this.#core.store, code);
    return { id: me.id, name: me.name };
  }

  /** The lock, the deadline and which version plays. */
  status(code: string): ContestantStatus {
    const me = signIn(this.#core.store, code);
    const playing = playingVersion(this.#core.store.submissions(me.id), me.chosen);
    return {
      id: me.id,
      name: me.name,
      lock: this.#core.lock(),
      deadline: this.#core.store.settings().deadline ?? null,
      playing: playing?.id ?? null,
      chosen: me.chosen,
    };
  }

  /**
   * Uploads a new version: checked first (upload.ts; a bad upload is `bad-upload` and stores nothing),
   * refused with the lock's reason once uploads are locked, then stored and queued for its build and
   * smoke test. The caller shows `submission` now and its final state when `built` resolves.
   */
  async upload(code: string, request: UploadRequest): Promise<Upload> {
    const me = signIn(this.#core.store, code);
    const lock = this.#core.lock();
    if (lock.state === 'locked') throw new EventRefusal('locked', `uploads are closed: ${lock.reason}`);
    const checked = await checkUpload(request);
    if (!checked.ok) throw new EventRefusal('bad-upload', checked.error.message);
    // Checked again after the await: the deadline may have passed while an archive was read.
    const still = this.#core.lock();
    if (still.state === 'locked') throw new EventRefusal('locked', `uploads are closed: ${still.reason}`);
    const submission = this.#core.store.addSubmission(me.id, checked.value);
    return { submission, built: this.#core.build(submission.id) };
  }

  /** The contestant's own versions, oldest first, with their compile logs and smoke tests. */
  versions(code: string): Submission[] {
    const me = signIn(this.#core.store, code);
    return this.#core.store.submissions(me.id);
  }

  /** The source (or archive) of one of their own versions, as uploaded. */
  source(code: string, submission: string): Uint8Array {
    const me = signIn(this.#core.store, code);
    return this.#core.store.submissionBytes(ownSubmission(this.#core.store, me, submission).id);
  }

  /**
   * Chooses which of their working versions plays (null: the latest working one). `invalid` for a
   * version that is not working or disqualified; `locked` once uploads are locked (the final's
   * versions are fixed by then).
   */
  choose(code: string, submission: string | null): ContestantStatus {
    const me = signIn(this.#core.store, code);
    const lock = this.#core.lock();
    if (lock.state === 'locked') throw new EventRefusal('locked', `versions are fixed: ${lock.reason}`);
    if (submission !== null) {
      const sub = ownSubmission(this.#core.store, me, submission);
      if (sub.status.state !== 'working' || sub.disqualified !== null) {
        throw new EventRefusal('invalid', `version ${sub.version} is not a working version; it cannot play`);
      }
    }
    this.#core.store.choose(me.id, submission);
    return this.status(code);
  }

  /** The competitions a contestant may see: every test competition, and the final once it is over. */
  competitions(code: string): Competition[] {
    signIn(this.#core.store, code);
    return this.#core.store
      .competitions()
      .filter((c) => c.kind === 'test' || c.state === 'done')
      .map((c) => ({ ...c, entrants: c.entrants.map((e) => ({ ...e, submission: null })) }));
  }

  /** A visible competition's standings. */
  standings(code: string, competition: string): Ranking {
    signIn(this.#core.store, code);
    return competitionStandings(
      competitionPath(this.#core.store.folder, visibleCompetition(this.#core.store, competition)),
    );
  }

  /** Their own games in a visible competition. */
  games(code: string, competition: string): CompetitionGame[] {
    const me = signIn(this.#core.store, code);
    const c = visibleCompetition(this.#core.store, competition);
    return competitionGames(competitionPath(this.#core.store.folder, c), c, ownParticipants(c, me));
  }

  /**
   * One of their own finished games, move by move, with their own stderr and nobody else's
   * ({@link contestantRecord}); `not-found` for a game they did not play in.
   */
  game(code: string, competition: string, index: number): GameRecord {
    const me = signIn(this.#core.store, code);
    const c = visibleCompetition(this.#core.store, competition);
    const mine = ownParticipants(c, me);
    const found = Number.isInteger(index)
      ? competitionGame(competitionPath(this.#core.store.folder, c), index)
      : null;
    const seats = new Set((found?.seats ?? []).flatMap((p, i) => (mine.has(p) ? [i] : [])));
    if (!found || seats.size === 0)
      throw new EventRefusal('not-found', 'you have no such finished game in this competition');
    return contestantRecord(found.record, seats);
  }
}
