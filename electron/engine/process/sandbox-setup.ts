import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { createBotCgroup, type BotCgroup } from './cgroup.ts';
import { systemRoots, type Confinement } from './confine.ts';
import { noUserNamespaceFilter } from './seccomp.ts';
import type { LaunchSetup, ResourceLimits } from './limits.ts';
import { isSystemPath, programView, readShebang } from './program-view.ts';
import { unreachableProblem } from './reachable.ts';
import type { SandboxCapabilities } from './sandbox.ts';
import { folderEntries, makeWorkdir, removeWorkdir } from './workdir.ts';

/** What {@link prepareSandbox} needs to know about one bot. */
export interface SandboxRequest {
  /** The absolute path found for the command's first word, and whether it was a bare name (PATH). */
  readonly exe: string;
  readonly named: boolean;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The bot's own folder (shown read-only, its entries inside the working folder), or null. */
  readonly folder: string | null;
  /** More host paths the bot may read (Jury's sample bots: their sources). */
  readonly paths: readonly string[];
  /** Files never to show (the tournament store): those that exist inside what is shown are emptied. */
  readonly hidden: readonly string[];
  /** The bot's own variables, and the marker variable. */
  readonly env: Readonly<Record<string, string>>;
  /** Jury's environment as the program was looked up in (its PATH finds interpreters). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  readonly limits: ResourceLimits;
  readonly cpus: readonly number[] | null;
  /** Its working folder is kept on the host, for Jury to read after it ends (LaunchSpec.keepsFiles). */
  readonly keepsFiles?: boolean;
  /**
   * Install the seccomp filter that refuses user namespaces (seccomp.ts); the spawner must then feed it
   * on file descriptor SECCOMP_FD (see confine.ts).
   */
  readonly seccomp?: boolean;
  /** Host folders it may write, shown at their own path (a build's output folder), or none. */
  readonly writable?: readonly string[];
}

/** A prepared sandbox: the setup for planLaunch, the program to execute, and the cleanup. */
export interface PreparedSandbox {
  readonly setup: LaunchSetup;
  /** The program to execute (the real interpreter behind a version manager's shim). */
  readonly executable: string;
  readonly cgroup: BotCgroup | null;
  /** Why the bot cannot start in this sandbox (its files are unreadable for its uid), or null. */
  readonly problem: string | null;
  /**
   * Removes the working folder, and starts removing the cgroup (freeing the uid once it is gone); call
   * after the bot has exited.
   */
  release(): Promise<void>;
}

/** Entries of a bot's own folder beyond which the folder is shown whole (read-only) instead. */
const MAX_FOLDER_ENTRIES = 256;
/** The private /tmp and /dev/shm when no memory cap bounds them. */
const DEFAULT_TMP_BYTES = 256 * 1024 * 1024;
/** Variables of Jury's environment a bot still gets (language and time zone), all others are dropped. */
const KEPT_VARIABLES = ['LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_NUMERIC', 'LC_COLLATE', 'TZ'];

const usedUids = new Set<number>();

/**
 * Makes what one bot's confinement needs: its private working folder, its memory cgroup, its uid (when
 * Jury is root), and the read-only view of its program. Without bwrap only the cgroup and the uid are
 * made. Never throws: whatever cannot be made is reported through the setup.
 */
