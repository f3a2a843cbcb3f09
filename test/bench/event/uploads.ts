import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { heading, num, round3 } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import type { ContestantsData, ContestantsReport } from './contestants.ts';
import { EventApi, settled } from './event-api.ts';
import { createEvent, serveEvent, type ServingEvent } from './event-setup.ts';
import { finalistArchive } from './programs.ts';

/** Flit's official per-move deadline (shared/games/flit: 50 ms); the finalists burn 4/5 of it, as serve's. */
const DEADLINE_MS = 50;
const BURN_US = 40_000;
/** Moves each finalist thinks for per game; then it passes at once (the game ends soon after). */
const MOVES = 40;
const FINALISTS = 4;
const CONTESTANTS = 30;
const SEED = 26;

type Mode = 'alone' | 'contestants';
const LABEL: Record<Mode, string> = {
  alone: 'no contestants',
  contestants: `${CONTESTANTS} contestants uploading and browsing`,
};

interface Tally {
  competitions: number;
  games: number;
  turns: number;
  late: number;
  otherMissed: number;
  seconds: number;
  builds: number;
  loopP99Ms: number[];
  loopMaxMs: number[];
  mainCpuMs: number[];
  reports: ContestantsReport[];
}

/**
 * Allowed above the rate without contestants, per 1000 turns: the serve section's rule (spectators.ts),
 * the noise of the two counts (twice the standard error of the difference of two binomial rates), at
 * least 1.
 */
function margin(a: Tally, b: Tally): number {
  const p = (a.late + b.late) / Math.max(1, a.turns + b.turns);
  const se = Math.sqrt(p * (1 - p) * (1 / Math.max(1, a.turns) + 1 / Math.max(1, b.turns)));
  return Math.max(1, 2000 * se);
}

/**
 * The event section's part (issue 26: "uploads and test competitions never delay the judge's moves").
 * A fresh Flit event (official timing: 50 ms a move) made with the real CLI, worked by a real `jury
 * serve --event` (serve-child.ts); 4 finalists upload the benchmark's Flit bot (burning 40 ms of CPU
 * on each of its first 40 moves) as a .tar.gz that the event builds and smoke-tests. Then, in turns,
 * test competitions (the final cannot play while uploads are open: it needs the lock, and the lock
 * refuses uploads; a test competition plays the same programs with the final's timing and limits) with
 * nobody else (the floor) and with 30 contestants (contestants.ts) uploading and browsing meanwhile.
 * Target: late turns per 1000 with contestants ≤ the rate without + the noise of the two counts.
 */
export async function measureUploads(ctx: BenchContext, rounds: number): Promise<PartResult> {
  ctx.log(
    heading(`event: late turns of a test competition while ${CONTESTANTS} contestants upload and browse`),
  );
  const names = [
    ...Array.from({ length: FINALISTS }, (_, i) => `Finalist ${i + 1}`),
    ...Array.from({ length: CONTESTANTS }, (_, i) => `Contestant ${i + 1}`),
  ];
  const event = createEvent({ name: 'Bench day', game: 'flit', timing: { mode: 'official' } }, names);
  let serving: ServingEvent | null = null;
  let worker: Worker | null = null;
  try {
    serving = await serveEvent(event);
    const api = new EventApi(serving.url, serving.token);
    const sessions = new Map<string, string>();
    for (const [name, code] of event.codes) sessions.set(name, await api.signIn(code));
    const t0 = performance.now();
    for (let i = 1; i <= FINALISTS; i++)
      await api.upload(sessions.get(`Finalist ${i}`) as string, finalistArchive(BURN_US, MOVES));
    const finalists = await drain(api, 300_000);
    const broken = finalists.filter((s) => s.status.state !== 'working');
    if (broken.length > 0)
      throw new Error(`a finalist's bot is not working: ${JSON.stringify(broken[0]?.status)}`);
    ctx.log(
      `event made with jury event create/add-contestants; jury serve --event at ${serving.url}; ` +
        `${FINALISTS} finalists built and smoke-tested in ${num((performance.now() - t0) / 1000, 1)} s`,
    );
    ctx.log(
      'measured: test competitions (the final needs the lock, which refuses uploads; a test plays the same ' +
        "programs with the final's timing and limits)",
    );
    const data: ContestantsData = {
      url: serving.url,
      sessions: names.slice(FINALISTS).map((n) => sessions.get(n) as string),
      seed: SEED,
    };
    worker = new Worker(new URL('./contestants.ts', import.meta.url), { workerData: data });
    const failed = new Promise<never>((_, reject) => worker?.once('error', reject));
    failed.catch(() => undefined);
    await Promise.race([new Promise((resolve) => worker?.once('message', resolve)), failed]);
    const crowd = { worker, failed };
    // One competition first, not counted: the first one of a `jury serve` starts cold.
    await competition(ctx, api, serving, crowd, 'alone', tally(), 'warm-up, ');
    const tallies: Record<Mode, Tally> = { alone: tally(), contestants: tally() };
    // ABBA: drift of the machine falls on both sides.
    for (let round = 0; round < rounds; round++) {
      const order: Mode[] = round % 2 === 0 ? ['contestants', 'alone'] : ['alone', 'contestants'];
      for (const mode of order) await competition(ctx, api, serving, crowd, mode, tallies[mode]);
    }
    return results(ctx, tallies);
  } finally {
    await worker?.terminate();
    await serving?.stop();
    rmSync(event.root, { recursive: true, force: true });
  }
}

