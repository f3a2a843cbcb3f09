// The `jury` command once its entry (jury.mjs) has turned Node's compile cache on. Everything lives in
// program.ts so tests can run it in-process. What is imported here loads for every command, `jury
// --version` too: only the process layer's list of live bots (signals.ts, not its index, which loads the
// whole launcher), the command line and the exit codes; each command loads its own code when it runs.
import { killAllBots } from '../engine/process/signals.ts';
import { runCli } from './program.ts';
import { EXIT } from './usage-error.ts';

// Interrupted: no bot may outlive Jury. (A normal exit is covered by the process layer's own hook.)
// Commands that stop gracefully (`run` finishes its games, `serve` closes the engine) install their own
// handler; this one then steps aside, or it would exit before they could.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (process.listenerCount(signal) > 1) return;
    killAllBots();
    process.exit(130);
  });
}
// `jury … | head`: the reader went away (EPIPE). Stop quietly, as a filter does, leaving no bot behind; a
// run stopped this way resumes like any interrupted one, and the exit hook lets go of its run lock.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    killAllBots();
    process.exit(EXIT.ok);
  });
}
// Probe what the machine offers for limits now, so the cost never lands inside a game; only for the
// commands that play games (the probe starts processes: 70 ms that a report or a replay does not need).
if (['play', 'run', 'serve', 'worker'].includes(process.argv[2] ?? '')) {
  (await import('../engine/process/index.ts')).sandboxCapabilities();
}

const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
