import type { ExitInfo, PlayerChannel, ReadResult, StderrCapture } from '../../electron/engine/channel.ts';
import { monotonicUs } from '../../electron/engine/channel.ts';
import type { Launcher, LaunchedBot, MatchBot } from '../../electron/engine/play-match.ts';
import type { ResourceLimits } from '../../electron/engine/process/limits.ts';
import type { BotSession } from '../../shared/games/sample-session.ts';

/**
 * A player channel that runs a sample bot's protocol session in memory, exactly as the sample script
 * runs it on a process's standard input and output: every line the referee sends is fed to the session,
 * its answers are the replies. A line the session cannot follow ends the player (exit code 1, the reason
 * on its standard error), as the script would exit.
 */
export class SessionChannel implements PlayerChannel {
  exited = false;
  exit: ExitInfo | null = null;
  private readonly session: BotSession;
  private readonly replies: string[] = [];
  private problem = '';

  constructor(session: BotSession) {
    this.session = session;
  }

  send(lines: readonly string[]): void {
    for (const line of lines) {
      if (this.exited) return;
      const fed = this.session.feed(line);
      if (!fed.ok) {
        this.problem = `sample bot: ${fed.error.message}\n`;
        this.end(1);
        return;
      }
      this.replies.push(...fed.value);
      if (this.session.done) this.end(0);
    }
  }

  async read(timeoutUs: number): Promise<ReadResult> {
    const line = this.replies.shift();
    if (line !== undefined) return { kind: 'line', line, atUs: monotonicUs() };
    if (this.exited) return { kind: 'closed', exit: this.exit, pending: '' };
    return new Promise((resolve) =>
      setTimeout(() => resolve({ kind: 'timeout', pending: '' }), timeoutUs / 1000),
    );
  }

  discardReceived(): number {
    return this.replies.splice(0).length;
  }
  suspend(): void {}
  resume(): void {}
  cpuUs(): number {
    return 0;
  }
  async shutdown(): Promise<ExitInfo | null> {
    this.end(0);
    return this.exit;
  }
  stderr(): StderrCapture {
    return { shown: this.problem, full: this.problem, truncated: false, bytes: this.problem.length };
  }

  private end(code: number): void {
    if (this.exited) return;
    this.exited = true;
    this.exit = { code, signal: null };
  }
}

/**
 * A launcher that starts every bot as a {@link SessionChannel}: `sessionFor` makes the session of a
 * bot (by its command line) for one game. No process is started and no limit applied.
 */
export function sessionLauncher(sessionFor: (bot: MatchBot) => BotSession): Launcher {
  return {
    async launch(bot: MatchBot, limits: ResourceLimits): Promise<LaunchedBot> {
      return {
        channel: new SessionChannel(sessionFor(bot)),
        executableHash: null,
        limits: { requested: limits, applied: [], notApplied: [], containment: 'process-group' },
      };
    },
  };
}
