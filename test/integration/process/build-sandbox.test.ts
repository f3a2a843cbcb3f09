import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBot, type BotError, type PrepareOptions } from '../../../electron/engine/bots/build.ts';
import type { BotDefinition } from '../../../electron/engine/bots/definition.ts';
import type { ResourceLimits } from '../../../electron/engine/process/limits.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { FIXTURES } from './helpers.ts';
import { unprotected as withoutProtections } from '../../helpers/sandbox-caps.ts';

/**
 * Compiling a contestant's source runs in the confinement of a game: its own uid, the system read-only,
 * only the source's folder, no network, memory, process, time and file-size caps. Each hostile build
 * here is a real compiler (gcc) or a fake one on PATH that attacks the machine; the attack must fail,
 * and where it shows what the test guards, it is run once unprotected and must then succeed.
 */
const caps = sandboxCapabilities();
const unprotected: SandboxCapabilities = withoutProtections(caps);
const SECRET = `organiser-secret-${process.pid}-${Math.random().toString(36).slice(2)}`;
let root = '';
let secretFile = '';
let shmHog = '';
let forker = '';

/** A folder like any user's (mkdtemp's 0700 is closed to a root Jury's unprivileged builds). */
function folder(prefix: string, parent = tmpdir()): string {
  const d = mkdtempSync(join(parent, prefix));
  chmodSync(d, 0o755);
  return d;
}

