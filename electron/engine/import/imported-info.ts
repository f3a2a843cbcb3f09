import { z } from 'zod';
import { StoreError } from '../store/errors.ts';
import type { TournamentStore } from '../store/store.ts';

/** What a tournament imported from CodeCup's result file keeps of it (the store's meta `imported`). */
export const importedInfoSchema = z.strictObject({
  source: z.literal('codecup'),
  /** The file's name (without its folder). */
  file: z.string(),
  importedAt: z.string(),
  /** CodeCup's number of every game, by schedule index: the export writes them back. */
  gameNumbers: z.array(z.number().int().min(1)),
  /** Every game's place in the file, by schedule index: the export writes the rows in the file's order. */
  fileOrder: z.array(z.number().int().min(0)).optional(),
});

/** A checked {@link importedInfoSchema}. */
export type ImportedInfo = z.output<typeof importedInfoSchema>;

/**
 * What the store says of its import, checked, or null for an event Jury played. An import that does not
 * check is a damaged store (`damaged`), never silently an event to run.
 */
export function importedInfo(store: TournamentStore): ImportedInfo | null {
  const value = store.imported();
  if (value === null) return null;
  const parsed = importedInfoSchema.safeParse(value);
  if (!parsed.success) {
    throw new StoreError('damaged', `${store.path}: its import record is not valid: ${parsed.error.message}`);
  }
  return parsed.data;
}
