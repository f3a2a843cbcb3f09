import { SYSTEM_ROOTS } from './program-view.ts';

/**
 * Everything bubblewrap needs to confine one bot, worked out beforehand (see sandbox-setup.ts), so that
 * building its command line stays pure and testable.
 */
export interface Confinement {
  /** Path of bwrap. */
  readonly bwrap: string;
  /**
   * Jury runs as root: bwrap then runs privileged (no user namespace, so it can read programs under
   * /root) and the bot drops to {@link uid} through setpriv inside, keeping no capability.
   */
  readonly privileged: boolean;
  /** The unprivileged uid (and gid) the bot runs as when Jury is root; null to keep Jury's own. */
  readonly uid: number | null;
  /** Path of setpriv (needed when {@link uid} is set). */
  readonly setpriv: string | null;
  /**
   * The host folder that is the bot's private, writable working folder for this game; null: a tmpfs of
   * {@link Confinement.tmpBytes} inside the sandbox instead (gone with it).
   */
  readonly workdir: string | null;
  /** Where that folder appears inside the sandbox (normally the bot's working directory). */
  readonly mountAt: string;
  /** The bot's working directory inside the sandbox. */
  readonly chdir: string;
  /** Host paths shown read-only at the same path (the program, its runtime). */
  readonly readOnly: readonly string[];
  /** Host paths shown read-only inside the working folder (the entries of the bot's own folder). */
  readonly inCwd: readonly string[];
  /** System roots that exist on this host: folders are bound read-only, symlinks (merged /usr) copied. */
  readonly system: readonly { readonly path: string; readonly symlink: string | null }[];
  /**
   * Files inside what is shown that the bot must not read (a tournament store): /dev/null is mounted
   * over each, on a nodev mount, so opening one fails with EACCES.
   */
  readonly hidden: readonly string[];
  /** The bot's whole environment (bwrap clears Jury's). */
  readonly env: Readonly<Record<string, string>>;
  readonly network: boolean;
  /**
   * The seccomp filter (seccomp.ts: no user namespaces) bwrap installs before the bot starts, read from
   * file descriptor {@link SECCOMP_FD}, which the spawner must give it; null: none.
   */
  readonly seccomp?: Buffer | null;
  /** Size of the private /tmp and /dev/shm (and of a working folder in memory), in bytes. */
  readonly tmpBytes: number;
  /**
   * Host folders shown writable at the same path, over whatever else shows them (a build's output
   * folder: the compiler writes it, nothing else of the host).
   */
  readonly writable?: readonly string[];
}

/** The file descriptor bwrap reads the seccomp filter from (the spawner's fourth stdio entry). */
export const SECCOMP_FD = 3;

/** The capabilities the privileged bwrap keeps for its child, only so that setpriv can drop to the uid. */
const SETUID_CAPS = ['--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID'];

/**
 * The bwrap command line up to the program to run (ending with `--` and, for root, the setpriv that
 * drops to the bot's uid). Mounts are ordered parents first, so the writable working folder may sit
 * below a read-only folder and the program's files on top of the working folder.
 */
export function bwrapArgs(c: Confinement): string[] {
  const args: string[] = [c.bwrap];
  if (c.privileged) {
    // No user namespace: as root it would map only uid 0, and setpriv could not switch to the bot's uid.
    args.push('--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try');
    if (!c.network) args.push('--unshare-net');
    if (c.uid !== null) args.push(...SETUID_CAPS);
  } else {
    args.push('--unshare-all');
    if (c.network) args.push('--share-net');
  }
  args.push('--die-with-parent', '--clearenv');
  if (c.seccomp) args.push('--seccomp', String(SECCOMP_FD));
  for (const s of c.system) {
    if (s.symlink !== null) args.push('--symlink', s.symlink, s.path);
    else args.push('--ro-bind', s.path, s.path);
  }
  args.push('--proc', '/proc', '--dev', '/dev');
  const size = String(Math.max(1, Math.round(c.tmpBytes)));
  args.push(
    '--perms',
    '1777',
    '--size',
    size,
    '--tmpfs',
    '/tmp',
    '--perms',
    '1777',
    '--size',
    size,
    '--tmpfs',
    '/dev/shm',
  );
  const workdir =
    c.workdir === null
      ? ['--perms', '1777', '--size', size, '--tmpfs', c.mountAt]
      : ['--bind', c.workdir, c.mountAt];
  const mounts: [depth: number, order: number, parts: string[]][] = [
    [depth(c.mountAt), 1, workdir],
    ...c.readOnly.map((p): [number, number, string[]] => [depth(p), 0, ['--ro-bind', p, p]]),
    ...c.inCwd.map((p): [number, number, string[]] => [depth(p), 2, ['--ro-bind', p, p]]),
    ...(c.writable ?? []).map((p): [number, number, string[]] => [depth(p), 3, ['--bind', p, p]]),
  ];
  mounts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // Folders on the way to a mount are made world-readable: as root, bwrap would make them root-only,
  // and the bot (another uid) could not reach its own files.
  const mounted = ['/proc', ...c.system.map((s) => s.path)];
  const made = new Set<string>();
  for (const [, , parts] of mounts) {
    const dest = parts[parts.length - 1] ?? '/';
    for (const dir of ancestors(dest)) {
      const inside = mounted.some((m) => dir === m || dir.startsWith(`${m}/`));
      if (made.has(dir) || inside || dir === '/tmp' || dir === '/dev' || dir === '/dev/shm') continue;
      made.add(dir);
      args.push('--perms', '0755', '--dir', dir);
    }
    args.push(...parts);
    // Folders inside the private working folder do not exist yet; those of a host folder do.
    if (parts[0] === '--ro-bind' || (parts[0] === '--bind' && dest !== c.mountAt)) mounted.push(dest);
  }
  for (const path of c.hidden) args.push('--ro-bind', '/dev/null', path);
  args.push('--chdir', c.chdir);
  for (const [k, v] of Object.entries(c.env)) args.push('--setenv', k, v);
  args.push('--');
  if (c.uid !== null && c.setpriv !== null) {
    args.push(
      c.setpriv,
      `--reuid=${c.uid}`,
      `--regid=${c.uid}`,
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
    );
  }
  return args;
}

/** The system roots of this host as bwrap should show them (tests pass their own list). */
export function systemRoots(
  exists: (path: string) => 'dir' | 'symlink' | null,
  readLink: (path: string) => string,
): Confinement['system'] {
  const out: { path: string; symlink: string | null }[] = [];
  for (const path of SYSTEM_ROOTS) {
    const kind = exists(path);
    if (kind === 'dir') out.push({ path, symlink: null });
    else if (kind === 'symlink') out.push({ path, symlink: readLink(path) });
  }
  return out;
}

/** The folders above `path`, outermost first ("/a/b/c" → "/a", "/a/b"). */
function ancestors(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

function depth(path: string): number {
  return path.split('/').filter((p) => p !== '').length;
}