/** Waits until no version is being built or tested; answers every version. */
async function drain(
  api: EventApi,
  timeoutMs: number,
): Promise<Awaited<ReturnType<EventApi['submissions']>>> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const all = await api.submissions();
    if (all.every(settled)) return all;
    if (performance.now() > until) throw new Error('builds still under way after the wait');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One test competition, with the contestants at work during it or not, tallied into `t`. */
async function competition(
  ctx: BenchContext,
  api: EventApi,
  serving: ServingEvent,
  crowd: { readonly worker: Worker; readonly failed: Promise<never> },
  mode: Mode,
  t: Tally,
  label = '',
): Promise<void> {
  const t0 = performance.now();
  await serving.mainThread();
  const settledBefore = (await api.submissions()).filter(settled).length;
  const playing = api.runTest();
  let report: Promise<ContestantsReport> | null = null;
  if (mode === 'contestants') {
    // Once the competition has begun (it waits for the builds under way first), the contestants start.
    while (!(await api.competitions()).some((c) => c.state === 'running'))
      await new Promise((resolve) => setTimeout(resolve, 100));
    crowd.worker.postMessage('go');
  }
  const played = await playing;
  if (mode === 'contestants') {
    report = Promise.race([
      new Promise<ContestantsReport>((resolve) => crowd.worker.once('message', resolve)),
      crowd.failed,
    ]);
    crowd.worker.postMessage('stop');
  }
  const main = await serving.mainThread();
  t.seconds += (performance.now() - t0) / 1000;
  t.builds += (await api.submissions()).filter(settled).length - settledBefore;
  if (report) t.reports.push(await report);
  if (played.state !== 'done')
    throw new Error(`the test competition ended ${played.state}: ${JSON.stringify(played)}`);
  const records = await api.records(played.id);
  for (const record of records) count(record, t);
  const failed = records.flatMap((r) => r.seats.filter((s) => s.status !== 'OK'));
  if (failed.length > 0)
    ctx.log(
      `    ${failed.length} seats did not end OK: ${JSON.stringify(failed[0]?.failure ?? failed[0]?.status)}`,
    );
  t.competitions++;
  t.loopP99Ms.push(main.p99Ms);
  t.loopMaxMs.push(main.maxMs);
  t.mainCpuMs.push(main.cpuMs);
  const r = t.reports.at(-1);
  ctx.log(
    `    a test competition, ${label}${LABEL[mode]}: ${records.length} games, ${num((performance.now() - t0) / 1000, 1)} s; ` +
      `main thread's loop delay p99 ${num(main.p99Ms, 1)} ms, max ${num(main.maxMs, 1)} ms` +
      (mode === 'contestants' && r
        ? `; ${r.accepted} uploads accepted, ${Object.values(r.refused).reduce((a, b) => a + b, 0)} refused, ${r.browseMs.length} reads`
        : ''),
  );
  if (mode === 'contestants') {
    // The builds still queued end before the next competition: the floor must have none.
    await drain(api, 300_000);
  }
}

function count(record: GameRecord, t: Tally): void {
  t.games++;
  for (let seat = 0; seat < record.seats.length; seat++) {
    // The first move includes the program's start; after MOVES the bot passes at once.
    const turns = record.moves.filter((m) => m.seat === seat).slice(1, MOVES);
    t.turns += turns.length;
    for (const m of turns) {
      if (m.cause === 'timeout') t.late++;
      else if (m.by === 'missed') t.otherMissed++;
    }
  }
}

