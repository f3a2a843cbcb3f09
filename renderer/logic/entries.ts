/**
 * The new-tournament form's entries: library bot ids in the order they were chosen, where one bot may
 * fill several seats (each copy is an entry of its own; the engine names the second copy "<name> 2").
 * Pure steps on the list, so ticking, adding a copy and removing one are tested without the form.
 */

/** How many entries `id` has in `entries`. */
export function copiesOf(entries: readonly string[], id: string): number {
  return entries.reduce((n, e) => (e === id ? n + 1 : n), 0);
}

/** The entries with `id` ticked (one entry, added at the end when it had none) or unticked (every copy). */
export function setEntered(entries: readonly string[], id: string, on: boolean): string[] {
  if (!on) return entries.filter((e) => e !== id);
  return entries.includes(id) ? [...entries] : [...entries, id];
}

/** The entries with another copy of `id`, right after its last copy. */
export function addCopy(entries: readonly string[], id: string): string[] {
  const last = entries.lastIndexOf(id);
  const at = last === -1 ? entries.length : last + 1;
  return [...entries.slice(0, at), id, ...entries.slice(at)];
}

/** The entries with the last copy of `id` removed (the bot stays entered while one copy is left). */
export function removeCopy(entries: readonly string[], id: string): string[] {
  const last = entries.lastIndexOf(id);
  if (last === -1 || copiesOf(entries, id) === 1) return [...entries];
  return [...entries.slice(0, last), ...entries.slice(last + 1)];
}

/** How many different bots the entries hold. */
export function distinctEntries(entries: readonly string[]): number {
  return new Set(entries).size;
}
