import type { CodecupEvent } from './event.ts';

/**
 * What an import of CodeCup's result file tells its user beside the counts: where the file contradicts
 * itself (imported as published all the same) and which names have blanks around them (kept as
 * written). `jury import codecup` prints it, `--json` and the app's import answer it.
 */
export interface CodecupImportNotes {
  readonly contradictions: {
    /** Rows that contradict the file itself, and the games they are in. */
    readonly rows: number;
    readonly games: number;
    /** Rows by kind: a status the scores do not give; a failed player with a score other than 0. */
    readonly status: number;
    readonly score: number;
    /** The first few, in file order, each starting `line L, column C (Field):`. */
    readonly examples: readonly string[];
  };
  /** Every name with a blank (or other white space) before or after it, in order of appearance. */
  readonly namesWithBlanks: readonly string[];
  /** Names that differ only in blanks around them ("A" and "A "): different contestants that look alike. */
  readonly lookAlike: readonly (readonly string[])[];
}

/** How many contradictions the notes quote. */
export const CONTRADICTION_EXAMPLES = 5;

/** The notes of an event read from CodeCup's file. */
export function codecupImportNotes(event: CodecupEvent): CodecupImportNotes {
  const list = event.contradictions;
  return {
    contradictions: {
      rows: list.length,
      games: new Set(list.map((c) => c.game)).size,
      status: list.filter((c) => c.kind === 'status').length,
      score: list.filter((c) => c.kind === 'score').length,
      examples: list.slice(0, CONTRADICTION_EXAMPLES).map((c) => c.message),
    },
    namesWithBlanks: event.participants.map((p) => p.name).filter((name) => name.trim() !== name),
    lookAlike: lookAlike(event.participants.map((p) => p.name)),
  };
}

/** Groups of `names` equal once trimmed, each in order of appearance. */
function lookAlike(names: readonly string[]): string[][] {
  const byTrimmed = new Map<string, string[]>();
  for (const name of names) {
    const group = byTrimmed.get(name.trim());
    if (group) group.push(name);
    else byTrimmed.set(name.trim(), [name]);
  }
  return [...byTrimmed.values()].filter((group) => group.length > 1);
}

/**
 * The notes as lines of text for a person (none when there is nothing to say), each without its line
 * end: the contradictions with the first few quoted, then the names with blanks, quoted so the blanks show.
 */
export function codecupNotesText(notes: CodecupImportNotes): string[] {
  const out: string[] = [];
  const c = notes.contradictions;
  if (c.rows > 0) {
    const rows = `${c.rows} row${c.rows === 1 ? '' : 's'} of ${c.games} game${c.games === 1 ? '' : 's'}`;
    const verb = c.rows === 1 ? 'contradicts' : 'contradict';
    const shown = c.examples.length < c.rows ? ` (the first ${c.examples.length})` : '';
    out.push(
      `imported as published, but ${rows} ${verb} the file itself (their statuses and scores are kept as they are)${shown}:`,
    );
    for (const example of c.examples) out.push(`  ${example}`);
  }
  const names = notes.namesWithBlanks;
  if (names.length > 0) {
    const quoted = names.slice(0, CONTRADICTION_EXAMPLES).map((n) => JSON.stringify(n));
    if (names.length > quoted.length) quoted.push('…');
    const count =
      names.length === 1 ? '1 name has blanks around it' : `${names.length} names have blanks around them`;
    out.push(`${count}, kept as written (a name is a contestant): ${quoted.join(', ')}`);
  }
  for (const group of notes.lookAlike) {
    out.push(`${group.map((n) => JSON.stringify(n)).join(' and ')} are different contestants`);
  }
  return out;
}
