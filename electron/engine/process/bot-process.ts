import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { CpuSource, ExitInfo, PlayerChannel, ReadResult, StderrCapture } from '../channel.ts';
import { monotonicUs } from '../channel.ts';
import { BotTree } from './bot-tree.ts';
import type { CgroupControl } from './cgroup-control.ts';
import { findExecutable } from './executables.ts';
import { startProblem, type LaunchSpec } from './launch.ts';
import { DEFAULT_LIMITS, planLaunch, YIELD_NICE, type LimitsReport, type ResourceLimits } from './limits.ts';
import { lowerPriority } from './priority.ts';
import { Inbox } from './inbox.ts';
import { LineFramer } from './line-framer.ts';
import { fdTarget, hasChildren, holdsTarget, pidsWithEnvEntry } from './proc.ts';
import { sandboxCapabilities, type SandboxCapabilities } from './sandbox.ts';
import { prepareSandbox, type PreparedSandbox } from './sandbox-setup.ts';
import { untilWaiting, wrapperNames } from './ready.ts';
import { decodeExit, register, signalGroup, signalProcess, unregister, type Killable } from './signals.ts';
import { StderrCollector } from './stderr-collector.ts';
import { feedFilter, stdioWithFilter } from './seccomp.ts';

/** Options of {@link startBot}; every one has a default. */
export interface BotProcessOptions {
  /** Default {@link DEFAULT_LIMITS}. */
  readonly limits?: ResourceLimits;
  /** What the machine offers; default: probed once ({@link sandboxCapabilities}). Tests pass variants. */
  readonly sandbox?: SandboxCapabilities;
  /** Longest reply line in bytes, without its newline (default 64 KiB). */
  readonly maxLineBytes?: number;
  /** Standard error: the shown prefix (default 10,000 chars) and the full log's cap (default 1 MiB). */
  readonly stderrShownChars?: number;
  readonly stderrFullBytes?: number;
  /** Unread output beyond which Jury stops reading stdout, so the bot blocks (default 4 MiB). */
  readonly maxQueuedBytes?: number;
  /** The cores to pin the bot to (its game's own), or null/absent for no pinning. */
  readonly cpus?: readonly number[] | null;
}

/** The environment variable that marks every process a bot starts, so that cleanup can find them all. */
export const BOT_MARKER_VAR = 'JURY_BOT_ID';
/** After stdout closes, how long a read waits to learn the exit status. */
const EXIT_AFTER_CLOSE_MS = 1000;
/** After the exit, how long output may still drain before it counts as closed. */
const OUTPUT_AFTER_EXIT_MS = 100;
const STREAMS_DRAIN_MS = 250;

/**
 * Starts a bot under its limits and returns its channel. Never throws: when the bot cannot be started
 * (missing program, bad working directory), the channel is closed at once, {@link BotProcess.startError}
 * says why, and so does its standard error. The caller must call {@link BotProcess.shutdown} when done.
 */
export function startBot(launch: LaunchSpec, options: BotProcessOptions = {}): BotProcess {
  return new BotProcess(launch, options);
}

/**
 * A bot process as a {@link PlayerChannel}: the one place in Jury where bots are spawned. The process
 * gets its own process group (and, on Linux where possible, its own PID namespace), stdout framed in
 * lines timed when their newline arrives, stderr drained continuously, and a shutdown after which no
 * process it started survives. Writing to a dead bot is ignored.
 */
export class BotProcess implements PlayerChannel, Killable {
  /** The full command line spawned (wrappers included), for the game record. */
  readonly command: readonly string[];
  /** The limits applied and not applied. */
  readonly limits: LimitsReport;

  private readonly child: ChildProcessWithoutNullStreams | null = null;
  private readonly marker: string;
  private readonly sandbox: PreparedSandbox | null;
  private readonly confined: boolean;
  private sawOutput = false;
  private readonly viaReaper: boolean;
  /** The bot leads a process group of its own (see {@link BotProcess.signalBot}). */
  private readonly ownGroup: boolean;
  /** The wrappers' group was stopped because the bot's own group could not be signalled yet. */
  private wrappersStopped = false;
  private readonly framer: LineFramer;
  private readonly errors: StderrCollector;
  private readonly inbox: Inbox;
  private readonly tree: BotTree | null = null;
  /**
   * The bot's cgroup clock and freezer once opened (null: none; undefined: not yet, as systemd's scope
   * is known only once the bot runs). See {@link BotProcess.wholeBot}.
   */
  private cgroupControl: CgroupControl | null | undefined = undefined;
  private frozen = false;
  /** The cgroup's CPU clock could be read when it was opened: it is the bot's clock. */
  private cgroupClock = false;
  /** The names of the programs it is started through (see {@link BotProcess.waitingForInput}). */
  private readonly wrappers: ReadonlySet<string>;
  private stdinOpen = false;
  /** The descriptor of the bot's stdin pipe, for {@link BotProcess.writeDirect}; -1 where unknown. */
  private stdinFd = -1;
  private pipeId: string | null = null;
  private exitInfo: ExitInfo | null = null;
  private hasExited = false;
  private exitWaiters: (() => void)[] = [];
  private suspended = false;
  private gaveWay = false;
  private ending: Promise<ExitInfo | null> | null = null;
  private failure: string | null = null;
  private streamsClosed = false;

