/**
 * Jury's native host for CodeCup's Caia referees: the part of caiaio a referee talks to, in TypeScript
 * (docs/caia.md; the protocol as checked against caiaio is ../shared/caia/PROTOCOL.md).
 *
 * Design. caiaio sits between a manager, one referee and up to 32 players. Here Jury is the manager: the
 * caller starts the players and the referee (confined processes, or in-memory channels in tests) and
 * passes their {@link PlayerChannel}s; the manager's commands (`I player`, `I start`, `I kill` …) are
 * that caller's own code, not text. This module is the rest, over channels and an injected clock:
 * - every line the referee writes is routed as caiaio routes it (line.ts): `k text` to player k,
 *   `M text` to the manager, `I …` a command, anything else ignored (and marked so in the transcript);
 * - commands (commands.ts): `lock` → `lock_ok`; `unlock`; `listen k` → the player's next line or a tag;
 *   `request_time k` → `time <used> <estimate>`; anything else stops the game (`referee-error`), as it
 *   stops caiaio. With no manager process to read, the lock only has to be answered and tracked;
 * - `listen` (players.ts) charges wall-clock waiting time only, against budget × time factor, through
 *   Jury's TimeKeeper (so the `cpu` mode can charge CPU time instead), with caiaio's tags and order;
 * - the first `M report <s1> … <sN> <message>` is the result; the referee then gets the grace time to
 *   send its last lines and exit, and every program is shut down;
 * - a watchdog caiaio lacks: a referee silent for `idleMs`, or a game past `watchdogMs`, ends it.
 * A player's CodeCup status is the failure behind the first tag the referee was sent, else a failure the
 * referee's report names for it (an illegal move), else OK (verdict.ts; outcome.ts maps it for Jury).
 */
import { monotonicUs, type PlayerChannel } from '../channel.ts';
import { statusWord } from '../referee/failure.ts';
import { DEFAULT_TIMING_MODE } from '../../../shared/timing/modes.ts';
import { Dialogue } from './dialogue.ts';
import { CaiaPlayers } from './players.ts';
import type { CaiaEnd, CaiaGameOptions, CaiaGameResult, CaiaPlayerResult } from './types.ts';
import { decideVerdict, readRefereeWords, type RefereeWord } from './verdict.ts';

/** Slack on top of every player's budget for the whole game's watchdog: the referee's own work. */
const WATCHDOG_SLACK_MS = 60_000;
const DEFAULT_IDLE_MS = 60_000;
const DEFAULT_GRACE_MS = 1_000;

/** A promise that resolves when `signal` aborts (never, without one), and its clean-up. */
function abortPromise(signal: AbortSignal | undefined): { promise: Promise<'aborted'>; dispose: () => void } {
  if (signal === undefined) return { promise: new Promise(() => undefined), dispose: () => undefined };
  let onAbort = (): void => undefined;
  const promise = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * Hosts one game: reads the referee until it reports (or fails), answering its commands, then shuts
 * the referee and every player down and returns what happened. Never throws because of anything a
 * program does; every way a game can end is a {@link CaiaEnd}.
 */
export async function runCaiaGame(options: CaiaGameOptions): Promise<CaiaGameResult> {
  const clock = options.clock ?? monotonicUs;
  const timeFactor = options.timeFactor ?? 1;
  const limitMs = Math.trunc(options.budgetMs * timeFactor);
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const n = options.players.length;
  const t0 = clock();
  const abort = abortPromise(options.signal);
  const players = new CaiaPlayers({
    channels: options.players,
    limitMs,
    mode: options.mode ?? DEFAULT_TIMING_MODE,
    clock,
    t0,
    suspendOthers: options.suspendOthers ?? false,
    onFailure: (player, tag, failure) => options.onEvent?.({ kind: 'failure', player, tag, failure }),
  });
  const dialogue = new Dialogue({
    referee: options.referee,
    channels: options.players,
    players,
    timeFactor,
    clock,
    t0,
    abort: abort.promise,
    onEvent: options.onEvent,
  });
  const deadline = t0 + (options.watchdogMs ?? n * limitMs + WATCHDOG_SLACK_MS) * 1000;
  const idleUs = (options.idleMs ?? DEFAULT_IDLE_MS) * 1000;

  let end: CaiaEnd | null = null;
  let reportedAt: number | null = null;
  let refereeClosed = false;
  while (end === null) {
    const now = clock();
    if (reportedAt !== null && now - reportedAt >= graceMs * 1000) break;
    const left = deadline - now;
    if (left <= 0) {
      end = { kind: 'watchdog', limit: 'total', afterUs: now - t0 };
      break;
    }
    const afterReport = reportedAt === null ? Infinity : reportedAt + graceMs * 1000 - now;
    const waitUs = Math.min(left, idleUs, afterReport);
    const read = await Promise.race([options.referee.read(waitUs), abort.promise]);
    if (read === 'aborted') {
      if (reportedAt === null) end = { kind: 'aborted' };
      break;
    } else if (read.kind === 'line') {
      const ended = await dialogue.handle(read.line);
      // Once the result is in, what the referee does next cannot change it.
      if (reportedAt === null) end = ended;
      if (reportedAt === null && dialogue.report !== null) reportedAt = clock();
      if (ended !== null && reportedAt !== null) break;
    } else if (reportedAt !== null) {
      refereeClosed = read.kind === 'closed';
      break;
    } else if (read.kind === 'closed') {
      refereeClosed = true;
      end = { kind: 'referee-exited', exit: read.exit ?? options.referee.exit };
    } else if (read.kind === 'bad-line') {
      end = {
        kind: 'referee-error',
        line: '',
        reason: `the referee wrote a line Jury cannot read (${read.detail})`,
      };
    } else {
      end = { kind: 'watchdog', limit: waitUs === left ? 'total' : 'idle', afterUs: clock() - t0 };
    }
  }
  if (end === null && dialogue.report !== null) end = { kind: 'reported', ...dialogue.report };
  abort.dispose();

  players.settleExits();
  const aborted = options.signal?.aborted === true;
  await Promise.all([
    options.referee.shutdown(aborted || (reportedAt !== null && !refereeClosed) ? 0 : graceMs),
    ...options.players.map((p) => p.shutdown(aborted ? 0 : graceMs)),
  ]);
  const final = end ?? { kind: 'aborted' };
  // Only a reported game has the referee's words; any other end leaves the tags alone to decide.
  const words =
    final.kind === 'reported'
      ? readRefereeWords(final.message, n, options.verdict)
      : options.players.map(() => null);
  return {
    end: final,
    players: options.players.map((channel, i) => playerResult(players, channel, i + 1, words[i] ?? null)),
    referee: { exit: options.referee.exit, stderr: options.referee.stderr() },
    managerLines: dialogue.managerLines,
    transcript: dialogue.transcript,
    durationUs: clock() - t0,
    limitUs: limitMs * 1000,
    timeFactor,
    lockedAtEnd: dialogue.locked,
  };
}

function playerResult(
  players: CaiaPlayers,
  channel: PlayerChannel,
  player: number,
  said: RefereeWord | null,
): CaiaPlayerResult {
  const s = players.summary(player);
  const verdict = decideVerdict(s.failure === null ? 'OK' : statusWord(s.failure), said);
  return {
    number: player,
    status: verdict.status,
    verdict,
    failure: s.failure,
    firstTag: s.firstTag,
    tags: s.tags,
    time: s.time,
    stderr: channel.stderr(),
    exit: channel.exit,
  };
}
