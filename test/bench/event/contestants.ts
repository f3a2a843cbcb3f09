/**
 * The benchmark's contestants (uploads.ts), a worker thread at the least priority standing for 30
 * laptops on the LAN: each signed in with its own join code, real HTTP to `jury serve --event`. Between
 * pauses of 1 to 3 s each uploads C and Python sources that really compile, now and then an archive
 * (a few with 12 MiB of data), some uploads the event refuses (413, a zip bomb, a `../` path, not an
 * archive), and browses: status, versions, competitions, standings, their games. Buildable uploads
 * wait while 6 of them are being built (builds run one at a time; an unbounded queue would still be
 * building long after the game). Messages: `ready` once the uploads are made; then `go` starts them,
 * `stop` ends them (each finishes its request) and answers a {@link ContestantsReport}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Prng } from '../../../shared/random/prng.ts';
import { yieldToTheJudge } from '../../../electron/serve/priority.ts';
import {
  cSource,
  escapingArchive,
  notAZip,
  pythonSource,
  sourceArchive,
  tooLarge,
  zipBomb,
  type Payload,
} from './programs.ts';

/** What the worker is given. */
export interface ContestantsData {
  readonly url: string;
  /** One session token per contestant (signed in by the parent). */
  readonly sessions: readonly string[];
  readonly seed: number;
}

/** What one `go` … `stop` stretch did. */
export interface ContestantsReport {
  readonly seconds: number;
  /** Answer times (ms) of every request, of the browsing ones, of accepted and refused uploads. */
  readonly browseMs: number[];
  readonly acceptedMs: number[];
  readonly refusedMs: number[];
  /** Uploads answered 202, and refused ones by status. */
  readonly accepted: number;
  readonly refused: Record<string, number>;
  /** Answers that were not what the request should get (a bench or server fault), first few. */
  readonly unexpected: string[];
}

const PENDING_CAP = 6;
const FINAL_STATES = new Set(['build-failed', 'smoke-failed', 'working']);

yieldToTheJudge();
const data = workerData as ContestantsData;
// Made once, before any game: the archives with 12 MiB of random data and the refused ones.
const big = {
  zip: sourceArchive('big', 'zip', 12 * 1024 * 1024, data.seed),
  tar: sourceArchive('big', 'tar.gz', 12 * 1024 * 1024, data.seed + 1),
};
const refusals: readonly (readonly [Payload, number])[] = [
  [tooLarge(), 413],
  [zipBomb(), 400],
  [escapingArchive(), 400],
  [notAZip(data.seed + 2), 400],
];

let running = false;
let pending = 0;
let report: { -readonly [K in keyof ContestantsReport]: ContestantsReport[K] } = fresh();
let started = 0;
let loops: Promise<void>[] = [];

function fresh(): ContestantsReport {
  return {
    seconds: 0,
    browseMs: [],
    acceptedMs: [],
    refusedMs: [],
    accepted: 0,
    refused: {},
    unexpected: [],
  };
}

parentPort?.postMessage('ready');
parentPort?.on('message', (message: unknown) => {
  if (message === 'go' && !running) {
    running = true;
    report = fresh();
    started = performance.now();
    loops = data.sessions.map((session, i) => contestant(session, Prng.fromSeed(data.seed * 1000 + i)));
  } else if (message === 'stop') {
    running = false;
    void Promise.all(loops).then(() => {
      parentPort?.postMessage({ ...report, seconds: (performance.now() - started) / 1000 });
    });
  }
});

async function contestant(session: string, rng: Prng): Promise<void> {
  let mine: string | null = null;
  let version = 0;
  // Spread out: not all 30 at once.
  await sleep(rng.float() * 2000);
  while (running) {
    const roll = rng.float();
    if (roll < 0.3 && mine === null && pending < PENDING_CAP) {
      version++;
      const tag = `${session.slice(0, 8)} version ${version}`;
      const pick = rng.float();
      const payload: Payload =
        pick < 0.5
          ? { name: 'bot.c', query: {}, bytes: cSource(tag) }
          : pick < 0.8
            ? { name: 'bot.py', query: {}, bytes: pythonSource(tag) }
            : pick < 0.93
              ? sourceArchive(tag, rng.float() < 0.5 ? 'zip' : 'tar.gz', 0, 0)
              : rng.float() < 0.5
                ? big.zip
                : big.tar;
      const sent = await upload(session, payload);
      if (sent !== null) {
        mine = sent;
        pending++;
      }
    } else if (roll >= 0.3 && roll < 0.4) {
      const [payload, status] = rng.pick(refusals);
      await refused(session, payload, status);
    } else {
      const read = await browse(session, rng);
      const versions = Array.isArray(read) ? (read as { id: string; status: { state: string } }[]) : [];
      const found = versions.find((v) => v.id === mine);
      if (found && FINAL_STATES.has(found.status.state)) {
        mine = null;
        pending--;
      }
    }
    await sleep(1000 + rng.float() * 2000);
  }
  if (mine !== null) pending--;
}

/** One browsing request; answers the versions when it read them. */
async function browse(session: string, rng: Prng): Promise<unknown> {
  const what = rng.below(6);
  if (what <= 1) return get(session, '/event/versions');
  if (what === 2) return get(session, '/event/status');
  const competitions = (await get(session, '/event/competitions')) as { id: string }[] | null;
  const last = competitions?.at(-1);
  if (what === 3 || !last) return null;
  if (what === 4) return get(session, `/event/competitions/${last.id}/standings`);
  return get(session, `/event/competitions/${last.id}/games`);
}

async function get(session: string, path: string): Promise<unknown> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${data.url}${path}`, { headers: { authorization: `Bearer ${session}` } });
    const body = await res.text();
    report.browseMs.push(performance.now() - t0);
    if (res.status !== 200) return note(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
    return JSON.parse(body);
  } catch (e) {
    return note(`GET ${path}: ${(e as Error).message}`);
  }
}

/** An upload that should be accepted: its version's id, or null. */
async function upload(session: string, payload: Payload): Promise<string | null> {
  const t0 = performance.now();
  try {
    const res = await send(session, payload);
    const body = await res.text();
    report.acceptedMs.push(performance.now() - t0);
    if (res.status !== 202) return note(`upload ${payload.name}: ${res.status} ${body.slice(0, 200)}`);
    report.accepted++;
    return (JSON.parse(body) as { id: string }).id;
  } catch (e) {
    return note(`upload ${payload.name}: ${(e as Error).message}`);
  }
}

async function refused(session: string, payload: Payload, status: number): Promise<void> {
  const t0 = performance.now();
  try {
    const res = await send(session, payload);
    const body = await res.text();
    report.refusedMs.push(performance.now() - t0);
    report.refused[res.status] = (report.refused[res.status] ?? 0) + 1;
    if (res.status !== status)
      note(`refused ${payload.name}: ${res.status}, not ${status}: ${body.slice(0, 200)}`);
  } catch (e) {
    note(`refused ${payload.name}: ${(e as Error).message}`);
  }
}

function send(session: string, payload: Payload): Promise<Response> {
  const query = new URLSearchParams({ name: payload.name, ...payload.query });
  return fetch(`${data.url}/event/upload?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'content-type': 'application/octet-stream' },
    body: payload.bytes as Uint8Array<ArrayBuffer>,
  });
}

function note(line: string): null {
  if (report.unexpected.length < 20) report.unexpected.push(line);
  return null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
