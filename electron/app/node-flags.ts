/**
 * The Node (V8) flags every process that runs the engine starts with: `jury` (the shebang of
 * electron/cli/jury.ts, which `npx jury` and the installed command execute) and the app's engine host
 * (forked by electron/main.ts). They must be given at launch: V8 sizes its heap when the process starts,
 * and `v8.setFlagsFromString` afterwards leaves the young generation as it was.
 *
 * `--max-semi-space-size=8`: V8 grows its young generation up to 128 MB under the stream of short-lived
 * objects a run makes (a game's record parsed, checked and serialised), and keeps it: `jury run` of
 * CodeCup's final peaked at 281 MB of resident memory, 166 MB capped (test/bench/tournament/memory.ts),
 * for a few percent more CPU per game in collections.
 */
export const ENGINE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** The first line of electron/cli/jury.ts: Node started with {@link ENGINE_NODE_FLAGS} (env -S splits them). */
export const JURY_SHEBANG = `#!/usr/bin/env -S node ${ENGINE_NODE_FLAGS.join(' ')}`;
