import { heading, line, num } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult } from '../lib/section.ts';
import { scaled, summarize, type Summary } from '../lib/stats.ts';
import { command6561, type JudgeBots } from './bots.ts';
import { breakdown } from './breakdown.ts';
import { BURN_US, DEADLINE_US, deadlineGame, warmUpFlit, type TurnRow } from './deadline-game.ts';
import { relayGame, steadyRoundTrips } from './floor.ts';

/**
 * Part 5, zero false timeouts: Flit games (official timing: the other three bots are stopped while one
 * thinks) with the per-move deadline set to 5 ms, in which the four bots burn 4 ms of CPU on each turn,
 * until `turns` such turns were played (a burst of four missed turns ends a game early: the next one
 * plays the rest). The bots stamp their clock, so the cause of each timeout shows ({@link timeoutCauses}).
 * For scale, the floor: bare Node relaying `floorGames` 6561 games between C bots burning the same 4 ms
 * per move, and how many of those round trips took longer than the deadline.
 */
export async function measureDeadline(
  ctx: BenchContext,
  bots: JudgeBots,
  turns: number,
  floorGames: number,
): Promise<PartResult> {
  ctx.log(heading('5. zero false timeouts: bots burning 80% of a per-move deadline (Flit)'));
  ctx.log(
    `deadline ${DEADLINE_US / 1000} ms, burn ${BURN_US / 1000} ms of CPU (80%), official timing. Not Flit's own 50 ms: ` +
      `80% of it leaves a 10 ms margin, 5 ms leaves 1 ms for Jury's latency (a 10× harder test), and ` +
      `${turns.toLocaleString('en')} turns take ${num((turns * BURN_US) / 1e6, 0)} s of burn instead of ` +
      `${num((turns * 40) / 1000, 0)} s.`,
  );
  await warmUpFlit(bots);
  const played: TurnRow['turn'][] = [];
  const rows: TurnRow[] = [];
  const seconds: number[] = [];
  while (played.length < turns) {
    const game = await deadlineGame(bots, Math.ceil((turns - played.length) / 4) + 1, seconds.length);
    played.push(...game.turns);
    rows.push(...game.rows);
    seconds.push(game.seconds);
  }
  const timeouts = played.filter((mv) => mv.cause === 'timeout').length;
  const otherMissed = played.filter((mv) => mv.by === 'missed' && mv.cause !== 'timeout').length;
  const givenUp = rows.filter((r) => r.skipped).length;
  const charged = summarize(played.filter((mv) => mv.by === 'bot').map((mv) => mv.chargedUs ?? NaN));
  const closest = charged.max;
  const steady = breakdown(rows.filter((r) => r.turn.by === 'bot'));
  const causes = timeoutCauses(rows.filter((r) => r.turn.cause === 'timeout'));

  const floorTrips: number[] = [];
  for (let g = 0; g < floorGames; g++) {
    const commands = [command6561(bots, BURN_US, 200 + g), command6561(bots, BURN_US, 300 + g)];
    floorTrips.push(...steadyRoundTrips(await relayGame(commands)));
  }
  const floor = summarize(floorTrips);
  const floorLate = floorTrips.filter((us) => us > DEADLINE_US).length;

  const pm = (x: Summary) => `${num(x.p50, 0)} / ${num(x.p99, 0)} / ${num(x.max, 0)}`;
  const rate = (n: number, of: number) => `${num((1000 * n) / Math.max(1, of), 1)} per 1000`;
  ctx.log(
    `${played.length} burning turns in ${seconds.length} game(s): timeouts ${timeouts}, other missed turns ${otherMissed}`,
  );
  ctx.log(`charged, replies in time  ${line(charged, 'µs')}`);
  ctx.log(`closest call in time      ${num(closest / 1000, 3)} ms of ${DEADLINE_US / 1000} ms`);
  ctx.log(`where the time of a turn taken in time goes (µs, p50 / p99 / max):`);
  ctx.log(`  Jury's work, clock start → prompt write   ${pm(steady.preWrite)}`);
  ctx.log(`  prompt write → bot has read it            ${pm(steady.inbound)}`);
  ctx.log(`  bot: read → reply written (4 ms burn)     ${pm(steady.think)}`);
  ctx.log(`  reply written → judge's 'data' timestamp  ${pm(steady.outbound)}`);
  ctx.log(
    `floor, bare Node ⇄ C bot burning 4 ms: ${floorLate} of ${floor.n} round trips over ${DEADLINE_US / 1000} ms (${pm(floor)} µs)`,
  );
  ctx.log(`late replies: Jury ${rate(timeouts, played.length)}, floor ${rate(floorLate, floor.n)}`);
  if (timeouts > 0) {
    ctx.log(`the timeouts, from the bots' own clocks:`);
    ctx.log(`  reply written before the deadline, Jury's timestamp after it: ${causes.judgeLate}`);
    ctx.log(`  prompt read by the bot more than 1 ms after Jury wrote it:   ${causes.promptLate}`);
    ctx.log(
      `  bot preempted while thinking (its burn took ${pm(causes.preemptedThink)} µs): ${causes.preempted}`,
    );
    ctx.log(
      `  prompts the bots gave up because the judge had moved on: ${givenUp} (bots/botflit.c: a bot stopped`,
    );
    ctx.log(
      `  after its timeout writes its late reply after its next M, and Jury would take it as the answer)`,
    );
  }
  const figures: Figures = {
    game: 'flit',
    timing: 'official',
    deadlineMs: DEADLINE_US / 1000,
    burnMs: BURN_US / 1000,
    burningTurns: played.length,
    games: seconds.length,
    gameSeconds: seconds,
    timeouts,
    timeoutCauses: causes,
    promptsGivenUp: givenUp,
    otherMissedTurns: otherMissed,
    chargedInTimeMs: scaled(charged, 1000),
    closestCallMs: Math.round(closest) / 1000,
    marginMs: Math.round(DEADLINE_US - closest) / 1000,
    inTimeBreakdownUs: steady,
    floor: { roundTripUs: floor, overDeadline: floorLate },
  };
  const value = `${timeouts} timeouts, ${otherMissed} other missed turns (closest call in time ${num(closest / 1000, 3)} ms)`;
  const goal = `0 in ${played.length.toLocaleString('en')} turns burning 80% of the deadline`;
  return {
    figures,
    targets: [{ name: 'false timeouts', goal, value, pass: timeouts === 0 && otherMissed === 0 }],
  };
}

/**
 * Why each timed-out turn was late, from the bot's stamps: it had written its reply before the deadline
 * (Jury's timestamp came too late), it read its prompt more than the 1 ms margin after Jury wrote it, or
 * it read it in time but its burn took longer than that on the wall clock (it was preempted).
 */
function timeoutCauses(late: readonly TurnRow[]) {
  const judgeLate = late.filter((r) => !r.skipped && r.inbound + r.think <= DEADLINE_US);
  const promptLate = late.filter((r) => !judgeLate.includes(r) && r.inbound > DEADLINE_US - BURN_US);
  const preempted = late.filter((r) => !judgeLate.includes(r) && !promptLate.includes(r));
  return {
    judgeLate: judgeLate.length,
    promptLate: promptLate.length,
    preempted: preempted.length,
    // A bot that gave its prompt up had been stopped meanwhile: its think time includes the stop.
    preemptedThink: summarize(preempted.filter((r) => !r.skipped).map((r) => r.think)),
  };
}
