import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JURY } from './jury-process.ts';

// Issue 29: `jury` under the system's older Node (Debian's 20 here) must not die with a stack trace. It
// runs the command with the Node 24 that build/run.sh keeps, or says in one line what to do.

/** An older Node on this machine, if there is one (Debian's /usr/bin/node is 20 here). */
function olderNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    const r = spawnSync(candidate, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' });
    if (r.status === 0 && Number(r.stdout.trim()) < 24) return candidate;
  }
  return null;
}

const old = olderNode();
const dir = mkdtempSync(join(tmpdir(), 'jury-old-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function juryWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(old as string, [JURY, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(old === null)('jury under a Node older than 24', () => {
  it('says in one line which Node it needs and how to get it, exit 2, when build/run.sh fetched none', () => {
    const home = join(dir, 'home');
    const r = juryWith({ HOME: home }, 'standings', join(dir, 'x.sqlite'));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      new RegExp(
        `^jury: Jury needs Node 24 or newer, and this is Node v\\d+\\.\\d+\\.\\d+: run \`bash build/run.sh start\` ` +
          `once \\(it fetches Node 24 into ${home}/.cache/jury/node-24, which jury then uses\\), or install Node 24\\n$`,
      ),
    );
  });

  it('runs the command with the Node 24 that build/run.sh keeps, passing on its output and exit code', () => {
    const cache = join(dir, 'cache');
    const bin = join(cache, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, join(bin, 'node'));
    const version = juryWith({ HOME: join(dir, 'home'), JURY_NODE_CACHE: cache }, '--version');
    expect(version).toEqual({ code: 0, out: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), err: '' });
    const missing = juryWith(
      { HOME: join(dir, 'home'), JURY_NODE_CACHE: cache },
      'standings',
      join(dir, 'x.sqlite'),
    );
    expect(missing).toEqual({
      code: 2,
      out: '',
      err: `jury: no tournament database at ${join(dir, 'x.sqlite')}\n`,
    });
  });
});