beforeAll(() => {
  root = folder('jury-build-sandbox-');
  // The organiser's secret, outside every source folder, readable only by Jury's own user.
  secretFile = join(root, 'organiser-secret.txt');
  writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
  const cc = (name: string): string => {
    const out = join(root, name);
    execFileSync('cc', ['-O2', '-o', out, join(FIXTURES, `${name}.c`)]);
    return out;
  };
  shmHog = cc('shm-hog');
  forker = cc('forker');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A source folder holding `file` with `text`. */
function source(file: string, text: string): { dir: string; def: BotDefinition } {
  const dir = folder('src-', root);
  writeFileSync(join(dir, file), text);
  return { dir, def: { name: 'hostile', args: [], source: { file, language: 'c' } } };
}

/** The C fixture that embeds a file with .incbin, made to embed the secret. */
function embedding(): { dir: string; def: BotDefinition } {
  const text = readFileSync(join(FIXTURES, 'embeds-file.c'), 'utf8').replaceAll('/etc/shadow', secretFile);
  return source('bot.c', text);
}

async function build(
  def: BotDefinition,
  dir: string,
  extra: Partial<PrepareOptions> = {},
): Promise<Awaited<ReturnType<typeof prepareBot>>> {
  return prepareBot(def, { baseDir: dir, buildDir: join(dir, 'build'), ...extra });
}

/**
 * Puts a fake `gcc` (a shell script, or a program of the tests) first on PATH for one build: a
 * compiler that misbehaves, as a hostile toolchain or a compiler bug would.
 */
async function withFakeGcc<T>(script: string, run: () => Promise<T>): Promise<T> {
  const tool = folder('toolchain-', root);
  mkdirSync(join(tool, 'bin'));
  chmodSync(join(tool, 'bin'), 0o755);
  for (const p of [shmHog, forker]) copyFileSync(p, join(tool, 'bin', p.split('/').pop()!));
  for (const p of [shmHog, forker]) chmodSync(join(tool, 'bin', p.split('/').pop()!), 0o755);
  writeFileSync(join(tool, 'bin', 'gcc'), script, { mode: 0o755 });
  const saved = process.env['PATH'];
  process.env['PATH'] = `${join(tool, 'bin')}:${saved ?? ''}`;
  try {
    return await run();
  } finally {
    process.env['PATH'] = saved;
  }
}

const failure = (r: Awaited<ReturnType<typeof prepareBot>>): BotError | null => (r.ok ? null : r.error);
const confined = process.platform === 'linux' && caps.bwrap !== null;
const LIMITS: ResourceLimits = { memoryMiB: 2048, maxProcesses: 256, network: false };

describe.runIf(confined)('compiling a contestant’s source, confined', () => {
  it('cannot embed a file outside its folder (.incbin): no secret in the program, its output or the log', async () => {
    const { dir, def } = embedding();
    const r = await build(def, dir);
    const log = r.ok ? r.value.build.map((s) => s.output).join('') : (r.error.output ?? '');
    expect(log.includes(SECRET)).toBe(false);
    expect(failure(r)?.message ?? '').not.toContain(SECRET);
    if (r.ok) {
      expect(readFileSync(r.value.launch.executable).includes(SECRET)).toBe(false);
      const ran = spawnSync(r.value.launch.executable, { input: 'Quit\n', encoding: 'utf8' });
      expect(`${ran.stdout}${ran.stderr}`.includes(SECRET)).toBe(false);
    } else {
      expect(r.error.code).toBe('build-failed');
    }
    // Unconfined, the same source carries the secret into its program: what the sandbox stops.
    const open = await build(def, dir, { sandbox: unprotected, buildDir: join(dir, 'open') });
    expect(open.ok && readFileSync(open.value.launch.executable).includes(SECRET)).toBe(true);
  });

  it('cannot show a file in its error messages (#include of the secret)', async () => {
    const { dir, def } = source('leak.c', `#include "${secretFile}"\nint main(void) { return 0; }\n`);
    const r = await build(def, dir);
    expect(failure(r)?.code).toBe('build-failed');
    expect((failure(r)?.output ?? '').includes(SECRET)).toBe(false);
    const open = await build(def, dir, { sandbox: unprotected });
    expect((failure(open)?.output ?? '').includes(SECRET)).toBe(true);
  });

  it('writes only its build folder: the source and its folder stay as they were', async () => {
    const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
    // gcc's arguments: -O2 -std=c11 -o OUT SRC -lm.
    const script = [
      '#!/bin/sh',
      'echo "tampered" >> "$5"',
      'echo "dropped" > "$(dirname "$5")/dropped.txt"',
      'cp /bin/true "$4"',
    ].join('\n');
    const r = await withFakeGcc(script, () => build(def, dir));
    expect(failure(r)).toBeNull();
    expect(readFileSync(join(dir, 'bot.c'), 'utf8')).not.toContain('tampered');
    expect(existsSync(join(dir, 'dropped.txt'))).toBe(false);
    // The program it wrote is Jury's again, as a build outside the sandbox leaves it.
    const st = statSync(join(dir, 'build', 'bot'));
    expect([st.uid, st.gid]).toEqual([process.getuid!(), process.getgid!()]);
  });

  it('never writes a build folder that holds the source, nor reads a hidden store beside it', async () => {
    const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
    const inPlace = await build(def, dir, { buildDir: dir });
    expect(failure(inPlace)).toMatchObject({ code: 'cannot-start' });
    expect(failure(inPlace)?.message).toContain('holds the source');
    expect(existsSync(join(dir, 'bot'))).toBe(false);
    const store = join(dir, 'club.sqlite');
    writeFileSync(store, `${SECRET}\n`);
    writeFileSync(join(dir, 'bot.c'), `#include "club.sqlite"\nint main(void) { return 0; }\n`);
    const r = await build(def, dir, { hidden: [store] });
    expect(failure(r)?.code).toBe('build-failed');
    expect((failure(r)?.output ?? '').includes(SECRET)).toBe(false);
    const shown = await build(def, dir);
    expect((failure(shown)?.output ?? '').includes(SECRET)).toBe(true);
  });

  it('has no network: a compiler that connects to the host gets nowhere', async () => {
    let connections = 0;
    const server: Server = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    try {
      const script = `#!/bin/bash\nexec 3<>/dev/tcp/127.0.0.1/${port} && echo connected && exit 1\necho "no network"\nexit 1\n`;
      const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
      const r = await withFakeGcc(script, () => build(def, dir));
      expect(failure(r)?.code).toBe('build-failed');
      expect(failure(r)?.output).toContain('no network');
      expect(connections).toBe(0);
      const open = await withFakeGcc(script, () => build(def, dir, { sandbox: unprotected }));
      expect(failure(open)?.output).toContain('connected');
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it.runIf(caps.root && caps.botUids !== null)(
    'a compiler that forks a lot stops at the process cap of its own uid',
    async () => {
      const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
      const script = '#!/bin/sh\n"$(dirname "$0")/forker" --max=1000\nexit 1\n';
      const limits = { ...LIMITS, maxProcesses: 64 };
      const r = await withFakeGcc(script, () => build(def, dir, { limits }));
      expect(failure(r)?.code).toBe('build-failed');
      const [, count, why] = /forker (\d+) (\S+)/.exec(failure(r)?.output ?? '') ?? [];
      expect(why).toBe('EAGAIN');
      expect(Number(count)).toBeLessThan(64);
    },
  );

  it.runIf(caps.memoryCgroup !== null)(
    'a compiler that allocates too much is stopped, and the error says so',
    async () => {
      const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
      const script = '#!/bin/sh\nexec "$(dirname "$0")/shm-hog" --mib=512\n';
      const limits = { ...LIMITS, memoryMiB: 128 };
      const r = await withFakeGcc(script, () => build(def, dir, { limits }));
      expect(failure(r)).toMatchObject({ code: 'build-failed' });
      expect(failure(r)?.message).toContain('out of memory (128 MiB)');
    },
  );

  it('a compiler that writes a huge file is stopped at the file-size cap', async () => {
    const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
    const script = '#!/bin/sh\nexec head -c 67108864 /dev/zero > "$4"\n';
    const limits = { ...LIMITS, maxFileBytes: 4 * 1024 * 1024 };
    const r = await withFakeGcc(script, () => build(def, dir, { limits }));
    expect(failure(r)).toMatchObject({ code: 'build-failed' });
    expect(failure(r)?.message).toContain('a file over 4 MiB');
    expect(statSync(join(dir, 'build', 'bot')).size).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('a compiler that runs too long is stopped at the time limit', async () => {
    const { dir, def } = source('bot.c', 'int main(void) { return 0; }\n');
    const r = await withFakeGcc('#!/bin/sh\nsleep 30\n', () => build(def, dir, { timeoutMs: 500 }));
    expect(failure(r)).toMatchObject({ code: 'build-failed' });
    expect(failure(r)?.message).toContain('timed out');
  });
});
