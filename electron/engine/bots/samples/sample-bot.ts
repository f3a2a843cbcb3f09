#!/usr/bin/env node
/**
 * The one script of every Jury sample bot: `node sample-bot.ts <sample-id> [--seed N]`, for example
 * `node electron/engine/bots/samples/sample-bot.ts less-greedy --seed 3`, then type the judge's lines.
 * It finds the sample's protocol session through the game registry (each game declares its samples in
 * shared/games/<id>/samples/) and runs it on standard input and output (runner.ts).
 */
import { runSample } from './runner.ts';

runSample();
