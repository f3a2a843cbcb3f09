import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBotCgroup, findMemoryCgroup, readSelfCgroup } from './cgroup.ts';

/** A folder laid out like a cgroup v2 mount (the real one cannot be faked; the files can). */
function fakeV2(controllers: string, juryControls: string | null): string {
  const root = mkdtempSync(join(tmpdir(), 'jury-cgroupfs-'));
  writeFileSync(join(root, 'cgroup.controllers'), controllers);
  if (juryControls !== null) {
    mkdirSync(join(root, 'jury'));
    writeFileSync(join(root, 'jury', 'cgroup.subtree_control'), juryControls);
  }
  return root;
}

describe('memory cgroups', () => {
  it('reads /proc/self/cgroup lines of v1 and v2', () => {
    expect(readSelfCgroup('4:memory:/process_api/abc\n0::/user.slice/app.scope\n')).toEqual([
      { id: '4', controllers: ['memory'], path: '/process_api/abc' },
      { id: '0', controllers: [], path: '/user.slice/app.scope' },
    ]);
  });

  it('v2: uses a jury cgroup whose children may use the memory controller', () => {
    const root = fakeV2('cpu memory pids', 'memory pids');
    const found = findMemoryCgroup(root, readSelfCgroup('0::/user.slice/app.scope\n'));
    expect(found).toEqual({ support: { version: 2, parent: join(root, 'jury') }, why: null });
  });

  it('v2 without the memory controller, or without the right to enable it: none, with the reason', () => {
    const none = findMemoryCgroup(fakeV2('cpu pids', null), []);
    expect(none).toEqual({ support: null, why: 'the cgroup v2 hierarchy has no memory controller' });
    const refused = findMemoryCgroup(fakeV2('cpu memory', ''), readSelfCgroup('0::/u\n'));
    expect(refused.support).toBeNull();
    expect(refused.why).toContain('may not create memory cgroups');
  });

  it('v2: a bot cgroup caps memory with no swap, and counts OOM kills', () => {
    const root = fakeV2('memory', 'memory');
    const parent = join(root, 'jury');
    // The kernel makes these files in every new cgroup; here the test does.
    const made = createBotCgroup({ version: 2, parent }, 'bot-1', 64 * 1024 * 1024, '/bin/sh');
    expect(made.why).toBeNull();
    const dir = join(parent, 'bot-1');
    expect(readFileSync(join(dir, 'memory.max'), 'utf8')).toBe(String(64 * 1024 * 1024));
    expect(made.cgroup?.procsFile).toBe(join(dir, 'cgroup.procs'));
    expect(made.cgroup?.enter).toEqual([
      '/bin/sh',
      '-c',
      'echo 0 >"$0" && exec "$@"',
      join(dir, 'cgroup.procs'),
    ]);
    expect(made.cgroup?.oomKills()).toBe(0);
    writeFileSync(join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n');
    expect(made.cgroup?.oomKills()).toBe(1);
  });

  it('systemd: a transient user scope per bot, capped with no swap, that execs the bot in place', () => {
    const made = createBotCgroup(
      { version: 'systemd', systemdRun: '/usr/bin/systemd-run' },
      'bot-3',
      1024,
      '/bin/sh',
    );
    expect(made.cgroup?.enter).toEqual([
      '/usr/bin/systemd-run',
      '--user',
      '--scope',
      '--quiet',
      '--collect',
      '--unit=jury-bot-3',
      '-p',
      'MemoryMax=1024',
      '-p',
      'MemorySwapMax=0',
      '--',
    ]);
    expect(made.cgroup?.procsFile).toBeNull();
  });

  it('a cgroup that cannot be made is reported, not thrown', () => {
    const made = createBotCgroup({ version: 1, parent: '/nonexistent/jury' }, 'bot-2', 1024, '/bin/sh');
    expect(made.cgroup).toBeNull();
    expect(made.why).toMatch(/^the memory cgroup could not be made: /);
    expect(existsSync('/nonexistent/jury/bot-2')).toBe(false);
  });
});
