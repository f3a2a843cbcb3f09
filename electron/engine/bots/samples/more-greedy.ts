#!/usr/bin/env node
/**
 * Jury sample bot for More: plays the move with the fewest points now plus relaxed distance home after.
 * The protocol is in docs/rules/more.md; the logic is in more-session.ts and more-strategies.ts.
 * By hand: `node electron/engine/bots/samples/more-greedy.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { MoreSession } from './more-session.ts';
import { greedyMoreMove } from './more-strategies.ts';

runBot((seed) => new MoreSession(greedyMoreMove, seed));