function results(ctx: BenchContext, tallies: Record<Mode, Tally>): PartResult {
  const per1000 = (t: Tally): number => (1000 * t.late) / Math.max(1, t.turns);
  const c = tallies.contestants;
  const all = c.reports;
  const browse = summarize(all.flatMap((r) => r.browseMs));
  const answers = summarize(all.flatMap((r) => [...r.browseMs, ...r.acceptedMs, ...r.refusedMs]));
  const uploads = summarize(all.flatMap((r) => r.acceptedMs));
  const refusedMs = summarize(all.flatMap((r) => r.refusedMs));
  const seconds = all.reduce((a, r) => a + r.seconds, 0);
  const accepted = all.reduce((a, r) => a + r.accepted, 0);
  const refused: Record<string, number> = {};
  for (const r of all) for (const [k, v] of Object.entries(r.refused)) refused[k] = (refused[k] ?? 0) + v;
  const refusedCount = Object.values(refused).reduce((a, b) => a + b, 0);
  const unexpected = all.flatMap((r) => r.unexpected);
  const figures: Record<string, Figures> = {};
  for (const mode of ['alone', 'contestants'] as const) {
    const t = tallies[mode];
    ctx.log(
      `  ${LABEL[mode].padEnd(42)} ${String(t.late).padStart(4)} late in ${t.turns} turns (${num(per1000(t), 2)} per 1000), ` +
        `other missed ${t.otherMissed}; main thread's loop delay p99 ≤ ${num(Math.max(...t.loopP99Ms), 1)} ms, ` +
        `max ${num(Math.max(...t.loopMaxMs), 1)} ms`,
    );
    figures[mode] = {
      competitions: t.competitions,
      games: t.games,
      turns: t.turns,
      late: t.late,
      per1000: round3(per1000(t)),
      otherMissedTurns: t.otherMissed,
      seconds: round3(t.seconds),
      buildsCompleted: t.builds,
      loopDelayP99Ms: t.loopP99Ms.map(round3),
      loopDelayMaxMs: t.loopMaxMs.map(round3),
      mainThreadCpuMs: t.mainCpuMs.map(round3),
    };
  }
  ctx.log(
    `  contestants: ${accepted} uploads accepted and ${refusedCount} refused (${JSON.stringify(refused)}) in ${num(seconds, 0)} s ` +
      `(${num((accepted + refusedCount) / Math.max(1, seconds), 2)} uploads/s), ${c.builds} builds completed during the games; ` +
      `answers p95 ${num(p95(all.flatMap((r) => [...r.browseMs, ...r.acceptedMs, ...r.refusedMs])), 0)} ms ` +
      `(reads ${num(p95(all.flatMap((r) => r.browseMs)), 0)}, accepted uploads ${num(p95(all.flatMap((r) => r.acceptedMs)), 0)}, ` +
      `refused ${num(p95(all.flatMap((r) => r.refusedMs)), 0)} ms)` +
      (unexpected.length > 0 ? `; UNEXPECTED: ${unexpected.slice(0, 5).join(' | ')}` : ''),
  );
  const floor = per1000(tallies.alone);
  const measured = per1000(c);
  const allowed = margin(c, tallies.alone);
  const rate: Target = {
    name: `late turns per 1000, Flit official 40 of ${DEADLINE_MS} ms, ${LABEL.contestants}`,
    measured: round3(measured),
    floor: round3(floor),
    unit: 'per 1000',
    ratio: floor > 0 ? Math.round((measured / floor) * 100) / 100 : null,
    goal: `≤ floor + ${num(allowed, 1)} (noise)`,
    pass: measured <= floor + allowed && c.otherMissed === 0 && unexpected.length === 0,
    note: `${c.late} in ${c.turns} turns; floor: the same test competition without contestants, ${tallies.alone.late} in ${tallies.alone.turns}`,
  };
  const answerP95 = p95(all.flatMap((r) => [...r.browseMs, ...r.acceptedMs, ...r.refusedMs]));
  const info: Target = {
    name: "contestants' HTTP answers p95 (reads, uploads)",
    measured: round3(answerP95),
    floor: null,
    unit: 'ms',
    ratio: null,
    goal: 'none',
    pass: null,
    note: `${answers.n} answers; ${accepted + refusedCount} uploads in ${num(seconds, 0)} s, ${c.builds} builds completed`,
  };
  return {
    figures: {
      deadlineMs: DEADLINE_MS,
      burnMs: BURN_US / 1000,
      movesPerBot: MOVES,
      contestants: CONTESTANTS,
      ...figures,
      uploads: {
        accepted,
        refused,
        seconds: round3(seconds),
        perSecond: round3((accepted + refusedCount) / Math.max(1, seconds)),
        answersP95Ms: round3(answerP95),
        readsP95Ms: round3(p95(all.flatMap((r) => r.browseMs))),
        acceptedP95Ms: round3(p95(all.flatMap((r) => r.acceptedMs))),
        refusedP95Ms: round3(p95(all.flatMap((r) => r.refusedMs))),
        reads: browse.n,
        acceptedMaxMs: round3(uploads.max),
        refusedMaxMs: round3(refusedMs.max),
        unexpected,
      },
    },
    targets: [rate, info],
  };
}

function p95(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? NaN;
}

const tally = (): Tally => ({
  competitions: 0,
  games: 0,
  turns: 0,
  late: 0,
  otherMissed: 0,
  seconds: 0,
  builds: 0,
  loopP99Ms: [],
  loopMaxMs: [],
  mainCpuMs: [],
  reports: [],
});
