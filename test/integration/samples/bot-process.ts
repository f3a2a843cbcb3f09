import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { LineSplitter } from '../../../electron/engine/bots/samples/lines.ts';

/** How a bot process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * A sample bot run as a real process, for the tests only (in Jury itself only electron/engine/process/
 * spawns). Lines written to standard output are queued as they arrive; standard error is kept.
 */
export class BotProcess {
  /** Everything the bot wrote to standard error. */
  stderr = '';
  /** Resolves when the process has exited. */
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly received: string[] = [];
  private waiter: (() => void) | null = null;
  private outputClosed = false;

  /** Starts `node ...command ...args` (a command such as the sample script and a sample id). */
  constructor(command: readonly string[], args: readonly string[] = []) {
    this.child = spawn(process.execPath, [...command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const splitter = new LineSplitter();
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.received.push(...splitter.push(chunk));
      this.wake();
    });
    this.child.stdout.on('end', () => {
      this.received.push(...splitter.end());
      this.outputClosed = true;
      this.wake();
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    // A bot that exits early makes writes to its input fail with EPIPE; the test sees the exit instead.
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Writes lines to the bot's standard input, each with a newline, in one write. */
  send(lines: readonly string[]): void {
    if (lines.length > 0 && this.child.stdin.writable) this.child.stdin.write(`${lines.join('\n')}\n`);
  }

  /** Closes the bot's standard input (end of file). */
  closeInput(): void {
    this.child.stdin.end();
  }

  /** The next line the bot wrote, waiting at most `timeoutMs`; `null` on timeout or closed output. */
  async next(timeoutMs: number): Promise<string | null> {
    if (this.received.length === 0 && !this.outputClosed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.waiter = null;
          resolve();
        }, timeoutMs);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.received.shift() ?? null;
  }

  /** Lines received and not read yet. */
  get pending(): readonly string[] {
    return this.received;
  }

  /** Kills the process (for the cleanup after a failed test). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }
}