  /** Use {@link startBot}. */
  constructor(launch: LaunchSpec, options: BotProcessOptions) {
    this.framer = new LineFramer(options.maxLineBytes ?? 64 * 1024);
    this.errors = new StderrCollector(options.stderrShownChars, options.stderrFullBytes);
    this.inbox = new Inbox({
      maxQueuedBytes: options.maxQueuedBytes ?? 4 * 1024 * 1024,
      pause: () => this.child?.stdout.pause(),
      resume: () => this.child?.stdout.resume(),
      pending: () => this.framer.pendingText(),
      closedResult: () => this.closedResult(),
      outputGone: () => this.outputGone(),
    });
    this.marker = `${BOT_MARKER_VAR}=${randomUUID()}`;
    const caps = options.sandbox ?? sandboxCapabilities();
    this.wrappers = wrapperNames(caps);
    const limits = options.limits ?? DEFAULT_LIMITS;
    const env: Record<string, string | undefined> = { ...process.env, ...launch.env };
    const exe = findExecutable(launch.executable, launch.cwd, env);
    const problem = startProblem(launch, exe);
    const markerValue = this.marker.slice(BOT_MARKER_VAR.length + 1);
    this.sandbox =
      problem === null && exe !== null && caps.platform === 'linux'
        ? prepareSandbox(
            {
              exe,
              named: !launch.executable.includes('/'),
              args: launch.args,
              cwd: launch.cwd,
              folder: launch.folder === undefined ? launch.cwd : launch.folder,
              paths: launch.paths ?? [],
              hidden: launch.hidden ?? [],
              keepsFiles: launch.keepsFiles === true,
              seccomp: true,
              env: { ...launch.env, [BOT_MARKER_VAR]: markerValue },
              hostEnv: env,
              limits,
              cpus: options.cpus ?? null,
            },
            caps,
          )
        : null;
    const plan = planLaunch(
      this.sandbox?.executable ?? exe ?? launch.executable,
      launch.args,
      limits,
      caps,
      this.sandbox?.setup,
    );
    this.command = [plan.command, ...plan.args];
    this.limits = plan.report;
    this.viaReaper = plan.exitViaReaper;
    this.ownGroup = plan.ownGroup;
    this.confined = this.sandbox?.setup.confinement != null;
    if (problem ?? this.sandbox?.problem) {
      this.fail((problem ?? this.sandbox?.problem) as string);
      return;
    }
    env[BOT_MARKER_VAR] = markerValue;
    const seccomp = this.sandbox?.setup.confinement?.seccomp ?? null;
    try {
      this.child = spawn(plan.command, plan.args, {
        cwd: launch.cwd,
        // Confined, the wrappers get only the bot's own environment: bwrap's init stays in the bot's
        // namespace, and its /proc/1/environ must not show Jury's variables.
        env: this.sandbox?.setup.confinement?.env ?? env,
        detached: true, // its own process group (setsid), so suspend and kill reach all of it
        // bwrap reads its seccomp filter from the fourth (SECCOMP_FD, see confine.ts).
        stdio: stdioWithFilter(['pipe', 'pipe', 'pipe'], seccomp),
        windowsHide: true,
      }) as ChildProcessWithoutNullStreams;
    } catch (e) {
      this.fail(`cannot start ${launch.executable}: ${String(e)}`);
      return;
    }
    const child = this.child;
    if (child.pid === undefined) {
      // Spawning failed; the 'error' event says why (E2BIG, EACCES …).
      child.once('error', (e) => this.fail(`cannot start ${launch.executable}: ${e.message}`));
      return;
    }
    if (seccomp) feedFilter(child, seccomp);
    this.stdinOpen = true;
    this.stdinFd = pipeFd(child.stdin);
    // Its wrappers (bubblewrap's set-up and teardown above all) give way too, from the start: they run in
    // a session of their own, at the interface's weight otherwise. The bot's own session follows once
    // it runs (giveWay).
    if (limits.yieldCpu === true) lowerPriority(child.pid, YIELD_NICE);
    this.tree = new BotTree(child.pid, plan.depth);
    const cgroup = this.sandbox?.cgroup ?? null;
    // systemd's scope is known only once the bot runs in it (see wholeBot).
    this.cgroupControl =
      cgroup === null ? null : cgroup.procsFile === null ? undefined : cgroup.control(null);
    this.cgroupClock = this.cgroupControl?.canRead === true;
    this.pipeId = readPipeId(child.pid);
    child.on('error', () => undefined); // later errors are failed kills; the exit event tells the rest
    child.stdin.on('error', () => (this.stdinOpen = false)); // EPIPE: the bot is gone or closed stdin
    child.stdout.on('error', () => undefined);
    child.stderr.on('error', () => undefined);
    // The arrival time is taken first thing, before any framing work: it is what the bot is charged.
    child.stdout.on('data', (chunk: Buffer) => {
      this.framer.push(chunk, monotonicUs(), this.inbox.accept);
      // A host that never asks whether it waits (a referee package's) learns it runs from its first line.
      if (!this.sawOutput) this.giveWay();
      this.sawOutput = true;
    });
    child.stdout.on('end', () => this.inbox.close());
    child.stderr.on('data', (chunk: Buffer) => this.errors.push(chunk));
    child.on('exit', (code, signal) => this.onExit(code, signal));
    child.once('close', () => (this.streamsClosed = true));
    register(this);
  }

