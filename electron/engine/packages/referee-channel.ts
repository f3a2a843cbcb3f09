import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ExitInfo, PlayerChannel, ReadResult, StderrCapture } from '../channel.ts';
import { writableFolder } from './referee-folder.ts';

/** How often a referee's exit is looked for while it may still finish its log. */
const EXIT_POLL_MS = 20;
/** Even when the host gives no grace, how long an exiting referee may take to finish its log. */
const MIN_LOG_WAIT_MS = 200;

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The referee's channel with one thing added: when the game is over, its log (argv[1], written in its
 * working folder) is copied to where Jury keeps it, after the referee has exited and before the process
 * layer removes its private folder. Everything else is the process's own channel.
 */
export class RefereeChannel implements PlayerChannel {
  private readonly inner: PlayerChannel;
  private readonly logName: string;
  private readonly folder: string;
  private readonly keepAt: string | null;
  private ending: Promise<ExitInfo | null> | null = null;
  /** Where the log was kept, once {@link shutdown} has finished (null: not kept). */
  keptLog: string | null = null;

  /**
   * `inner`: the referee's process; `folder`: its working folder; `logName`: its log's name there;
   * `keepAt`: where to copy the log (null: it is not kept).
   */
  constructor(inner: PlayerChannel, folder: string, logName: string, keepAt: string | null) {
    this.inner = inner;
    this.folder = folder;
    this.logName = logName;
    this.keepAt = keepAt;
  }

  send(lines: readonly string[]): void {
    this.inner.send(lines);
  }
  read(timeoutUs: number): Promise<ReadResult> {
    return this.inner.read(timeoutUs);
  }
  discardReceived(): number {
    return this.inner.discardReceived();
  }
  suspend(): void {
    this.inner.suspend();
  }
  resume(): void {
    this.inner.resume();
  }
  cpuUs(): number {
    return this.inner.cpuUs();
  }
  get exited(): boolean {
    return this.inner.exited;
  }
  get exit(): ExitInfo | null {
    return this.inner.exit;
  }
  stderr(): StderrCapture {
    return this.inner.stderr();
  }

  shutdown(graceMs: number): Promise<ExitInfo | null> {
    this.ending ??= this.end(graceMs);
    return this.ending;
  }

  private async end(graceMs: number): Promise<ExitInfo | null> {
    const waitMs = Math.max(graceMs, MIN_LOG_WAIT_MS);
    const started = Date.now();
    while (!this.inner.exited && Date.now() - started < waitMs) await delay(EXIT_POLL_MS);
    await this.keepLog();
    return this.inner.shutdown(this.inner.exited ? 0 : Math.max(0, graceMs - (Date.now() - started)));
  }

  private async keepLog(): Promise<void> {
    if (this.keepAt === null) return;
    const source = join(writableFolder(this.inner, this.folder), this.logName);
    try {
      await mkdir(dirname(this.keepAt), { recursive: true });
      // Read and written anew: the copy is Jury's own file, not the referee's uid's.
      await writeFile(this.keepAt, await readFile(source));
      this.keptLog = this.keepAt;
    } catch {
      this.keptLog = null; // the referee wrote no log, or it cannot be kept: the record says so
    }
  }
}
