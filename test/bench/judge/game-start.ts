import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { Launcher } from '../../../electron/engine/play-match.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/index.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { heading, line, num, vsFloor } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { scaled, summarize } from '../lib/stats.ts';
import { command6561, commandFlit, type JudgeBots } from './bots.ts';
import { relay, scriptOf } from './floor.ts';
import { expectClean, timedMatch } from './matches.ts';

/** Confined start-up may cost this many times the start without confinement (the old target, kept). */
const CONFINED_MAX = 3;

/**
 * Part 3, game start: from starting every seat to the first move, for a 4-player Flit game and a
 * 2-player 6561 game of instant C bots. The floor is bare Node spawning the same programs directly and
 * relaying the recorded first lines until the first reply (floor.ts, stopped there); Jury is the
 * playMatch call until the referee's first applied move (the game is then aborted), confined
 * (bubblewrap, memory cgroup, a uid per bot as root: what `jury play` does here) and without any
 * confinement (the plain wrappers of a machine without bubblewrap). The three alternate, `count` each.
 */
export async function measureGameStart(
  ctx: BenchContext,
  bots: JudgeBots,
  count: number,
): Promise<PartResult> {
  ctx.log(heading('3. game start: spawn every seat → first move'));
  const caps = sandboxCapabilities();
  const bare: SandboxCapabilities = { ...caps, bwrap: null, memoryCgroup: null, botUids: null };
  const ways: Record<string, Launcher | null> = {
    floor: null,
    unconfined: processLauncher({ sandbox: bare }),
    ...(caps.bwrap === null ? {} : { confined: processLauncher() }),
  };
  if (caps.bwrap === null)
    ctx.log(`  bubblewrap is not usable here (${caps.bwrapWhy ?? '?'}): no confined games`);
  const kinds: { game: GameId; label: string; commands: string[][] }[] = [
    { game: 'flit', label: 'Flit, 4 seats', commands: [1, 2, 3, 4].map(() => commandFlit(bots, 0, 0)) },
    { game: '6561', label: '6561, 2 seats', commands: [command6561(bots, 0, 31), command6561(bots, 0, 32)] },
  ];
  const figures: Record<string, Figures> = {};
  const targets: Target[] = [];
  for (const kind of kinds) {
    const full = await timedMatch({ game: kind.game, timing: 'official', commands: kind.commands });
    expectClean(full.record);
    const script = scriptOf(full.record);
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
    for (let i = -1; i < count; i++) {
      for (const [name, launcher] of Object.entries(ways)) {
        let ms: number;
        if (launcher === null) {
          ms = (await relay(kind.commands, script, { stopAfter: 1 })).firstReplyMs;
        } else {
          const m = await timedMatch(
            { game: kind.game, timing: 'official', commands: kind.commands, seed: 1, stopAtFirstMove: true },
            launcher,
          );
          ms = m.firstMoveMs;
        }
        if (i >= 0) times[name]?.push(ms); // the first of each: warm-up (bwrap's libraries, the JIT)
      }
    }
    const s = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, scaled(summarize(v), 1)]));
    const floor = s['floor'];
    if (!floor) throw new Error('no floor');
    ctx.log(`${kind.label}, ${count} games each, alternating`);
    for (const [name, x] of Object.entries(s)) ctx.log(`  ${name.padEnd(12)} ${line(x, 'ms', 2)}`);
    figures[kind.game] = { games: count, ...s };
    for (const name of ['unconfined', 'confined']) {
      const x = s[name];
      if (!x) continue;
      targets.push(
        vsFloor(
          `game start, ${kind.label}, Jury ${name === 'confined' ? 'confined (bubblewrap, cgroup, uid)' : 'without confinement'}, p50`,
          x.p50,
          floor.p50,
          'ms',
          null,
          {
            note: 'floor: bare spawn of the same programs, first lines, first reply',
          },
        ),
      );
    }
    const confined = s['confined'];
    const unconfined = s['unconfined'];
    if (confined && unconfined) {
      const r = confined.p50 / unconfined.p50;
      ctx.log(`  confined / without: p50 ${num(r, 2)}×`);
      targets.push(
        vsFloor(
          `game start, ${kind.label}, confined vs without confinement, p50`,
          confined.p50,
          unconfined.p50,
          'ms',
          CONFINED_MAX,
          {
            note: 'the floor here is Jury without confinement',
          },
        ),
      );
    }
  }
  return { figures, targets };
}
