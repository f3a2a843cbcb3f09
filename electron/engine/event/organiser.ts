import type { Competition } from '../../../shared/event/competition.ts';
import { contestantNameSchema, type Contestant } from '../../../shared/event/contestant.ts';
import type { LockState, EventSettings } from '../../../shared/event/settings.ts';
import type { Submission } from '../../../shared/event/submission.ts';
import type { Ranking } from '../../../shared/tournament/ranking/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { StoreError } from '../store/errors.ts';
import { codeHash } from './access.ts';
import { newJoinCode } from './codes.ts';
import {
  competitionGame,
  competitionGames,
  competitionStandings,
  type CompetitionGame,
} from './competition-view.ts';
import { competitionPath } from './competitions.ts';
import { sampleName, type EventCore } from './core.ts';
import { EventRefusal } from './refusal.ts';
import { normalizeCode } from '../../../shared/event/join-code.ts';

/** A contestant with the join code just made for them: show or print it now, it is stored only hashed. */
export interface IssuedCode {
  readonly contestant: Contestant;
  readonly code: string;
}

/**
 * The organiser's face of an event: everything, for whoever holds the organiser's controls (`jury
 * serve` keeps them on this machine or behind its token link; this class checks no one). Refusals are
 * EventRefusals with one line to show.
 */
export class OrganiserFace {
  readonly #core: EventCore;

  constructor(core: EventCore) {
    this.#core = core;
  }

  /** The event's settings. */
  settings(): EventSettings {
    return this.#core.store.settings();
  }

