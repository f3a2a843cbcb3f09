import type { Competition, CompetitionGame } from '../../shared/event/competition.ts';
import type { ContestantStatus } from '../../shared/event/contestant.ts';
import type { Submission } from '../../shared/event/submission.ts';
import type { LanguageId } from '../../shared/bots/languages.ts';
import type { Ranking } from '../../shared/tournament/ranking/types.ts';
import type { ContestantRecord } from '../logic/contestant-replay.ts';

/**
 * The one module of the contestant page (renderer/contestant.html) that talks to the server: the
 * contestant routes under `/event/` of `jury serve --event` (docs/event-day.md, "The API"). The session
 * is the HttpOnly cookie the sign-in sets (same origin, so `fetch` sends it); a refusal's
 * `{"error": "…"}` becomes an {@link EventHttpError} with that one line and the status.
 */

/** An upload: the file, and for an archive its run command and optional build command. */
export interface UploadInput {
  readonly file: Blob;
  readonly fileName: string;
  /** A source file's language; absent: by its extension. */
  readonly language?: LanguageId;
  readonly run?: string;
  readonly build?: string;
}

/** A refusal of the server: its one line, and the HTTP status (0: the server could not be reached). */
export class EventHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'EventHttpError';
    this.status = status;
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/event/${path}`, { credentials: 'same-origin', ...init });
  } catch (cause) {
    throw new EventHttpError(0, (cause as Error).message || 'the server could not be reached');
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (!res.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    const line = typeof error === 'string' && error !== '' ? error : `${res.status} ${res.statusText}`;
    throw new EventHttpError(res.status, line.split('\n')[0] ?? line);
  }
  return body as T;
}

function postJson<T>(path: string, value: unknown): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
}

const part = encodeURIComponent;

/** The contestant routes; every call rejects with an {@link EventHttpError}. */
export const eventHttp = {
  /** Signs in with a join code (as typed: the server forgives case, spaces and dashes). */
  signIn: (code: string) => postJson<{ id: string; name: string }>('sign-in', { code }),
  signOut: () => postJson<{ ok: true }>('sign-out', {}),
  /** 401 when there is no session (yet, or any more). */
  status: () => call<ContestantStatus>('status'),
  versions: () => call<Submission[]>('versions'),
  /** Answers with the version as received (202); its build goes on: poll {@link eventHttp.versions}. */
  upload(input: UploadInput): Promise<Submission> {
    const q = new URLSearchParams({ name: input.fileName });
    if (input.language !== undefined) q.set('language', input.language);
    if (input.run !== undefined) q.set('run', input.run);
    if (input.build !== undefined && input.build !== '') q.set('build', input.build);
    return call<Submission>(`upload?${q.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: input.file,
    });
  },
  /** Where the uploaded file of one of their versions downloads from. */
  sourceUrl: (version: string) => `/event/versions/${part(version)}/source`,
  /** Chooses the version that plays; null: the latest working one. */
  choose: (version: string | null) => postJson<ContestantStatus>('choose', { version }),
  competitions: () => call<Competition[]>('competitions'),
  standings: (competition: string) => call<Ranking>(`competitions/${part(competition)}/standings`),
  games: (competition: string) => call<CompetitionGame[]>(`competitions/${part(competition)}/games`),
  game: (competition: string, index: number) =>
    call<ContestantRecord>(`competitions/${part(competition)}/games/${index}`),
};

/** The contestant routes' type (tests replace them). */
export type EventHttp = typeof eventHttp;
