/**
 * The Node (V8) flags every process that runs the engine starts with: `jury` (the shebang of
 * electron/cli/jury.mjs, which `npx jury` and the installed command execute) and the app's engine host
 * (forked by electron/main.ts). They must be given at launch: V8 sizes its heap when the process starts,
 * and `v8.setFlagsFromString` afterwards leaves the young generation as it was.
 *
 * `--max-semi-space-size=2`: V8's young generation at most 2 × 2 MB. Collecting it stops the whole process,
 * the judge included, and a reply is timed when the judge reads it, so a pause that falls on the end of a
 * bot's turn is charged to the bot: a Flit game of 1,000 turns, 4 ms of a 5 ms deadline burned each, saw one
 * or two collections of 10–30 ms with V8's default (it grows the young generation to 16 MB and more) and
 * 15.5 false timeouts per 1000 turns on average at 8 MB (6 games), 6.7 at 2 MB (9 games), 7.7 at 4 MB (6)
 * in the same sitting on a 2-vCPU VM, collections then mostly 1–2 ms. It also bounds memory: without a
 * cap V8 grows the young generation up to 128 MB under the stream of short-lived objects a run makes (a
 * game's record parsed, checked and serialised), and keeps it: `jury run` of CodeCup's final peaked at
 * 281 MB of resident memory, 166 MB with an 8 MB cap, 144 MB with 2 MB (test/bench/tournament/memory.ts).
 * The price is CPU in collections where records are parsed: the workers coordinator spent 4.8 ms per game
 * at 2 MB, 4.4 at 4 MB, 4.2 at 8 MB (test/bench/workers, ceiling 5 ms). Change it only with the bench's
 * deadline, memory and workers rows side by side.
 */
export const ENGINE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/** The first line of electron/cli/jury.mjs: Node started with {@link ENGINE_NODE_FLAGS} (env -S splits them). */
export const JURY_SHEBANG = `#!/usr/bin/env -S node ${ENGINE_NODE_FLAGS.join(' ')}`;
