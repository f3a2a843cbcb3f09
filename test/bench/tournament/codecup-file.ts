import { Prng } from '../../../shared/random/prng.ts';
import { CODECUP_FINAL } from './codecup-final.ts';

/** Box's (2025) draw score: a player wins above it, draws at it and loses below it, by its own score. */
const DRAW_SCORE = 150;

/**
 * Entrants whose name CodeCup published with a blank after it (and one before it), as in the real
 * final's file: "Contestant 7 ". The name is the contestant, so they are imported as written.
 */
const BLANK_AFTER = new Set([6, 22, 40]);
const BLANK_BEFORE = new Set([14]);

/** A synthetic result file and what it holds that the sample does not. */
export interface CodecupFile {
  readonly text: string;
  /** Rows whose status the scores do not give by CodeCup's plain rule (Box's LOSE or DRAW against a failure). */
  readonly contradictions: number;
  /** Names with a blank around them. */
  readonly namesWithBlanks: number;
}

/** The published name of entrant `i` (from 0). */
function nameOf(i: number): string {
  const name = `Contestant ${i + 1}`;
  return BLANK_AFTER.has(i) ? `${name} ` : BLANK_BEFORE.has(i) ? ` ${name}` : name;
}

/** Box's word for a player that did not fail: its own score against the draw score. */
const boxWord = (score: number): string =>
  score > DRAW_SCORE ? 'WIN' : score < DRAW_SCORE ? 'LOSE' : 'DRAW';

/**
 * One game's two rows as Box published them: a 300-point split, a draw (150 each) now and then, and 0.8%
 * failures (TIMEOUT, now and then EXIT, with 0) whose opponent keeps its own score and its word by that
 * score: about 60% of them LOSE or DRAW, which the plain rule would make a WIN (the real final had 87).
 */
function gameRows(
  prng: Prng,
  game: number,
  round: number,
  stage: string,
  a: string,
  b: string,
  count: { contradictions: number },
): string {
  const roll = prng.below(1000);
  let seats: [number, string][];
  if (roll < 8) {
    const failed: [number, string] = [0, roll < 7 ? 'TIMEOUT' : 'EXIT'];
    const score = roll % 4 === 0 ? DRAW_SCORE : 40 + prng.below(221);
    const other: [number, string] = [score, boxWord(score)];
    if (score <= DRAW_SCORE) count.contradictions += 1;
    seats = prng.below(2) === 0 ? [failed, other] : [other, failed];
  } else {
    const sa = roll < 50 ? DRAW_SCORE : 40 + prng.below(221);
    seats = [
      [sa, boxWord(sa)],
      [300 - sa, boxWord(300 - sa)],
    ];
  }
  const row = (seat: number, user: string, [score, word]: [number, string]) =>
    `${game},${round},${stage},"Player ${seat}","${user}",${score},${word}\n`;
  return row(1, a, seats[0] as [number, string]) + row(2, b, seats[1] as [number, string]);
}

/**
 * A synthetic result file of CodeCup's final's shape (60 entrants; 11 Swiss rounds of 30 pairings, each
 * pairing 2 games in both seat orders; then the top 58 in a round robin of 10 games per pair): 17,190
 * games, 34,380 rows, numbered from 296165 as the 2025 final was, with the real file's quirks: names
 * with a blank around them, and Box's statuses by the draw score, so the opponent of a TIMEOUT with 0
 * can LOSE or DRAW. The Swiss pairs by a rotation, not by standing: the import and the standings do not
 * depend on who met whom.
 */
export function syntheticCodecupFile(): CodecupFile {
  const prng = Prng.fromSeed(2025);
  const count = { contradictions: 0 };
  let text = 'Game,Round,IsSwiss,Player,User,Score,Status\n';
  let game = 296165;
  const n = CODECUP_FINAL.entrants;
  for (let round = 1; round <= CODECUP_FINAL.swissRounds; round++) {
    for (let p = 0; p < n / 2; p++) {
      const a = nameOf((p + round) % n);
      const b = nameOf((n - 1 - p + round) % n);
      text += gameRows(prng, game++, round, 'swiss', a, b, count);
      text += gameRows(prng, game++, round, 'swiss', b, a, count);
    }
  }
  const f = CODECUP_FINAL.finalists;
  const finalRound = CODECUP_FINAL.swissRounds + 1;
  for (let cycle = 0; cycle < CODECUP_FINAL.finalCycles; cycle++) {
    for (let i = 0; i < f; i++) {
      for (let j = 0; j < f; j++) {
        if (i !== j) text += gameRows(prng, game++, finalRound + cycle, 'final', nameOf(i), nameOf(j), count);
      }
    }
  }
  return {
    text,
    contradictions: count.contradictions,
    namesWithBlanks: BLANK_AFTER.size + BLANK_BEFORE.size,
  };
}
