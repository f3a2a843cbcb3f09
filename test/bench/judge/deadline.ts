import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { MatchBot } from '../../../electron/engine/play-match.ts';
import { gamePlayer } from '../../../electron/engine/tournament/game-player.ts';
import { heading, num, round3 } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { scaled, summarize } from '../lib/stats.ts';
import { commandFlit, type JudgeBots } from './bots.ts';
import { loggingLauncher } from './breakdown.ts';
import { relay, scriptOf, type RelayRun, type RelayScript } from './floor.ts';
import { benchConfig, benchGame, expectClean, stampsOf, timedMatch } from './matches.ts';
import { lowerBound, type BotStamps, type SeatLog } from './stamps.ts';

/** The per-move deadline and the burn (80% of it), in µs. */
const DEADLINE_US = 5000;
const BURN_US = 4000;
/** Prompts each bot burns on (then it passes, and four passes end the game): ~1000 counted turns a game. */
const MOVES = 251;
const SEED = 5;
/** Batches of games at most, however early Jury's games end. */
const MAX_BATCHES = 100;

/** What one Jury game or one floor relay of the part counted. */
interface Tally {
  /** Burning turns counted (each bot's first left out: it has the start-up allowance). */
  turns: number;
  late: number;
  /** Jury only: missed turns that were no timeout, and the timeouts by cause (the bots' stamps). */
  otherMissed: number;
  causes: { judgeLate: number; promptLate: number; preempted: number };
  /** Jury: charged ms of turns in time; floor: round trips (µs → ms) of every counted reply. */
  inTimeMs: number[];
  games: number;
}

const tally = (): Tally => ({
  turns: 0,
  late: 0,
  otherMissed: 0,
  causes: { judgeLate: 0, promptLate: 0, preempted: 0 },
  inTimeMs: [],
  games: 0,
});

/**
 * Part 4, deadlines: Flit games (official timing: the others stopped while one thinks) with a per-move
 * deadline of 5 ms (`timing.budgetMs`), the four C bots burning 4 ms of CPU on each prompt, played through
 * the tournament's game player (confined, pinned as `jury run` plays them), one game at a time and
 * `cores` games at once, until at least `turns` burning turns were played each way. The floor: bare Node
 * relaying the same recorded game to the same bots (floor.ts) with the same 5 ms deadline applied to its
 * own timing of each reply, under the same load (as many relays at once). Jury and the floor alternate,
 * one batch each. Every timeout of such a bot is false: it needed 4 ms of a 5 ms deadline.
 */
export async function measureDeadline(
  ctx: BenchContext,
  bots: JudgeBots,
  turns: number,
  cores: number,
): Promise<PartResult> {
  ctx.log(heading('4. deadlines: Flit bots burning 80% of a 5 ms per-move deadline'));
  ctx.log(
    `Not Flit's own 50 ms: 80% of it leaves 10 ms for the judge, 5 ms leaves 1 ms (a 10× harder test), and ` +
      `${turns.toLocaleString('en')} turns take ${num((turns * BURN_US) / 1e6, 0)} s of burning instead of ${num((turns * 40) / 1000, 0)} s.`,
  );
  const commands = [1, 2, 3, 4].map(() => commandFlit(bots, BURN_US, MOVES, true));
  const instant = [1, 2, 3, 4].map(() => commandFlit(bots, 0, MOVES));
  const clean = await timedMatch({ game: 'flit', timing: 'official', commands: instant, seed: SEED });
  expectClean(clean.record);
  const script = scriptOf(clean.record);
  const figures: Record<string, Figures> = {};
  const targets: Target[] = [];
  for (const atOnce of [...new Set([1, cores])]) {
    const jury = tally();
    const floor = tally();
    // A Jury game ends early after four missed turns in a row (all passed): the next batch plays on.
    for (let batch = 0; (jury.turns < turns || floor.turns < turns) && batch < MAX_BATCHES; batch++) {
      if (jury.turns < turns)
        await Promise.all(
          Array.from({ length: atOnce }, (_, slot) => juryGame(commands, slot, atOnce, jury)),
        );
      if (floor.turns < turns)
        await Promise.all(Array.from({ length: atOnce }, () => floorGame(commands, script, floor)));
    }
    const per1000 = (t: Tally): number => (1000 * t.late) / Math.max(1, t.turns);
    const label = atOnce === 1 ? '1 game' : `${atOnce} games at once`;
    const j = summarize(jury.inTimeMs);
    const f = summarize(floor.inTimeMs);
    ctx.log(`${label}: ${jury.games} Jury games, ${floor.games} floor relays`);
    ctx.log(
      `  Jury   ${jury.late} timeouts in ${jury.turns} turns (${num(per1000(jury), 1)} per 1000), other missed turns ${jury.otherMissed}; ` +
        `closest call in time ${num(j.max, 3)} ms`,
    );
    ctx.log(
      `         by the bots' clocks: reply written in time but seen late ${jury.causes.judgeLate}, ` +
        `prompt read > ${(DEADLINE_US - BURN_US) / 1000} ms after the write ${jury.causes.promptLate}, bot preempted while burning ${jury.causes.preempted}`,
    );
    ctx.log(
      `  floor  ${floor.late} late in ${floor.turns} turns (${num(per1000(floor), 1)} per 1000); round trip p50 ${num(f.p50, 3)} p99 ${num(f.p99, 3)} max ${num(f.max, 3)} ms`,
    );
    figures[atOnce === 1 ? 'oneGame' : 'coresGames'] = {
      gamesAtOnce: atOnce,
      jury: {
        games: jury.games,
        turns: jury.turns,
        timeouts: jury.late,
        per1000: round3(per1000(jury)),
        otherMissedTurns: jury.otherMissed,
        timeoutCauses: jury.causes,
        chargedInTimeMs: scaled(j, 1),
      },
      floor: {
        games: floor.games,
        turns: floor.turns,
        late: floor.late,
        per1000: round3(per1000(floor)),
        roundTripMs: scaled(f, 1),
      },
    };
    const measured = per1000(jury);
    const floorRate = per1000(floor);
    targets.push({
      name: `false timeouts per 1000 turns, ${label} (Flit, burn 4 of 5 ms)`,
      measured: round3(measured),
      floor: round3(floorRate),
      unit: 'per 1000',
      ratio: floorRate > 0 ? Math.round((measured / floorRate) * 100) / 100 : null,
      goal: '≤ floor',
      pass: measured <= floorRate && jury.otherMissed === 0,
      note: `${jury.late} in ${jury.turns} turns; floor ${floor.late} in ${floor.turns}`,
    });
  }
  return { figures: { deadlineMs: DEADLINE_US / 1000, burnMs: BURN_US / 1000, ...figures }, targets };
}

