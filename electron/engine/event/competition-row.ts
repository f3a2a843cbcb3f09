import { z } from 'zod';
import { COMPETITION_STATES, entrantSchema, type Competition } from '../../../shared/event/competition.ts';
import { parseStoredJson, StoreError } from '../store/errors.ts';
import { num, text, textOrNull, type Row } from '../store/sqlite.ts';

/** A `competitions` row of the event store as a {@link Competition}; a row that is not one is `not-a-store`. */
export function rowCompetition(row: Row): Competition {
  const kind = text(row, 'kind');
  const state = COMPETITION_STATES.find((s) => s === text(row, 'state'));
  const entrants = z.array(entrantSchema).safeParse(parseStoredJson(text(row, 'entrants'), 'entrants'));
  if ((kind !== 'test' && kind !== 'final') || state === undefined || !entrants.success) {
    throw new StoreError('not-a-store', `competition ${text(row, 'id')} is not valid in the event store`);
  }
  return {
    id: text(row, 'id'),
    kind,
    number: num(row, 'number'),
    file: text(row, 'file'),
    createdAt: text(row, 'created_at'),
    state,
    message: textOrNull(row, 'message'),
    entrants: entrants.data,
  };
}