  /** The process Jury spawned (a wrapper when limits apply), or null when nothing was spawned. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The bot's own process id as seen from Jury once found, else null. */
  get botPid(): number | null {
    return this.tree?.botPid ?? null;
  }

  /** The bot's PID namespace ("pid:[N]") when it runs in one. */
  get pidNamespace(): string | null {
    return this.tree?.pidNamespace ?? null;
  }

  /** Why the bot could not be started, or null when it was. */
  get startError(): string | null {
    return this.failure;
  }

  get exited(): boolean {
    return this.hasExited;
  }

  get exit(): ExitInfo | null {
    return this.exitInfo;
  }

  send(lines: readonly string[]): void {
    if (!this.stdinOpen || !this.child || lines.length === 0) return;
    const text = lines.length === 1 ? `${lines[0] ?? ''}\n` : `${lines.join('\n')}\n`;
    const stdin = this.child.stdin;
    // Only while the stream holds its descriptor open (destroyed, it closed it: the number may be reused).
    if (this.stdinFd >= 0 && stdin.writableLength === 0 && !stdin.destroyed) this.writeDirect(text);
    else stdin.write(text);
  }

  /**
   * Writes `text` to the bot's stdin with one write(2) on the pipe's descriptor, without the stream's
   * machinery (a write request and a callback on the next tick for every prompt). The pipe is
   * non-blocking: what does not fit now (a bot that does not read) goes through the stream, which waits
   * for room, and so does everything after it until the stream has written it all (the order is kept).
   */
  private writeDirect(text: string): void {
    let written: number;
    try {
      written = writeSync(this.stdinFd, text);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') this.child?.stdin.write(text);
      else this.stdinOpen = false; // EPIPE: the bot is gone or closed stdin
      return;
    }
    const bytes = Buffer.byteLength(text);
    if (written < bytes) this.child?.stdin.write(Buffer.from(text).subarray(written));
  }

  /** See {@link PlayerChannel.read}. A second read while one is outstanding is a caller bug: it rejects. */
  read(timeoutUs: number): Promise<ReadResult> {
    return this.inbox.read(timeoutUs);
  }

  discardReceived(): number {
    return this.inbox.discard();
  }

  /**
   * Stops every process of the bot: its cgroup's freezer where there is one (which holds what left its
   * process group too: a setsid'd or double-forked child), else SIGSTOP (see {@link BotProcess.signalBot}).
   */
  suspend(): void {
    if (this.suspended || !this.child?.pid || this.hasExited) return;
    const control = this.wholeBot();
    this.frozen = control?.canFreeze === true && control.freeze();
    this.suspended = this.frozen || this.signalBot('SIGSTOP');
  }

  resume(): void {
    if (!this.suspended || !this.child?.pid) return;
    this.suspended = false;
    if (this.frozen) {
      this.frozen = false;
      this.cgroupControl?.thaw();
    } else if (!this.hasExited) this.signalBot('SIGCONT');
  }

