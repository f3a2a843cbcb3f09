#!/usr/bin/env node
/**
 * Jury sample bot for Less: plays a uniformly random legal turn, and rushes home along a cheapest plan.
 * The protocol is in docs/rules/less.md; the logic is in less-session.ts and less-strategies.ts.
 * By hand: `node electron/engine/bots/samples/less-random.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { LessSession } from './less-session.ts';
import { randomLessTurn } from './less-strategies.ts';

runBot((seed) => new LessSession(randomLessTurn, seed));
