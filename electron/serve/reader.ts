import { threadFile } from '../engine/thread-file.ts';
import { Worker } from 'node:worker_threads';
import type { LiveTournament } from '../app/service.ts';
import type { ClientRequest } from './protocol.ts';
import type { ReaderAnswer, ReaderFolders, ToReader } from './reader-protocol.ts';

/**
 * The main thread's side of `jury serve`'s reader thread (reader-thread.ts): sends it spectators' reads
 * and hands back their answers as the bytes to send. A thread that died is started again at the next
 * read; the reads it had are answered with an error.
 */
export class Reader {
  readonly #folders: ReaderFolders;
  #worker: Worker | null = null;
  readonly #waiting = new Map<number, { id: number; settle: (bytes: Uint8Array | string) => void }>();
  #nextKey = 1;
  #closed = false;

  /** Starts the thread over the service's folders. */
  constructor(folders: ReaderFolders) {
    this.#folders = folders;
    this.#start();
  }

  /**
   * The answer to `request` of connection `connection`, prepared in the reader with the engine's `live`
   * facts: the whole ServerResponse message, as bytes to send. `key` receives the request's key, for
   * {@link cancel}. Never rejects.
   */
  read(
    connection: number,
    request: ClientRequest,
    live: readonly LiveTournament[],
    key: (key: number) => void = () => {},
  ): Promise<Uint8Array | string> {
    return new Promise((settle) => {
      if (this.#closed) {
        settle(JSON.stringify({ id: request.id, ok: false, error: 'Jury is stopping' }));
        return;
      }
      const k = this.#nextKey++;
      key(k);
      this.#waiting.set(k, { id: request.id, settle });
      this.#post({ kind: 'read', key: k, connection, request, live });
    });
  }

  /** Drops reads not answered yet (their connection closed): they are neither prepared nor settled. */
  cancel(keys: readonly number[]): void {
    if (keys.length === 0) return;
    for (const k of keys) this.#waiting.delete(k);
    this.#worker?.postMessage({ kind: 'cancel', keys } satisfies ToReader);
  }

  /** Opens the reader's service again (the engine's game packages or settings changed). */
  reload(): void {
    this.#worker?.postMessage({ kind: 'reload' } satisfies ToReader);
  }

  /** Closes the reader's service and ends the thread (cut after 5 s). */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#fail('Jury is stopping');
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies ToReader);
    const timer = setTimeout(() => void worker.terminate(), 5000);
    await ended;
    clearTimeout(timer);
  }

  #start(): void {
    const worker = new Worker(threadFile('reader-thread'), { workerData: this.#folders });
    worker.on('message', (message: ReaderAnswer) => {
      const waiting = this.#waiting.get(message.key);
      if (!waiting) return; // cancelled
      this.#waiting.delete(message.key);
      waiting.settle(new Uint8Array(message.bytes));
    });
    const gone = (why: string) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#fail(why);
    };
    worker.on('error', (e) => gone(`the reader failed: ${e.message}`));
    worker.on('exit', (code) => gone(`the reader stopped (exit code ${code})`));
    // The thread must not keep `jury serve` alive on its own.
    worker.unref();
    this.#worker = worker;
  }

  #post(message: ToReader): void {
    if (!this.#worker) this.#start();
    this.#worker?.postMessage(message);
  }

  #fail(error: string): void {
    for (const [k, waiting] of this.#waiting) {
      this.#waiting.delete(k);
      waiting.settle(JSON.stringify({ id: waiting.id, ok: false, error }));
    }
  }
}
