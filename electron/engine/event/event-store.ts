import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Contestant } from '../../../shared/event/contestant.ts';
import { storedEventSettingsSchema, type EventSettings } from '../../../shared/event/settings.ts';
import { NEXT_STATES, type Submission, type SubmissionState } from '../../../shared/event/submission.ts';
import { parseStoredJson, StoreError } from '../store/errors.ts';
import { toJson } from '../store/lifecycle.ts';
import { num, text, textOrNull, transaction, type Db, type Row } from '../store/sqlite.ts';
import { createEventDb, openEventDb } from './event-db.ts';
import type { CheckedUpload } from './upload.ts';
import type { Competition, Entrant } from '../../../shared/event/competition.ts';
import { rowCompetition } from './competition-row.ts';
import { COLUMNS, rowSubmission } from './submission-row.ts';

/** How a built program starts: its command line and working folder (absolute paths). */
export interface Launch {
  readonly command: readonly string[];
  readonly cwd: string;
}
const launchSchema = z.object({ command: z.array(z.string()).min(1), cwd: z.string() });

/** A fresh id for a stored thing: `con-`, `sub-` or `comp-` and 16 hex digits (ids are no secret; codes are). */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString('hex')}`;
}

/**
 * An event's store (event-db.ts): the settings, the contestants, every submission with its uploaded
 * bytes and state, the competitions. It trusts its caller: who may see what is EventService's rule
 * (access.ts). Every method is one transaction; refusals are StoreErrors and change nothing.
 */
export class EventStore {
  readonly folder: string;
  readonly #db: Db;
  readonly #release: () => void;
  readonly #now: () => Date;

  private constructor(folder: string, db: Db, release: () => void, now: () => Date) {
    this.folder = folder;
    this.#db = db;
    this.#release = release;
    this.#now = now;
  }

  /** Creates the event in `folder` (which must not hold one) with checked settings, and opens it for `holder`. */
  static create(folder: string, settings: EventSettings, holder: string, now: () => Date): EventStore {
    createEventDb(folder, { settings: toJson(settings, 'the event settings') }, now());
    return EventStore.open(folder, holder, now);
  }

  /** Opens the event in `folder` for `holder`; see {@link openEventDb} for what is refused. */
  static open(folder: string, holder: string, now: () => Date): EventStore {
    const { db, lock } = openEventDb(folder, holder);
    return new EventStore(folder, db, () => lock.release(), now);
  }

  /** Closes the file and lets go of the event's lock. Closing twice is harmless. */
  close(): void {
    if (!this.#db.db.isOpen) return;
    this.#db.close();
    this.#release();
  }

  #meta(key: string): string | null {
    const row = this.#db.sql('SELECT value FROM meta WHERE key = ?').get(key);
    return row ? text(row, 'value') : null;
  }

  /** The event's settings, checked by the rules it was created under (`storedEventSettingsSchema`). */
  settings(): EventSettings {
    const parsed = storedEventSettingsSchema.safeParse(
      parseStoredJson(this.#meta('settings') ?? 'null', 'settings'),
    );
    if (!parsed.success) throw new StoreError('not-a-store', `the stored event settings are not valid`);
    return parsed.data;
  }

  /** Whether the organiser has locked submissions by hand. */
  lockedByHand(): boolean {
    return this.#meta('locked') === 'true';
  }

  /** Locks or unlocks submissions by hand. */
  setLockedByHand(locked: boolean): void {
    this.#db.sql('UPDATE meta SET value = ? WHERE key = ?').run(String(locked), 'locked');
  }

  /** Adds contestants with their code hashes, all or none; `conflict` for a name already taken (any case). */
  addContestants(people: readonly { readonly name: string; readonly codeHash: string }[]): Contestant[] {
    return transaction(this.#db, () => {
      const start = num(
        this.#db.sql('SELECT coalesce(max(position), -1) + 1 AS n FROM contestants').get() ?? {},
        'n',
      );
      return people.map(({ name, codeHash }, i) => {
        const key = name.toLowerCase();
        if (this.#db.sql('SELECT 1 FROM contestants WHERE name_key = ?').get(key)) {
          throw new StoreError('conflict', `a contestant is already named ${JSON.stringify(name)}`);
        }
        const id = newId('con');
        this.#db
          .sql('INSERT INTO contestants (id, position, name, name_key, code_hash) VALUES (?, ?, ?, ?, ?)')
          .run(id, start + i, name, key, codeHash);
        return { id, name, chosen: null };
      });
    });
  }

  /** Gives a contestant a new code hash (a lost code): the old code no longer signs in. */
  setCodeHash(contestant: string, codeHash: string): void {
    const r = this.#db.sql('UPDATE contestants SET code_hash = ? WHERE id = ?').run(codeHash, contestant);
    if (Number(r.changes) !== 1) throw new StoreError('conflict', `no contestant ${contestant}`);
  }

  /** Every contestant, in the order added. */
  contestants(): Contestant[] {
    return this.#db
      .sql('SELECT id, name, chosen FROM contestants ORDER BY position')
      .all()
      .map(rowContestant);
  }

  /** One contestant, or null. */
  contestant(id: string): Contestant | null {
    const row = this.#db.sql('SELECT id, name, chosen FROM contestants WHERE id = ?').get(id);
    return row ? rowContestant(row) : null;
  }

  /** The contestant whose code has this hash, or null. */
  contestantByCodeHash(codeHash: string): Contestant | null {
    const row = this.#db.sql('SELECT id, name, chosen FROM contestants WHERE code_hash = ?').get(codeHash);
    return row ? rowContestant(row) : null;
  }

  /** Sets the version a contestant chose to play (null: their latest working one). */
  choose(contestant: string, submission: string | null): void {
    this.#db.sql('UPDATE contestants SET chosen = ? WHERE id = ?').run(submission, contestant);
  }

  /** Stores a checked upload as the contestant's next version, state `received`. */
  addSubmission(contestant: string, upload: CheckedUpload): Submission {
    const id = newId('sub');
    transaction(this.#db, () => {
      const version = num(
        this.#db
          .sql('SELECT coalesce(max(version), 0) + 1 AS n FROM submissions WHERE contestant = ?')
          .get(contestant) ?? {},
        'n',
      );
      this.#db
        .sql(
          `INSERT INTO submissions (id, contestant, version, received_at, sha256, size, file_name, kind, language,
             build_command, run_command, bytes, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'received')`,
        )
        .run(
          id,
          contestant,
          version,
          this.#now().toISOString(),
          upload.sha256,
          upload.bytes.length,
          upload.fileName,
          upload.kind,
          upload.language,
          upload.buildCommand,
          upload.runCommand ? JSON.stringify(upload.runCommand) : null,
          upload.bytes,
        );
    });
    return this.submission(id) as Submission;
  }

  /** One submission (without its bytes), or null. */
  submission(id: string): Submission | null {
    const row = this.#db.sql(`SELECT ${COLUMNS} FROM submissions WHERE id = ?`).get(id);
    return row ? rowSubmission(row) : null;
  }

  /** Every submission, or one contestant's, by contestant then version. */
  submissions(contestant?: string): Submission[] {
    const rows =
      contestant === undefined
        ? this.#db.sql(`SELECT ${COLUMNS} FROM submissions ORDER BY contestant, version`).all()
        : this.#db
            .sql(`SELECT ${COLUMNS} FROM submissions WHERE contestant = ? ORDER BY version`)
            .all(contestant);
    return rows.map(rowSubmission);
  }

  /** The bytes a submission was uploaded as. */
  submissionBytes(id: string): Uint8Array {
    const row = this.#db.sql('SELECT bytes FROM submissions WHERE id = ?').get(id);
    const bytes = row?.['bytes'];
    if (!(bytes instanceof Uint8Array)) throw new StoreError('conflict', `no submission ${id}`);
    return bytes;
  }

  /** How a built submission starts, or null before it was built. */
  launch(id: string): Launch | null {
    const row = this.#db.sql('SELECT launch FROM submissions WHERE id = ?').get(id);
    const value = row ? textOrNull(row, 'launch') : null;
    return value === null ? null : launchSchema.parse(parseStoredJson(value, 'launch'));
  }

  /**
   * Moves a submission to its next state (see NEXT_STATES; `conflict` for any other move), with the
   * launch of a `built` one.
   */
  setStatus(id: string, status: SubmissionState, launch?: Launch): void {
    transaction(this.#db, () => {
      const now = this.submission(id);
      if (!now) throw new StoreError('conflict', `no submission ${id}`);
      if (!NEXT_STATES[now.status.state].includes(status.state)) {
        throw new StoreError(
          'conflict',
          `submission ${id} cannot go from ${now.status.state} to ${status.state}`,
        );
      }
      const log = 'log' in status ? status.log : null;
      const smoke = 'smoke' in status ? JSON.stringify(status.smoke) : null;
      this.#db
        .sql(
          'UPDATE submissions SET state = ?, log = ?, smoke = ?, launch = coalesce(?, launch) WHERE id = ?',
        )
        .run(status.state, log, smoke, launch ? JSON.stringify(launch) : null, id);
    });
  }

  /** Disqualifies a submission with a reason, or (null) re-admits it. */
  setDisqualified(id: string, reason: string | null): void {
    const at = reason === null ? null : this.#now().toISOString();
    const r = this.#db
      .sql('UPDATE submissions SET disqualified_at = ?, disqualified_reason = ? WHERE id = ?')
      .run(at, reason, id);
    if (Number(r.changes) !== 1) throw new StoreError('conflict', `no submission ${id}`);
  }

  /** Records a competition about to be played (its tournament store is made next). */
  addCompetition(
    kind: Competition['kind'],
    file: (number: number) => string,
    entrants: readonly Entrant[],
  ): Competition {
    const id = newId('comp');
    transaction(this.#db, () => {
      const number = num(
        this.#db.sql('SELECT coalesce(max(number), 0) + 1 AS n FROM competitions WHERE kind = ?').get(kind) ??
          {},
        'n',
      );
      this.#db
        .sql(
          `INSERT INTO competitions (id, kind, number, file, created_at, state, entrants) VALUES (?, ?, ?, ?, ?, 'running', ?)`,
        )
        .run(id, kind, number, file(number), this.#now().toISOString(), JSON.stringify(entrants));
    });
    return this.competition(id) as Competition;
  }

  /** Marks how a competition's run ended. */
  setCompetitionState(id: string, state: Competition['state'], message: string | null = null): void {
    this.#db.sql('UPDATE competitions SET state = ?, message = ? WHERE id = ?').run(state, message, id);
  }

  /** One competition, or null. */
  competition(id: string): Competition | null {
    const row = this.#db.sql('SELECT * FROM competitions WHERE id = ?').get(id);
    return row ? rowCompetition(row) : null;
  }

  /** Every competition, in the order made. */
  competitions(): Competition[] {
    return this.#db
      .sql('SELECT * FROM competitions ORDER BY created_at, kind, number')
      .all()
      .map(rowCompetition);
  }
}

function rowContestant(row: Row): Contestant {
  return { id: text(row, 'id'), name: text(row, 'name'), chosen: textOrNull(row, 'chosen') };
}
