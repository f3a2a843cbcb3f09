import { describe, expect, it } from 'vitest';
import { bwrapArgs, systemRoots, type Confinement } from './confine.ts';

const base: Confinement = {
  bwrap: '/usr/bin/bwrap',
  privileged: false,
  uid: null,
  setpriv: null,
  workdir: '/tmp/jury-sandbox-1000/1-x',
  mountAt: '/home/ann/bots/alpha',
  chdir: '/home/ann/bots/alpha',
  readOnly: ['/home/ann/.pyenv/versions/3.12.1', '/home/ann/bots'],
  inCwd: ['/home/ann/bots/alpha/bot.py', '/home/ann/bots/alpha/data'],
  system: [
    { path: '/usr', symlink: null },
    { path: '/bin', symlink: 'usr/bin' },
  ],
  env: { PATH: '/usr/bin', HOME: '/home/ann/bots/alpha' },
  network: false,
  tmpBytes: 64 * 1024 * 1024,
  hidden: [],
};

/** The destinations of every bind, in command-line order. */
function binds(args: readonly string[]): string[] {
  return args.flatMap((a, i) => (a === '--bind' || a === '--ro-bind' ? [`${a} ${args[i + 2]}`] : []));
}

describe('bwrapArgs', () => {
  it('as a user: every namespace, no network, cleared environment, writable folder below its parents', () => {
    const args = bwrapArgs(base);
    expect(args.slice(0, 2)).toEqual(['/usr/bin/bwrap', '--unshare-all']);
    expect(args).not.toContain('--share-net');
    expect(args).toContain('--clearenv');
    expect(args).toContain('--die-with-parent');
    expect(binds(args)).toEqual([
      '--ro-bind /usr',
      '--ro-bind /home/ann/bots',
      '--bind /home/ann/bots/alpha',
      '--ro-bind /home/ann/.pyenv/versions/3.12.1',
      '--ro-bind /home/ann/bots/alpha/bot.py',
      '--ro-bind /home/ann/bots/alpha/data',
    ]);
    // The folders on the way are made readable for the bot; the ones inside a mount are not remade.
    const dirs = args.flatMap((a, i) => (a === '--dir' ? [args[i + 1]] : []));
    expect(dirs).toEqual(['/home', '/home/ann', '/home/ann/.pyenv', '/home/ann/.pyenv/versions']);
    expect(args.slice(args.indexOf('--chdir'), args.indexOf('--chdir') + 2)).toEqual([
      '--chdir',
      '/home/ann/bots/alpha',
    ]);
    expect(args.at(-1)).toBe('--');
    // The private /tmp and /dev/shm are capped and writable by anyone (sticky).
    expect(args.join(' ')).toContain(`--perms 1777 --size ${64 * 1024 * 1024} --tmpfs /tmp`);
    expect(args.join(' ')).toContain('--symlink usr/bin /bin');
  });

  it('as root: no user namespace, only the caps setpriv needs, and setpriv drops to the uid', () => {
    const args = bwrapArgs({
      ...base,
      privileged: true,
      uid: 60042,
      setpriv: '/usr/bin/setpriv',
      network: true,
    });
    expect(args).not.toContain('--unshare-all');
    expect(args).not.toContain('--unshare-user');
    expect(args).not.toContain('--unshare-net');
    expect(args).toContain('--unshare-pid');
    expect(args.join(' ')).toContain('--cap-add CAP_SETUID --cap-add CAP_SETGID');
    const tail = args.slice(args.lastIndexOf('--', args.length - 2));
    expect(tail).toEqual([
      '--',
      '/usr/bin/setpriv',
      '--reuid=60042',
      '--regid=60042',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
    ]);
  });

  it("a contestant's working folder is a capped tmpfs of its own, its own files bound on top", () => {
    const args = bwrapArgs({ ...base, workdir: null });
    const at = args.indexOf('/home/ann/bots/alpha');
    expect(args.slice(at - 5, at + 1)).toEqual([
      '--perms',
      '1777',
      '--size',
      String(64 * 1024 * 1024),
      '--tmpfs',
      '/home/ann/bots/alpha',
    ]);
    expect(args).not.toContain('/tmp/jury-sandbox-1000/1-x');
    // Its own files are shown read-only inside it, after it is mounted.
    expect(args.indexOf('/home/ann/bots/alpha/bot.py')).toBeGreaterThan(at);
  });

  it('shows the files it must not read as empty, after every other mount', () => {
    const args = bwrapArgs({ ...base, hidden: ['/home/ann/bots/club.sqlite'] });
    const at = args.indexOf('/dev/null');
    expect(args.slice(at - 1, at + 2)).toEqual(['--ro-bind', '/dev/null', '/home/ann/bots/club.sqlite']);
    expect(at).toBeGreaterThan(args.lastIndexOf('/home/ann/bots/alpha/data'));
  });

  it('passes the environment as given and nothing else', () => {
    const args = bwrapArgs(base);
    const set = args.flatMap((a, i) => (a === '--setenv' ? [`${args[i + 1]}=${args[i + 2]}`] : []));
    expect(set).toEqual(['PATH=/usr/bin', 'HOME=/home/ann/bots/alpha']);
  });
});

describe('systemRoots', () => {
  it('binds folders, copies symlinks (merged /usr) and skips what is missing', () => {
    const kinds: Record<string, 'dir' | 'symlink'> = { '/usr': 'dir', '/lib64': 'symlink', '/etc': 'dir' };
    const roots = systemRoots(
      (p) => kinds[p] ?? null,
      () => 'usr/lib64',
    );
    expect(roots).toEqual([
      { path: '/usr', symlink: null },
      { path: '/lib64', symlink: 'usr/lib64' },
      { path: '/etc', symlink: null },
    ]);
  });
});
