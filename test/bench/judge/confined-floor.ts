import { findExecutable } from '../../../electron/engine/process/executables.ts';
import { planLaunch, type ResourceLimits } from '../../../electron/engine/process/limits.ts';
import type { SandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { prepareSandbox, type PreparedSandbox } from '../../../electron/engine/process/sandbox-setup.ts';

/** The command lines of a game's bots wrapped as Jury starts them, and the cleanup of their sandboxes. */
export interface ConfinedCommands {
  /** One full command line per seat: Jury's wrappers, bubblewrap, and the bot's command inside. */
  readonly commands: readonly (readonly string[])[];
  /** Removes the bots' working folders and cgroups; call once every bot has exited. */
  release(): Promise<void>;
}

/**
 * The floor's bots started the way Jury starts them: each command wrapped in exactly the command line
 * Jury's process layer spawns for it (prepareSandbox and planLaunch, with the same `limits`, capabilities
 * and cores: cgroup, affinity, bubblewrap, uid, resource limits, session). A relay of these commands is
 * the floor of a confined game: what the confinement costs by itself, with no judge at all. Throws when a
 * command cannot be confined here (its program not found, or unreadable for the bot's uid).
 */
export function confinedCommands(
  commands: readonly (readonly string[])[],
  limits: ResourceLimits,
  caps: SandboxCapabilities,
  cpus: readonly number[] | null,
): ConfinedCommands {
  const sandboxes: PreparedSandbox[] = [];
  const release = async (): Promise<void> => {
    await Promise.all(sandboxes.map((s) => s.release()));
  };
  try {
    const wrapped = commands.map(([executable = '', ...args]) => {
      const exe = findExecutable(executable, process.cwd());
      if (exe === null) throw new Error(`the floor's bot ${executable} was not found`);
      const sandbox = prepareSandbox(
        {
          exe,
          named: !executable.includes('/'),
          args,
          cwd: process.cwd(),
          folder: null,
          paths: [],
          hidden: [],
          env: {},
          hostEnv: process.env,
          limits,
          cpus,
        },
        caps,
      );
      sandboxes.push(sandbox);
      if (sandbox.problem !== null) throw new Error(sandbox.problem);
      const plan = planLaunch(sandbox.executable, args, limits, caps, sandbox.setup);
      return [plan.command, ...plan.args];
    });
    return { commands: wrapped, release };
  } catch (e) {
    void release();
    throw e;
  }
}
