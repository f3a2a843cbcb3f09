import { randomInt } from 'node:crypto';
import type { GameId } from '../../../shared/games/types.ts';
import type { TimingMode } from '../../../shared/timing/modes.ts';
import { formatFirstError } from '../../engine/caia/first-error.ts';
import { ensurePackage } from '../../engine/packages/admit.ts';
import { playPackageMatch } from '../../engine/packages/play-package.ts';
import type { Launcher, MatchBot, ResourceLimits } from '../../engine/play-match.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { fromRecord, type SmokeTest } from '../library/smoke-test.ts';

/**
 * The smoke test of a program for a game package: CodeCup's entry test. One game with `how.timing`,
 * the program as player 1 and the package's first sample player in every other seat, refereed by the
 * package's referee. Besides the usual verdict and the program's first lines, it shows the program's
 * firsterror (the first line it wrote to standard error, as caiaio answers the manager).
 */
export async function packageSmokeTest(
  bot: MatchBot,
  game: GameId,
  launcher: Launcher,
  how: { readonly limits: ResourceLimits; readonly timing: TimingMode },
  seed = randomInt(0, 0xffffffff),
): Promise<SmokeTest> {
  const loaded = await ensurePackage(game);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const pkg = loaded.value;
  const sample = pkg.samples[0];
  if (pkg.manifest.players > 1 && sample === undefined) {
    throw new Error(
      `${pkg.manifest.name} names no sample player to test against (samples in jury-game.json)`,
    );
  }
  const opponents: MatchBot[] = Array.from({ length: pkg.manifest.players - 1 }, (_, i) => ({
    name: pkg.manifest.players > 2 ? `${sample?.name} ${i + 1}` : (sample?.name ?? 'sample'),
    command: [...(sample?.command ?? [])],
    cwd: pkg.folder,
    folder: pkg.folder,
  }));
  let record: GameRecord;
  try {
    record = await playPackageMatch(
      { pkg, bots: [bot, ...opponents], seed, timing: how.timing, graceMs: 1000, limits: how.limits },
      launcher,
    );
  } catch (e) {
    return {
      passed: false,
      verdict: `Could not play: ${(e as Error).message}`,
      dialogue: [],
      scores: [],
      statuses: [],
    };
  }
  return packageResult(record);
}

/** The smoke test's answer from a package game's record: the usual one, its verdict and firsterror. */
export function packageResult(record: GameRecord): SmokeTest {
  const result = fromRecord(record);
  const stderr = record.seats[0]?.stderr.full ?? '';
  const firstError = formatFirstError(stderr === '' ? null : (stderr.split('\n')[0] ?? ''));
  if (record.end.kind === 'referee-failed') {
    return {
      ...result,
      passed: false,
      verdict: `The game could not be played: ${record.end.reason}.`,
      firstError,
    };
  }
  const seat = record.seats[0];
  const verdict =
    result.passed && seat
      ? `Played a full game against the package's sample player without a fault; scored ${seat.score}.`
      : result.verdict;
  return { ...result, verdict, firstError };
}
