import { z } from 'zod';
import { parseStoredJson, StoreError } from './errors.ts';
import { num, text, textOrNull, transaction, type Db, type Row } from './sqlite.ts';
import { check, participantSchema, type StoredParticipant } from './validate.ts';

/** The fields of a participant that may change after it was added (its id never does). */
export type ParticipantPatch = Partial<Omit<StoredParticipant, 'id'>>;

const commandColumn = z.array(z.string()).nullable();

function fromRow(row: Row): StoredParticipant {
  const command = row['command'] === null ? null : parseStoredJson(text(row, 'command'), 'a command');
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    command: check(commandColumn, command, `participant ${text(row, 'id')}: stored command`),
    executableHash: textOrNull(row, 'executable_hash'),
  };
}

/** Every participant, in the order they were added (the order a seeding may use). */
export function listParticipants(db: Db): StoredParticipant[] {
  return db.sql('SELECT * FROM participants ORDER BY position').all().map(fromRow);
}

/** One participant, or null when there is none with this id. */
export function getParticipant(db: Db, id: string): StoredParticipant | null {
  const row = db.sql('SELECT * FROM participants WHERE id = ?').get(id);
  return row ? fromRow(row) : null;
}

/** Adds participants at the end of the order, all or none; an id already in use is refused. */
export function addParticipants(db: Db, participants: readonly unknown[]): void {
  const valid = participants.map((p, i) => check(participantSchema, p, `participant ${i + 1}`));
  transaction(db, () => {
    let position = num(db.sql('SELECT coalesce(max(position), -1) AS p FROM participants').get() ?? {}, 'p');
    const seen = new Set<string>();
    for (const p of valid) {
      if (seen.has(p.id) || getParticipant(db, p.id)) {
        throw new StoreError('conflict', `participant id ${JSON.stringify(p.id)} is already in use`);
      }
      seen.add(p.id);
      position++;
      db.sql(
        'INSERT INTO participants (id, position, name, command, executable_hash) VALUES (?, ?, ?, ?, ?)',
      ).run(p.id, position, p.name, p.command === null ? null : JSON.stringify(p.command), p.executableHash);
    }
  });
}

/** Changes a participant's name, command or executable hash (for example after a bot was rebuilt). */
export function updateParticipant(db: Db, id: string, patch: ParticipantPatch): StoredParticipant {
  return transaction(db, () => {
    const old = getParticipant(db, id);
    if (!old) throw new StoreError('conflict', `no participant with id ${JSON.stringify(id)}`);
    const next = check(participantSchema, { ...old, ...patch, id }, `participant ${JSON.stringify(id)}`);
    db.sql('UPDATE participants SET name = ?, command = ?, executable_hash = ? WHERE id = ?').run(
      next.name,
      next.command === null ? null : JSON.stringify(next.command),
      next.executableHash,
      id,
    );
    return next;
  });
}

/** Removes a participant that no scheduled game mentions; one with games is refused (they would dangle). */
export function removeParticipant(db: Db, id: string): void {
  transaction(db, () => {
    if (!getParticipant(db, id))
      throw new StoreError('conflict', `no participant with id ${JSON.stringify(id)}`);
    const used = db
      .sql('SELECT g.idx FROM scheduled_games g, json_each(g.seats) s WHERE s.value = ? LIMIT 1')
      .get(id);
    if (used) {
      throw new StoreError(
        'conflict',
        `participant ${JSON.stringify(id)} cannot be removed: it is seated in game ${num(used, 'idx')}`,
      );
    }
    db.sql('DELETE FROM participants WHERE id = ?').run(id);
  });
}