/** One Jury game through the tournament's game player, the judge's writes logged for the causes. */
async function juryGame(commands: string[][], slot: number, atOnce: number, t: Tally): Promise<void> {
  const logs: SeatLog[] = [];
  const bots = new Map<string, MatchBot>(
    commands.map((command, i) => [`p${i + 1}`, { name: `p${i + 1}`, command }]),
  );
  const play = gamePlayer(
    benchConfig('flit', 'official', DEADLINE_US / 1000),
    bots,
    loggingLauncher(processLauncher(), logs),
  );
  const record = await play(benchGame(4, 0, SEED), new AbortController().signal, {
    slot,
    concurrency: atOnce,
  });
  expectClean(record);
  t.games++;
  for (let seat = 0; seat < 4; seat++) {
    const turns = record.moves.filter((m) => m.seat === seat).slice(1, MOVES);
    t.turns += turns.length;
    for (const m of turns) {
      if (m.cause === 'timeout') t.late++;
      else if (m.by === 'missed') t.otherMissed++;
      else if (m.chargedUs !== undefined) t.inTimeMs.push(m.chargedUs / 1000);
    }
  }
  const causes = lateCauses(stampsOf(record), logs);
  t.causes.judgeLate += causes.judgeLate;
  t.causes.promptLate += causes.promptLate;
  t.causes.preempted += causes.preempted;
}

/** One floor relay of the recorded game with the burning bots; late = its own round trip over 5 ms. */
async function floorGame(commands: string[][], script: RelayScript, t: Tally): Promise<void> {
  const run: RelayRun = await relay(commands, script);
  t.games++;
  const seen = [0, 0, 0, 0];
  for (let k = 0; k < run.replies; k++) {
    const seat = script.replySeats[k] ?? 0;
    const i = seen[seat] ?? 0;
    seen[seat] = i + 1;
    if (i < 1 || i >= MOVES) continue;
    const us = (run.arrivalUs[k] ?? 0) - (run.promptUs[k] ?? 0);
    t.turns++;
    if (us > DEADLINE_US) t.late++;
    t.inTimeMs.push(us / 1000);
  }
}

/**
 * Why each late prompt of a Jury game was late, from the bots' stamps and the judge's log: the bot wrote
 * its reply within the deadline of the prompt's write (the judge saw it too late), it read the prompt
 * more than the 1 ms margin after the write (its wake-up), or it read it in time but its 4 ms burn took
 * longer than that on the wall clock (it was preempted).
 */
function lateCauses(stamps: readonly BotStamps[], logs: readonly SeatLog[]) {
  const out = { judgeLate: 0, promptLate: 0, preempted: 0 };
  stamps.forEach((s, seat) => {
    const log = logs[seat];
    if (!log) return;
    for (let i = 1; i < Math.min(MOVES, s.readUs.length); i++) {
      const read = s.readUs[i] as number;
      const write = s.writeUs[i] as number;
      const send = log.sends[lowerBound(log.sends, read + 1e-9) - 1];
      const arrivalAt = lowerBound(log.arrivals, write);
      const arrival = log.arrivals[arrivalAt];
      const nextWrite = s.writeUs[i + 1] ?? Infinity;
      if (send === undefined) continue;
      const inTime = arrival !== undefined && arrival < nextWrite && arrival - send <= DEADLINE_US;
      if (inTime) continue;
      if (write - send <= DEADLINE_US) out.judgeLate++;
      else if (read - send > DEADLINE_US - BURN_US) out.promptLate++;
      else out.preempted++;
    }
  });
  return out;
}
