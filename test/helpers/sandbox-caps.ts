import type { SandboxCapabilities } from '../../electron/engine/process/sandbox.ts';

/**
 * A made-up Linux machine for unit tests of the launch plan and the protections: not root, namespaces
 * through a user namespace, prlimit, timeout, setpriv and taskset, but no bubblewrap and no memory
 * cgroup. Tests spread it and change what they test.
 */
export const LINUX_WITHOUT_SANDBOX: SandboxCapabilities = {
  platform: 'linux',
  root: false,
  pidNamespace: ['/usr/bin/unshare', '--user', '--map-root-user', '--pid', '--fork', '--kill-child'],
  netNamespace: true,
  prlimit: '/usr/bin/prlimit',
  reaper: '/usr/bin/timeout',
  setpriv: '/usr/bin/setpriv',
  bwrap: null,
  bwrapWhy: 'bubblewrap (bwrap) is not installed: bots see the whole file system',
  botUids: null,
  memoryCgroup: null,
  cgroupWhy: 'no memory cgroup controller is mounted',
  taskset: '/usr/bin/taskset',
  nice: '/usr/bin/nice',
  shell: '/bin/sh',
  cores: 2,
  problems: [],
};

/**
 * This machine as it is (`caps`) without any protection: no bubblewrap, cgroups, uids of its own or
 * namespaces. The hostile tests run each attack once so, to show it then succeeds.
 */
export function unprotected(caps: SandboxCapabilities): SandboxCapabilities {
  return {
    ...caps,
    bwrap: null,
    memoryCgroup: null,
    botUids: null,
    pidNamespace: null,
    netNamespace: false,
    reaper: null,
  };
}
