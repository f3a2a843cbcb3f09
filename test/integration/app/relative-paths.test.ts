import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJuryService, type JuryService } from '../../../electron/app/service.ts';
import type { EventPayload, Request, RequestChannel, Response } from '../../../shared/ipc/contract.ts';
import { ipcContract } from '../../../shared/ipc/contract.ts';
import { parseOrThrow } from '../../../shared/ipc/handlers.ts';
import { carolGames, writeCarol } from '../cli/python-bot.ts';

// The app's service as `jury serve --store . --workspace ws` starts it, from the folder of a contestant's
// script: its folders are relative to Jury's working folder. A bot added the way the form's placeholder
// shows (`python3 /path/bot.py 42`) plays every game, and cannot read the store kept beside its script.

const home = process.cwd();
let service: JuryService | null = null;
let root = '';
afterEach(async () => {
  await service?.close();
  service = null;
  process.chdir(home);
  if (root) rmSync(root, { recursive: true, force: true });
});

async function call<C extends RequestChannel>(channel: C, payload: Request<C>): Promise<Response<C>> {
  const spec = ipcContract.requests[channel];
  const handler = service!.handlers[channel] as (p: unknown) => unknown;
  const response = await handler(parseOrThrow(spec.request, payload, channel));
  return parseOrThrow(spec.response, response, channel) as Response<C>;
}

function finished(id: string): Promise<EventPayload<'tournament.progress'>> {
  return new Promise((done) => {
    service!.subscribe((channel, payload) => {
      const p = payload as EventPayload<'tournament.progress'>;
      if (channel === 'tournament.progress' && p.id === id && p.state !== 'running') done(p);
    });
  });
}

describe('the app with relative folders, and a bot added as python3 /path/bot.py 42', () => {
  it('plays every game in the script’s folder, the store beside the script hidden', async () => {
    root = mkdtempSync(join(tmpdir(), 'jury-app-relative-'));
    chmodSync(root, 0o755);
    const club = join(root, 'club');
    mkdirSync(join(root, 'elsewhere'), { mode: 0o755 });
    const script = writeCarol(join(club, 'carol.py'));
    process.chdir(club);
    service = await createJuryService({ workspace: '../elsewhere/ws', storeFolder: '.', mode: 'browser' });
    // From another working folder: nothing may depend on it.
    process.chdir(join(root, 'elsewhere'));
    await call('bots.addSamples', { game: '6561' });
    const carol = await call('bots.add', { path: 'python3', args: [script, '42'], name: 'Carol' });
    const greedy = (await call('bots.list', undefined)).find((b) => b.name === '6561 greedy');
    await call('tournaments.create', {
      draft: {
        name: 'Club',
        game: '6561',
        seed: 7,
        schedule: { kind: 'round-robin', repeats: 1 },
        bots: [carol.id, greedy!.id],
        timing: { mode: 'cpu' },
        concurrency: 2,
      },
    });
    const done = finished('Club');
    await call('tournament.start', { id: 'Club' });
    expect((await done).state).toBe('done');
    const games = carolGames(join(club, 'Club.sqlite'));
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game, JSON.stringify(game)).toMatchObject({ status: 'OK', failure: null });
      expect(game.peek?.['carol.py']).toMatch(/^ok /);
      expect(Object.keys(game.peek ?? {})).toEqual(
        expect.arrayContaining(['Club.sqlite', 'Club.sqlite-wal']),
      );
      for (const [name, seen] of Object.entries(game.peek ?? {})) {
        if (name.startsWith('Club.sqlite')) expect(seen, name).not.toMatch(/^ok/);
      }
    }
  }, 60_000);

  it('says when a bot crashed before its first move in every game it played', async () => {
    root = mkdtempSync(join(tmpdir(), 'jury-app-relative-'));
    chmodSync(root, 0o755);
    writeFileSync(join(root, 'quits.py'), 'import sys\nsys.exit(3)\n', { mode: 0o644 });
    process.chdir(root);
    service = await createJuryService({ workspace: 'ws', storeFolder: 'stores', mode: 'browser' });
    await call('bots.addSamples', { game: '6561' });
    const quits = await call('bots.add', { path: 'python3', args: ['quits.py'], cwd: root, name: 'Quits' });
    const greedy = (await call('bots.list', undefined)).find((b) => b.name === '6561 greedy');
    await call('tournaments.create', {
      draft: {
        name: 'Quitters',
        game: '6561',
        seed: 7,
        schedule: { kind: 'round-robin', repeats: 1 },
        bots: [quits.id, greedy!.id],
        timing: { mode: 'cpu' },
      },
    });
    const done = finished('Quitters');
    await call('tournament.start', { id: 'Quitters' });
    const end = await done;
    expect(end.state).toBe('done');
    // As facts, which the app words in the user's language (the CLI's English is checked in its test).
    expect(end.error).toBeNull();
    expect(end.unplayed).toEqual([
      {
        name: 'Quits',
        crashed: 2,
        games: 2,
        failure: expect.objectContaining({ kind: 'crash', exit: expect.objectContaining({ code: 3 }) }),
      },
    ]);
  }, 60_000);
});
