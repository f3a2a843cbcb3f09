/**
 * The shape every benchmark section shares. A section (test/bench/<name>/index.ts) measures one part of
 * Jury and returns its figures as JSON-ready values plus the targets it checked; run.ts prints and stores
 * them. The benchmark is a measuring tool, not a test: a missed target never changes the exit code.
 */

/** A JSON value, as the figures are written to the results file. */
export type Figure =
  number | string | boolean | null | readonly Figure[] | { readonly [key: string]: Figure };

/** Named figures of one part of a section. */
export type Figures = { readonly [key: string]: Figure };

/**
 * One figure of the benchmark beside its floor (the same work done by bare Node, measured in the same
 * run), the ratio between them and the target, printed as measured / floor / ratio / target / verdict.
 */
export type Target = {
  /** What is measured, such as "per move, 6561, official, p50". */
  readonly name: string;
  /** The measured value, in `unit`. */
  readonly measured: number;
  /** The floor's value in `unit`, or null when the figure has no floor (a count against zero). */
  readonly floor: number | null;
  readonly unit: string;
  /** measured / floor, or null without a floor. */
  readonly ratio: number | null;
  /** The goal in words, such as "≤ 1.5× floor"; "none" for a figure shown for information only. */
  readonly goal: string;
  /** Whether the goal holds; null for a figure without a target. */
  readonly pass: boolean | null;
  /** What else the reader needs (sample size, why a target is out of reach here). */
  readonly note?: string;
};

/** What one part of a section found; `error` when the part could not run (the others still do). */
export type PartResult = {
  readonly figures: Figures;
  readonly targets: readonly Target[];
  readonly error?: string;
};

/** What a section gets from run.ts. */
export interface BenchContext {
  /** Smaller counts, for a quick look while developing (figures are then less stable). */
  readonly quick: boolean;
  /** Prints one line of progress or results. */
  log(line: string): void;
}

/** One section of `npm run bench`, selected with `--section <name>`. */
export interface Section {
  readonly name: string;
  /** One sentence for `--help`. */
  readonly description: string;
  /** Runs every part and returns their results by part name. */
  run(ctx: BenchContext): Promise<Readonly<Record<string, PartResult>>>;
}

/** Runs one part of a section; a part that fails (a bot that does not build, a game that ends badly) is
 * reported with its error, and the other parts still run. */
export async function guarded(
  results: Record<string, PartResult>,
  name: string,
  ctx: BenchContext,
  run: () => Promise<PartResult>,
): Promise<void> {
  try {
    results[name] = await run();
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    ctx.log(`${name}: could not be measured: ${error}`);
    results[name] = { figures: {}, targets: [], error };
  }
}
