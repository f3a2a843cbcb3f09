import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

/**
 * A spectator that hammers `jury serve` with its heaviest reads, run in a worker thread by
 * serve-spectator.test.ts (and the serve bench) so that its own work (receiving megabytes of answers)
 * is not on the thread it measures. workerData: `{ port, host, id }` (Host header of a foreign name: a
 * spectator; `id` the big tournament). Keeps `depth` requests under way, never parses an answer, and on
 * any message from the parent posts how many answers of each channel it got, then exits. A real spectator
 * is another machine: this one runs at the least priority (Linux: nice 19 for this thread) and does not
 * check its answers' UTF-8, so that its own work takes as little as it can from the machine measured.
 */

interface Options {
  readonly port: number;
  readonly host: string;
  readonly id: string;
  readonly depth?: number;
}

const { port, host, id, depth = 4 } = workerData as Options;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // not Linux: it competes as an equal
}
const requests = [
  { channel: 'tournament.games', payload: { id } },
  { channel: 'tournament.statistics', payload: { id } },
  { channel: 'tournaments.list' },
  { channel: 'tournament.export', payload: { id, kind: 'json' } },
  { channel: 'tournament.standings', payload: { id } },
];
const answered: Record<string, number> = {};
const bytes = { total: 0 };
const pending = new Map<number, string>();
let next = 1;
let stopping = false;

const ws = new WebSocket(`ws://127.0.0.1:${port}/api`, { headers: { host }, skipUTF8Validation: true });
const ask = (): void => {
  if (stopping || ws.readyState !== ws.OPEN) return;
  const request = requests[next % requests.length] as (typeof requests)[number];
  pending.set(next, request.channel);
  ws.send(JSON.stringify({ id: next++, ...request }));
};
ws.on('open', () => {
  for (let i = 0; i < depth; i++) ask();
});
ws.on('message', (data: Buffer) => {
  bytes.total += data.length;
  // The id is at the start of every answer: {"id":N,…}; nothing else is parsed.
  const match = /^\{"id":(\d+)/.exec(data.subarray(0, 32).toString('latin1'));
  const channel = match ? pending.get(Number(match[1])) : undefined;
  if (channel === undefined) return;
  pending.delete(Number(match?.[1]));
  answered[channel] = (answered[channel] ?? 0) + 1;
  ask();
});
ws.on('error', () => {});
parentPort?.once('message', () => {
  stopping = true;
  parentPort?.postMessage({ answered, bytes: bytes.total });
  ws.terminate();
});