export function prepareSandbox(req: SandboxRequest, caps: SandboxCapabilities): PreparedSandbox {
  const uid = caps.root && caps.botUids ? takeUid(caps.botUids) : null;
  let cgroup: BotCgroup | null = null;
  let cgroupWhy: string | null = caps.cgroupWhy;
  // Made with or without a memory cap: the cgroup is also the bot's CPU clock and its freezer.
  if (caps.memoryCgroup && caps.shell) {
    const mib = req.limits.memoryMiB;
    const bytes = mib !== null && mib > 0 ? mib * 1024 * 1024 : null;
    const made = createBotCgroup(caps.memoryCgroup, `bot-${cryptoId()}`, bytes, caps.shell, {
      spares: true,
    });
    cgroup = made.cgroup;
    cgroupWhy = made.why;
  }
  let confinement: Confinement | null = null;
  let executable = req.exe;
  let workdir: string | null = null;
  if (caps.bwrap) {
    const view = programView(req.exe, req.named, req.args, req.cwd, req.hostEnv, req.folder);
    executable = view.executable;
    // A contestant's bot writes into a memory file system of its own (capped, gone with the sandbox:
    // neither the disk nor a tree it builds outlives it); only a program whose files Jury reads after
    // it ends gets a folder on the host.
    workdir = req.keepsFiles === true ? makeWorkdir(uid) : null;
    // The bot's own folder as its working folder: its entries are shown read-only inside the private,
    // writable folder. A folder with very many entries is shown whole instead, and the private folder
    // is only HOME (/game).
    const readOnly = new Set([...view.readOnly, ...req.paths]);
    const writable = req.writable ?? [];
    for (const w of writable) readOnly.delete(w);
    const ownCwd = readOnly.has(req.cwd);
    const entries = ownCwd ? folderEntries(req.cwd, MAX_FOLDER_ENTRIES) : [];
    const mountAt = req.cwd === '/' || entries === null ? '/game' : req.cwd;
    if (ownCwd && entries !== null) {
      for (const p of readOnly) if (p === req.cwd || p.startsWith(`${req.cwd}/`)) readOnly.delete(p);
    }
    const mib = req.limits.memoryMiB;
    const tmpBytes =
      mib !== null && mib > 0 ? Math.min(mib * 1024 * 1024, DEFAULT_TMP_BYTES) : DEFAULT_TMP_BYTES;
    confinement = {
      bwrap: caps.bwrap,
      privileged: caps.root,
      uid,
      setpriv: caps.setpriv ?? null,
      workdir,
      mountAt,
      chdir: req.cwd === '/' ? mountAt : req.cwd,
      readOnly: [...readOnly].sort(),
      inCwd: entries ?? [],
      system: systemRoots(kindOf, readlinkSync),
      hidden: req.hidden.filter(
        (h) =>
          existsSync(h) &&
          [...readOnly, ...(entries ?? []), ...writable].some((p) => h === p || h.startsWith(`${p}/`)),
      ),
      env: sandboxEnv(req, view.pathDirs, mountAt),
      network: req.limits.network,
      seccomp: req.seccomp === true ? noUserNamespaceFilter() : null,
      tmpBytes,
      writable,
    };
  }
  const setup: LaunchSetup = { confinement, cgroup, cgroupWhy, cpus: req.cpus, uid };
  const problem =
    uid === null ? null : confinement ? unreadableProblem(req, uid) : unreachableProblem(req, uid);
  let released = false;
  return {
    setup,
    executable,
    cgroup,
    problem,
    async release() {
      if (released) return;
      released = true;
      if (workdir !== null) removeWorkdir(workdir);
      // The cgroup goes in the background: the kernel lets it go only once the bot's last process is
      // reaped, which waited 20 ms at the end of every game. Its uid is free once that is done.
      const removed = cgroup?.remove() ?? Promise.resolve();
      if (uid !== null) void removed.then(() => usedUids.delete(uid));
    },
  };
}

/** The bot's whole environment inside the sandbox: nothing of Jury's but language and time zone. */
function sandboxEnv(req: SandboxRequest, pathDirs: readonly string[], home: string): Record<string, string> {
  const hostPath = (req.hostEnv['PATH'] ?? '').split(delimiter).filter((d) => d !== '' && isSystemPath(d));
  const path = [
    ...new Set([...pathDirs, ...(hostPath.length > 0 ? hostPath : ['/usr/local/bin', '/usr/bin', '/bin'])]),
  ];
  const env: Record<string, string> = { PATH: path.join(delimiter), HOME: home, TMPDIR: '/tmp' };
  for (const name of KEPT_VARIABLES) {
    const value = req.hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...req.env };
}

/**
 * As root, bots run as their own uid and see their files with the permissions of "others": a program
 * or script in a folder only root may enter (mkdtemp's 0700, root's home) cannot be read. Said before
 * the start, with the fix, instead of a confusing "Permission denied" from inside the sandbox.
 */
function unreadableProblem(req: SandboxRequest, uid: number): string | null {
  const args = req.args.filter((a) => a !== '' && !a.startsWith('-') && a.length < 4096);
  const named = [...(req.named ? [] : [req.exe]), ...args.map((a) => resolve(req.cwd, a))];
  for (const path of named) {
    let mode: number;
    let dirMode: number;
    try {
      const st = statSync(path);
      if (!st.isFile()) continue;
      mode = st.mode;
      dirMode = statSync(dirname(path)).mode;
    } catch {
      continue;
    }
    const exec = path === req.exe && readShebang(path) === null;
    const bad = (mode & 0o004) === 0 || (exec && (mode & 0o001) === 0) || (dirMode & 0o001) === 0;
    if (bad) {
      return `${path} cannot be read by the bot's own user (uid ${uid}): Jury runs as root and bots run unprivileged, so their files must be readable by others (chmod o+rX on the file and its folder)`;
    }
  }
  return null;
}

function takeUid(range: { base: number; count: number }): number {
  // Random, so that two Jury processes on one machine rarely pick the same uid.
  for (let i = 0; i < range.count * 2; i++) {
    const uid = range.base + Math.floor(Math.random() * range.count);
    if (!usedUids.has(uid)) {
      usedUids.add(uid);
      return uid;
    }
  }
  return range.base;
}

function kindOf(path: string): 'dir' | 'symlink' | null {
  try {
    const s = lstatSync(path);
    return s.isSymbolicLink() ? 'symlink' : s.isDirectory() ? 'dir' : null;
  } catch {
    return null;
  }
}

function cryptoId(): string {
  return `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}
