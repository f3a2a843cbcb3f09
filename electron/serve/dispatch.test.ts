import { describe, expect, it } from 'vitest';
import { dispatch } from './dispatch.ts';
import { fakeService, fakeSummary } from '../../test/helpers/fake-service.ts';

describe('dispatch', () => {
  it('answers a good request with the handler value', async () => {
    const service = fakeService();
    await expect(dispatch({ id: 4, channel: 'tournaments.list' }, service.handlers, false)).resolves.toEqual({
      id: 4,
      ok: true,
      value: [fakeSummary('spring')],
    });
    expect(service.calls).toEqual([{ channel: 'tournaments.list', payload: undefined }]);
  });

  it('refuses an unknown channel', async () => {
    const service = fakeService();
    await expect(dispatch({ id: 1, channel: 'shell.exec' }, service.handlers, true)).resolves.toEqual({
      id: 1,
      ok: false,
      error: 'unknown channel "shell.exec"',
    });
    expect(service.calls).toEqual([]);
  });

  it('refuses a bad payload naming the field, without calling the handler', async () => {
    const service = fakeService();
    const answer = await dispatch(
      { id: 2, channel: 'tournament.standings', payload: { id: 'spring', stage: 5 } },
      service.handlers,
      false,
    );
    expect(answer).toMatchObject({ id: 2, ok: false });
    expect(!answer.ok && answer.error).toMatch(/^tournament\.standings: invalid request: stage: /);
    expect(service.calls).toEqual([]);
  });

  it('refuses control channels to spectators and desktop-only channels to everyone', async () => {
    const service = fakeService();
    const pause = await dispatch(
      { id: 3, channel: 'tournament.pause', payload: { id: 'spring' } },
      service.handlers,
      false,
    );
    expect(!pause.ok && pause.error).toMatch(/^read-only: tournament\.pause /);
    const dialog = await dispatch({ id: 4, channel: 'dialog.openBot' }, service.handlers, true);
    expect(dialog).toEqual({ id: 4, ok: false, error: 'dialog.openBot: only in the desktop app' });
    expect(service.calls).toEqual([]);
  });

  it('tells a spectator what the machine enforces, with the payload and the rows checked', async () => {
    const rows = [{ limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' }];
    const service = fakeService({ 'system.protections': () => rows });
    const answer = await dispatch(
      { id: 10, channel: 'system.protections', payload: { memoryMiB: 256 } },
      service.handlers,
      false,
    );
    expect(answer).toEqual({ id: 10, ok: true, value: rows });
    expect(service.calls).toEqual([{ channel: 'system.protections', payload: { memoryMiB: 256 } }]);
    const bad = await dispatch(
      { id: 11, channel: 'system.protections', payload: { memoryMiB: 1 } },
      service.handlers,
      false,
    );
    expect(!bad.ok && bad.error).toMatch(/^system\.protections: invalid request: memoryMiB: /);
  });

  it('lets a controller pause', async () => {
    const service = fakeService();
    await expect(
      dispatch({ id: 5, channel: 'tournament.pause', payload: { id: 'spring' } }, service.handlers, true),
    ).resolves.toEqual({ id: 5, ok: true, value: fakeSummary('spring', 'paused') });
  });

  it("overrides app.info's canControl and mode with the connection's", async () => {
    const service = fakeService();
    const spectator = await dispatch({ id: 6, channel: 'app.info' }, service.handlers, false);
    expect(spectator).toMatchObject({ ok: true, value: { canControl: false, mode: 'browser' } });
    const controller = await dispatch({ id: 7, channel: 'app.info' }, service.handlers, true);
    expect(controller).toMatchObject({ ok: true, value: { canControl: true, mode: 'browser' } });
  });

  it("hides the Redis URL's password from spectators only", async () => {
    const stored = {
      language: 'en',
      theme: 'system',
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
      demoOffered: true,
      workers: { redisUrl: 'redis://jury:pa55word@192.168.1.10:6379/2', secretSet: true },
    };
    const service = fakeService({ 'settings.get': () => stored });
    const spectator = await dispatch({ id: 8, channel: 'settings.get' }, service.handlers, false);
    expect(spectator).toMatchObject({
      ok: true,
      value: { workers: { redisUrl: 'redis://jury:***@192.168.1.10:6379/2', secretSet: true } },
    });
    expect(JSON.stringify(spectator)).not.toContain('pa55word');
    const controller = await dispatch({ id: 9, channel: 'settings.get' }, service.handlers, true);
    expect(controller).toMatchObject({ ok: true, value: { workers: stored.workers } });
    const none = fakeService({
      'settings.get': () => ({ ...stored, workers: { redisUrl: null, secretSet: false } }),
    });
    const empty = await dispatch({ id: 10, channel: 'settings.get' }, none.handlers, false);
    expect(empty).toMatchObject({ ok: true, value: { workers: { redisUrl: null, secretSet: false } } });
  });

  it("passes on the handler's error and refuses a response that breaks the contract", async () => {
    const service = fakeService({
      'games.list': () => {
        throw new Error('the engine is busy');
      },
      'tournaments.list': () => [{ id: 'x' }],
    });
    await expect(dispatch({ id: 8, channel: 'games.list' }, service.handlers, false)).resolves.toEqual({
      id: 8,
      ok: false,
      error: 'the engine is busy',
    });
    const bad = await dispatch({ id: 9, channel: 'tournaments.list' }, service.handlers, false);
    expect(!bad.ok && bad.error).toMatch(/^tournaments\.list: invalid response from the engine: 0\.name: /);
  });
});