  /**
   * The CPU time of the whole bot where its cgroup counts it (every process it started, ended ones
   * included), else of its own process (see {@link BotProcess.cpuSource}).
   */
  cpuUs(knownThreads = false): number {
    const control = this.wholeBot();
    // Once closed, the cgroup's clock keeps its last reading: one source for the whole game.
    if (control !== null && this.cgroupClock) return control.cpuUs();
    return this.tree?.cpuUs(knownThreads) ?? 0;
  }

  cpuSource(): CpuSource {
    this.wholeBot();
    return this.cgroupClock ? 'cgroup' : 'process';
  }

  writableFolder(): { readonly host: string; readonly inside: string } | null {
    const c = this.sandbox?.setup.confinement;
    return c && c.workdir !== null ? { host: c.workdir, inside: c.mountAt } : null;
  }

  waitingForInput(timeoutMs: number): Promise<void> {
    const tree = this.tree;
    if (tree === null) return Promise.resolve();
    const ended = () => this.hasExited || this.ending !== null;
    return untilWaiting(tree, this.wrappers, ended, timeoutMs).then(() => this.giveWay());
  }

  /** Once the bot runs its own program: lowers its priority where its limits ask (yieldCpu). */
  private giveWay(): void {
    const bot = this.botPid;
    if (this.limits.requested.yieldCpu !== true || this.gaveWay || bot === null || this.hasExited) return;
    this.gaveWay = true;
    lowerPriority(bot, YIELD_NICE);
  }

  startedChildren(): boolean {
    // A cgroup's clock counts what its children use: keeping one is then no reason to stop the bot.
    if (this.cpuSource() === 'cgroup') return false;
    const bot = this.botPid;
    return bot !== null && hasChildren(bot) === true;
  }

  stderr(): StderrCapture {
    return this.errors.capture();
  }

  shutdown(graceMs: number): Promise<ExitInfo | null> {
    this.ending ??= this.end(graceMs);
    return this.ending;
  }

  /** Kills the bot and everything it started now, synchronously (Jury is exiting). */
  killNow(): void {
    // A frozen process of a v1 cgroup dies only once thawed.
    if (this.frozen) this.cgroupControl?.thaw();
    // Only while the spawned process is unreaped is its pid, hence the group id, surely still ours.
    if (this.child?.pid && !this.hasExited) signalGroup(this.child.pid, 'SIGKILL');
    if (this.limits.containment === 'process-group') {
      for (const pid of pidsWithEnvEntry(this.marker)) signalProcess(pid, 'SIGKILL');
    }
  }

  private async end(graceMs: number): Promise<ExitInfo | null> {
    const child = this.child;
    if (child) {
      this.resume(); // a stopped bot cannot notice that its input closed
      if (this.stdinOpen) child.stdin.end();
      this.stdinOpen = false;
      if (!this.hasExited) await this.waitExit(graceMs);
      this.killNow();
      if (!this.hasExited) await this.waitExit(5000);
      if (this.limits.containment === 'process-group') await this.sweepMarked();
      this.tree?.stop();
      this.cgroupControl?.close();
      await this.sandbox?.release();
      // Let the last output drain; then let go of the pipes even if some stray process holds them
      // (one that escaped every cleanup), so that they never keep Jury's event loop alive.
      if (!this.streamsClosed) {
        await Promise.race([new Promise((r) => child.once('close', r)), delay(STREAMS_DRAIN_MS)]);
      }
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
    }
    if (!child) await this.sandbox?.release();
    unregister(this);
    this.inbox.abort({ kind: 'closed', exit: this.exitInfo, pending: this.framer.pendingText() });
    return this.exitInfo;
  }

  /**
   * Suspends or resumes the bot and everything it started. Where it leads a group of its own (started
   * through setsid in its namespace) only that group is signalled: the wrappers above it are idle, and
   * every process a signal reaches must wake up to stop or to go on, which costs the judge's hot path.
   * Until the bot is found and has left the wrappers' group (setsid is its last step before it starts),
   * the wrappers' group is stopped instead, which holds it or the wrapper that is to start it; that
   * group is then resumed with it.
   */
  private signalBot(signal: 'SIGSTOP' | 'SIGCONT'): boolean {
    const spawned = this.child?.pid;
    if (spawned === undefined) return false;
    if (!this.ownGroup) return signalGroup(spawned, signal);
    if (signal === 'SIGCONT' && this.wrappersStopped) {
      this.wrappersStopped = false;
      signalGroup(spawned, signal);
    }
    const bot = this.tree?.find() ?? null;
    // kill(-bot) fails until the bot leads its group; then the wrappers' group still holds it.
    if (bot !== null && signalGroup(bot, signal)) return true;
    if (signal === 'SIGCONT') return true;
    this.wrappersStopped = signalGroup(spawned, signal);
    return this.wrappersStopped;
  }

