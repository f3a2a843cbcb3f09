import { heading, line } from '../lib/format.ts';
import type { BenchContext, PartResult } from '../lib/section.ts';
import { scaled, summarize } from '../lib/stats.ts';
import { commandFlit, type JudgeBots } from './bots.ts';
import { expectClean, timedMatch, type TimedMatch } from './matches.ts';

/**
 * Part 6, game start latency. Flit games whose four bots never move end after four turns (all passed):
 * the shortest real game, so its time from the playMatch call to its return is start, four replies and
 * shutdown. For them and for the 6561 games of the overhead part: the time from the call to the first
 * applied move, split into Jury's launch (until the first prompt is written: hashing the executable,
 * spawning through the wrappers) and the first reply (the process starting, then answering).
 */
export async function measureStartup(
  ctx: BenchContext,
  bots: JudgeBots,
  count: number,
  games6561: readonly TimedMatch[],
): Promise<PartResult> {
  ctx.log(heading('6. game start latency'));
  await timedMatch({
    game: 'flit',
    timing: 'official',
    commands: [1, 2, 3, 4].map(() => commandFlit(bots, 0, 0)),
  });
  const flit: TimedMatch[] = [];
  for (let g = 0; g < count; g++) {
    const m = await timedMatch({
      game: 'flit',
      timing: 'official',
      seed: 1 + g,
      commands: [1, 2, 3, 4].map(() => commandFlit(bots, 0, 0)),
    });
    expectClean(m.record);
    flit.push(m);
  }
  const figures = (games: readonly TimedMatch[]) => {
    const firstReplyMs = games.map((m) => (m.record.moves[0]?.chargedUs ?? NaN) / 1000);
    return {
      games: games.length,
      firstMoveMs: scaled(summarize(games.map((m) => m.firstMoveMs)), 1),
      launchMs: scaled(summarize(games.map((m, i) => m.firstMoveMs - (firstReplyMs[i] ?? NaN))), 1),
      firstReplyMs: scaled(summarize(firstReplyMs), 1),
      endMs: scaled(summarize(games.map((m) => m.endMs)), 1),
    };
  };
  const f = figures(flit);
  const s = figures(games6561);
  ctx.log(`Flit, 4 bots, shortest game (4 non-moves), ${f.games} games`);
  ctx.log(`  call → first move     ${line(f.firstMoveMs, 'ms', 2)}`);
  ctx.log(`    launch (→ prompt)   ${line(f.launchMs, 'ms', 2)}`);
  ctx.log(`    first reply         ${line(f.firstReplyMs, 'ms', 2)}`);
  ctx.log(`  call → game over      ${line(f.endMs, 'ms', 2)}`);
  ctx.log(`6561, 2 bots, the overhead part's games`);
  ctx.log(`  call → first move     ${line(s.firstMoveMs, 'ms', 2)}`);
  ctx.log(`    launch (→ prompt)   ${line(s.launchMs, 'ms', 2)}`);
  ctx.log(`    first reply         ${line(s.firstReplyMs, 'ms', 2)}`);
  ctx.log(`  call → 1000 moves over ${line(s.endMs, 'ms', 2)}`);
  return { figures: { flitShortGame: f, game6561: s }, targets: [] };
}
