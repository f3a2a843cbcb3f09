import type { Competition } from '../../../shared/event/competition.ts';
import type { Submission } from '../../../shared/event/submission.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import type { Payload } from './programs.ts';

/**
 * The event section's own HTTP calls to `jury serve --event` (docs/event-day.md, "The API"): the
 * organiser's (from this machine with the token) and the finalists' sign-in and upload.
 */
export class EventApi {
  readonly #url: string;
  readonly #token: string;

  constructor(url: string, token: string) {
    this.#url = url;
    this.#token = token;
  }

  /** Signs a contestant in; answers their session. */
  async signIn(code: string): Promise<string> {
    const body = (await this.#json('POST', '/event/sign-in', {}, { code })) as { session: string };
    return body.session;
  }

  /** Uploads as the contestant of `session`; answers the version. */
  async upload(session: string, payload: Payload): Promise<Submission> {
    const query = new URLSearchParams({ name: payload.name, ...payload.query });
    const res = await fetch(`${this.#url}/event/upload?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
      body: payload.bytes as Uint8Array<ArrayBuffer>,
    });
    const text = await res.text();
    if (res.status !== 202) throw new Error(`upload ${payload.name}: ${res.status} ${text}`);
    return JSON.parse(text) as Submission;
  }

  /** Every version of everyone. */
  submissions(): Promise<Submission[]> {
    return this.#organiser('GET', '/submissions') as Promise<Submission[]>;
  }

  competitions(): Promise<Competition[]> {
    return this.#organiser('GET', '/competitions') as Promise<Competition[]>;
  }

  /** Plays a test competition; resolves once it has ended. */
  runTest(): Promise<Competition> {
    return this.#organiser('POST', '/test') as Promise<Competition>;
  }

  /** The full records of a competition's games. */
  async records(competition: string): Promise<GameRecord[]> {
    const games = (await this.#organiser('GET', `/competitions/${competition}/games`)) as { index: number }[];
    const records: GameRecord[] = [];
    for (const g of games)
      records.push(
        (await this.#organiser('GET', `/competitions/${competition}/games/${g.index}`)) as GameRecord,
      );
    return records;
  }

  #organiser(method: string, path: string): Promise<unknown> {
    return this.#json(method, `/event/organiser${path}`, { 'x-jury-token': this.#token });
  }

  async #json(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<unknown> {
    const res = await fetch(`${this.#url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  }
}

/** Whether a version's build and smoke test are over. */
export function settled(s: Submission): boolean {
  return (
    s.status.state === 'build-failed' || s.status.state === 'smoke-failed' || s.status.state === 'working'
  );
}