  /**
   * Adds contestants by name, all or none, each with a new join code: show or print the codes now (only
   * their hashes are kept). `invalid` for a bad or reserved name, `conflict` for a name taken.
   */
  addContestants(names: readonly string[]): IssuedCode[] {
    const checked = names.map((name) => {
      const r = contestantNameSchema.safeParse(name);
      if (!r.success)
        throw new EventRefusal('invalid', `${JSON.stringify(name)}: ${r.error.issues[0]?.message}`);
      if (/^sample \(/i.test(r.data))
        throw new EventRefusal(
          'invalid',
          `${JSON.stringify(name)}: names like ${sampleName('random')} are the sample bots'`,
        );
      return r.data;
    });
    const lower = checked.map((n) => n.toLowerCase());
    const twice = lower.find((n, i) => lower.indexOf(n) !== i);
    if (twice !== undefined)
      throw new EventRefusal('conflict', `the list names ${JSON.stringify(twice)} twice`);
    const codes = checked.map(() => newJoinCode());
    const people = checked.map((name, i) => ({
      name,
      codeHash: codeHash(normalizeCode(codes[i] ?? '') ?? ''),
    }));
    try {
      return this.#core.store
        .addContestants(people)
        .map((contestant, i) => ({ contestant, code: codes[i] ?? '' }));
    } catch (e) {
      if (e instanceof StoreError && e.code === 'conflict') throw new EventRefusal('conflict', e.message);
      throw e;
    }
  }

  /** Adds the contestants of a list, one name a line (blank lines and `#` comments skipped); see {@link addContestants}. */
  importContestants(list: string): IssuedCode[] {
    const names = list
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    return this.addContestants(names);
  }

  /** A new join code for a contestant who lost theirs; the old one stops working at once. */
  newCode(contestant: string): IssuedCode {
    const found = this.#core.store.contestant(contestant);
    if (!found) throw new EventRefusal('not-found', `no contestant ${contestant}`);
    const code = newJoinCode();
    this.#core.store.setCodeHash(contestant, codeHash(normalizeCode(code) ?? ''));
    return { contestant: found, code };
  }

  /** Every contestant, in the order added. */
  contestants(): Contestant[] {
    return this.#core.store.contestants();
  }

  /** Every submission of every contestant (version, language, build and smoke results, disqualification). */
  submissions(): Submission[] {
    return this.#core.store.submissions();
  }

  /** The bytes of a submission as uploaded (to read a contestant's source). */
  source(submission: string): Uint8Array {
    this.#submission(submission);
    return this.#core.store.submissionBytes(submission);
  }

  /** Disqualifies a version: it never plays while disqualified (the contestant's next working one does). */
  disqualify(submission: string, reason: string): Submission {
    const why = reason.trim();
    if (why === '' || why.length > 500)
      throw new EventRefusal('invalid', 'give a reason of 1 to 500 characters');
    this.#submission(submission);
    this.#core.store.setDisqualified(submission, why);
    return this.#submission(submission);
  }

  /** Re-admits a disqualified version: it has its state back. */
  readmit(submission: string): Submission {
    this.#submission(submission);
    this.#core.store.setDisqualified(submission, null);
    return this.#submission(submission);
  }

  /** Whether uploads are open (the lock by hand, the deadline). */
  lockState(): LockState {
    return this.#core.lock();
  }

  /** Locks (true) or unlocks (false) uploads by hand. Unlocking does not move a passed deadline. */
  setLocked(locked: boolean): LockState {
    this.#core.store.setLockedByHand(locked);
    return this.#core.lock();
  }

  /**
   * Plays a test competition now: every contestant's playing version (plus the sample bots if the
   * event says so), after the builds under way. Resolves when it has ended; `conflict` while another
   * competition is being played.
   */
  async runTest(): Promise<Competition> {
    await this.#core.idle();
    const samples = this.settings().testSamples ? this.#core.sampleSeats() : [];
    return this.#core.compete('test', [...this.#core.contestantSeats(), ...samples]);
  }

  /**
   * Plays a test competition when the event's interval has passed since the last one began (and
   * uploads are open); else resolves null. The caller calls it every minute or so.
   */
  async tick(): Promise<Competition | null> {
    const every = this.settings().testEveryMinutes;
    if (every === undefined || this.#core.competing() || this.#core.lock().state === 'locked') return null;
    const last = this.#core.store
      .competitions()
      .filter((c) => c.kind === 'test')
      .at(-1);
    if (last && this.#core.now().getTime() - Date.parse(last.createdAt) < every * 60_000) return null;
    return this.runTest();
  }

  /**
   * Plays the final with the locked versions: each contestant's playing version at this moment.
   * `conflict` unless uploads are locked (by hand or by the deadline), or while a competition is played.
   */
  async runFinal(): Promise<Competition> {
    const lock = this.#core.lock();
    if (lock.state !== 'locked')
      throw new EventRefusal('conflict', 'lock submissions first: the final plays the locked versions');
    await this.#core.idle();
    return this.#core.compete('final', this.#core.contestantSeats());
  }

  /** Every competition, in the order played. */
  competitions(): Competition[] {
    return this.#core.store.competitions();
  }

  /** A competition's standings (every stage). */
  standings(competition: string): Ranking {
    return competitionStandings(this.#path(competition));
  }

  /** A competition's games. */
  games(competition: string): CompetitionGame[] {
    const c = this.#competition(competition);
    return competitionGames(competitionPath(this.#core.store.folder, c), c);
  }

  /** A finished game's full record (every seat's stderr); `not-found` for none. */
  game(competition: string, index: number): GameRecord {
    const found = competitionGame(this.#path(competition), index);
    if (!found) throw new EventRefusal('not-found', `no finished game ${index} in this competition`);
    return found.record;
  }

  #competition(id: string): Competition {
    const c = this.#core.store.competition(id);
    if (!c) throw new EventRefusal('not-found', `no competition ${id}`);
    return c;
  }

  #path(id: string): string {
    return competitionPath(this.#core.store.folder, this.#competition(id));
  }

  #submission(id: string): Submission {
    const s = this.#core.store.submission(id);
    if (!s) throw new EventRefusal('not-found', `no submission ${id}`);
    return s;
  }
}