  /**
   * The bot's cgroup clock and freezer, opened once: at the start, or (systemd's scope, whose folder is
   * known only once the bot runs in it) as soon as the bot is found; null where there is none.
   */
  private wholeBot(): CgroupControl | null {
    if (this.cgroupControl !== undefined) return this.cgroupControl;
    const cgroup = this.sandbox?.cgroup;
    if (!cgroup) return (this.cgroupControl = null);
    const bot = this.tree?.botPid ?? null;
    if (bot === null) return null;
    this.cgroupControl = cgroup.control(bot);
    this.cgroupClock = this.cgroupControl?.canRead === true;
    return this.cgroupControl;
  }

  /** Without a namespace, daemons that left the group are found by their marker; repeat to beat forks. */
  private async sweepMarked(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      const pids = pidsWithEnvEntry(this.marker);
      if (pids.length === 0) return;
      for (const pid of pids) signalProcess(pid, 'SIGKILL');
      await delay(10);
    }
  }

  private async closedResult(): Promise<ReadResult> {
    if (!this.hasExited) await this.waitExit(EXIT_AFTER_CLOSE_MS);
    return { kind: 'closed', exit: this.exitInfo, pending: this.framer.pendingText() };
  }

  /**
   * Whether the bot no longer holds its stdout. A bot that closes stdout but keeps running gives no end
   * of file, because the wrappers (unshare, timeout) hold the same pipe: /proc tells instead.
   */
  private outputGone(): boolean {
    const bot = this.botPid;
    // Read again when the first try met the wrapper in the middle of an exec (its fds are then hidden).
    if (this.pipeId === null && this.child?.pid !== undefined) this.pipeId = readPipeId(this.child.pid);
    return this.pipeId !== null && bot !== null && holdsTarget(bot, this.pipeId) === false;
  }

  private onExit(code: number | null, signal: string | null): void {
    this.exitInfo = this.explainExit(decodeExit(code, signal, this.viaReaper));
    this.hasExited = true;
    this.stdinOpen = false;
    for (const wake of this.exitWaiters) wake();
    this.exitWaiters = [];
    // Children that inherited stdout can keep it open after the bot died: do not wait for them.
    setTimeout(() => this.inbox.close(), OUTPUT_AFTER_EXIT_MS).unref();
  }

  /**
   * Says why the bot ended where Jury knows more than the exit status: the kernel killed it at its memory
   * cap (the cgroup counted an OOM kill), or a wrapper could not start it (bwrap, setpriv, prlimit or
   * taskset printed its own error and exit code 1 before the bot wrote a byte).
   */
  private explainExit(exit: ExitInfo): ExitInfo {
    const cap = this.limits.requested.memoryMiB;
    if (cap !== null && (this.sandbox?.cgroup?.oomKills() ?? 0) > 0) return { ...exit, memoryCapMiB: cap };
    if (exit.code === 1 && !this.sawOutput) {
      const first = this.errors.capture().full.split('\n')[0] ?? '';
      const m = /^(bwrap|setpriv|prlimit|taskset|unshare|nice): (.+)$/.exec(first);
      if (m) {
        const where = this.confined ? ' inside the sandbox' : '';
        return { ...exit, startError: `${m[1]} could not start it${where}: ${m[2]}` };
      }
    }
    return exit;
  }

  private waitExit(ms: number): Promise<void> {
    if (this.hasExited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private fail(message: string): void {
    this.failure = message;
    this.exitInfo = { code: null, signal: null, startError: message };
    this.hasExited = true;
    this.errors.note(message);
    this.inbox.close();
  }
}

/**
 * The identity of the bot's end of the stdout channel ("socket:[N]": libuv's stdio pipes are socket
 * pairs), read from the spawned process, which is a wrapper that never closes it; or null.
 */
function readPipeId(pid: number): string | null {
  const t = fdTarget(pid, 1);
  return t !== null && (t.startsWith('socket:') || t.startsWith('pipe:')) ? t : null;
}

/**
 * The descriptor of a child's pipe stream on Unix, or -1 (Windows, or a Node without it). Node exposes it
 * only on the stream's handle (the `fd` of its libuv pipe), which is not public API: hence the checks.
 */
function pipeFd(stream: Writable): number {
  if (process.platform === 'win32') return -1;
  const fd = (stream as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && Number.isInteger(fd) && fd >= 0 ? fd : -1;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
