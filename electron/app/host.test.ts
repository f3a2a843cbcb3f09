import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineProcess } from '../shell/engine-client.ts';
import { createEngineClient } from '../shell/engine-client.ts';
import { hostEnv } from './host-protocol.ts';

// The real engine host (host.ts, with the real service) in a Node child process, driven by main's real
// engine client. Electron's `process.parentPort` is stood in for by a shim over Node's IPC channel with
// the same structured-clone serialisation, so only Electron itself is missing from this round trip.
const portShim = `data:text/javascript,${encodeURIComponent(
  "import { EventEmitter } from 'node:events';" +
    'const port = new EventEmitter();' +
    "process.on('message', (data) => port.emit('message', { data }));" +
    'port.postMessage = (m) => process.send(m);' +
    'process.parentPort = port;',
)}`;
const hostFile = fileURLToPath(new URL('./host.ts', import.meta.url));

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function forkHost(env: Record<string, string>, shim = true) {
  const child = fork(hostFile, [], {
    execArgv: shim ? ['--import', portShim] : [],
    env: { ...process.env, ...env },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const engine: EngineProcess = {
    postMessage: (message) => void child.send(message),
    on: (event: string, listener: (value: never) => void) => {
      child.on(event, listener as (value: unknown) => void);
      return engine;
    },
    kill: () => child.kill(),
  };
  return { engine, exited, stderr: () => stderr };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jury-host-'));
  dirs.push(dir);
  return dir;
}

describe('the engine host', () => {
  it('serves the real service to main and closes it on shutdown', async () => {
    const dir = workspace();
    // A samples folder without the scripts: the library must report them missing, which shows that the
    // host took the folder from main rather than from where its own module lies.
    const host = forkHost(
      hostEnv({ workspace: dir, storeFolder: join(dir, 'tournaments'), samplesDir: join(dir, 'none') }),
    );
    const events: string[] = [];
    const client = createEngineClient({ fork: () => host.engine, onEvent: (c) => events.push(c) });
    await expect(client.request('app.info', undefined)).resolves.toMatchObject({
      mode: 'desktop',
      canControl: true,
      storeFolder: join(dir, 'tournaments'),
    });
    const samples = await client.request('bots.addSamples', { game: 'less' });
    expect(samples.map((b) => [b.path, b.status])).toEqual([
      ['less-random', 'missing'],
      ['less-greedy', 'missing'],
    ]);
    await expect(client.request('tournament.start', { id: 'nope' })).rejects.toThrow(/nope/);
    await client.shutdown(10_000);
    expect(await host.exited).toBe(0);
  });

  it('answers every request with the reason when the service cannot start', async () => {
    const host = forkHost({ JURY_WORKSPACE: '', JURY_STORE_FOLDER: '' });
    const client = createEngineClient({ fork: () => host.engine, onEvent: () => {} });
    await expect(client.request('games.list', undefined)).rejects.toThrow(
      'the engine could not start: the engine host needs JURY_WORKSPACE',
    );
    await client.shutdown(10_000);
    expect(await host.exited).toBe(0);
  });

  it('refuses to run outside a utility process', async () => {
    const host = forkHost({}, false);
    expect(await host.exited).toBe(1);
    expect(host.stderr()).toMatch(/runs only in an Electron utility process/);
  });
});
