#!/usr/bin/env node
/**
 * Jury sample bot for More: plays a uniformly random legal move.
 * The protocol is in docs/rules/more.md; the logic is in more-session.ts and more-strategies.ts.
 * By hand: `node electron/engine/bots/samples/more-random.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { MoreSession } from './more-session.ts';
import { randomMoreMove } from './more-strategies.ts';

runBot((seed) => new MoreSession(randomMoreMove, seed));
