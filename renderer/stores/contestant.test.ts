import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { Submission, SubmissionState } from '../../shared/event/submission.ts';
import type { ContestantStatus } from '../../shared/event/contestant.ts';
import { POLL_MS, useContestantStore } from './contestant.ts';
import type * as EventHttpModule from '../bridge/event-http.ts';

const api = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  status: vi.fn(),
  versions: vi.fn(),
  upload: vi.fn(),
  choose: vi.fn(),
  competitions: vi.fn(),
  standings: vi.fn(),
  games: vi.fn(),
  game: vi.fn(),
}));
vi.mock('../bridge/event-http.ts', async (original) => ({
  ...(await original<typeof EventHttpModule>()),
  eventHttp: api,
}));
const { EventHttpError } = await import('../bridge/event-http.ts');

const open: ContestantStatus = {
  id: 'c1',
  name: 'Ada',
  lock: { state: 'open' },
  deadline: null,
  playing: null,
  chosen: null,
};

function version(n: number, status: SubmissionState): Submission {
  return {
    id: `v${n}`,
    contestant: 'c1',
    version: n,
    receivedAt: '2026-05-01T12:00:00Z',
    sha256: 'ab'.repeat(32),
    size: 100,
    fileName: 'bot.c',
    kind: 'file',
    language: 'c',
    buildCommand: null,
    runCommand: null,
    status,
    disqualified: null,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  for (const f of Object.values(api)) f.mockReset();
  api.status.mockResolvedValue(open);
  api.versions.mockResolvedValue([]);
  api.competitions.mockResolvedValue([]);
});
afterEach(() => vi.useRealTimers());

describe('the contestant store', () => {
  it("signs in with the link's code and loads the status and the versions", async () => {
    api.signIn.mockResolvedValue({ id: 'c1', name: 'Ada' });
    const store = useContestantStore();
    await store.start('K7QXM3TR9WHEPZ2A');
    expect(api.signIn).toHaveBeenCalledWith('K7QXM3TR9WHEPZ2A');
    expect(store.phase).toBe('signed-in');
    expect(store.status?.name).toBe('Ada');
  });

  it('asks for the code, without an error, when there is no live session', async () => {
    api.status.mockRejectedValue(new EventHttpError(401, 'sign in with your join code first'));
    const store = useContestantStore();
    await store.start(null);
    expect(store.phase).toBe('signed-out');
    expect(store.signInError).toBeNull();
  });

  it("keeps the server's one line for a wrong code", async () => {
    api.signIn.mockRejectedValue(new EventHttpError(401, 'this code signs no one in; check it'));
    const store = useContestantStore();
    await store.signIn('XXXX');
    expect(store.phase).toBe('signed-out');
    expect(store.signInError).toBe('this code signs no one in; check it');
  });

  it('polls the versions while one is being built, and stops once none is', async () => {
    vi.useFakeTimers();
    api.versions
      .mockResolvedValueOnce([version(1, { state: 'building' })])
      .mockResolvedValueOnce([version(1, { state: 'built', log: '' })])
      .mockResolvedValue([version(1, { state: 'build-failed', log: 'error: x' })]);
    const store = useContestantStore();
    await store.start(null);
    expect(store.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(api.versions).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(api.versions).toHaveBeenCalledTimes(3);
    expect(store.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(api.versions).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows an upload's refusal, and after a lock refusal the lock itself", async () => {
    const store = useContestantStore();
    await store.start(null);
    api.upload.mockRejectedValueOnce(new EventHttpError(400, 'bot.c is empty'));
    expect(await store.upload({ file: new Blob([]), fileName: 'bot.c' })).toBe(false);
    expect(store.uploadError).toBe('bot.c is empty');
    const reason = 'the organiser has locked submissions';
    api.status.mockResolvedValue({ ...open, lock: { state: 'locked', by: 'hand', reason } });
    api.upload.mockRejectedValueOnce(new EventHttpError(423, `uploads are closed: ${reason}`));
    expect(await store.upload({ file: new Blob(['x']), fileName: 'bot.c' })).toBe(false);
    expect(store.uploadError).toBe(`uploads are closed: ${reason}`);
    expect(store.locked).toBe(true);
    expect(store.lockReason).toBe(reason);
  });

  it('goes back to the sign-in with the line when the session is gone', async () => {
    const store = useContestantStore();
    await store.start(null);
    api.choose.mockRejectedValue(new EventHttpError(401, 'sign in with your join code first'));
    await store.choose('v1');
    expect(store.phase).toBe('signed-out');
    expect(store.signInError).toBe('sign in with your join code first');
    expect(store.status).toBeNull();
  });
});
