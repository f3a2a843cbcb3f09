#!/usr/bin/env node
/**
 * Jury sample bot for Less: plays the turn that brings its team closest to home by relaxed distance.
 * The protocol is in docs/rules/less.md; the logic is in less-session.ts and less-strategies.ts.
 * By hand: `node electron/engine/bots/samples/less-greedy.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { LessSession } from './less-session.ts';
import { greedyLessTurn } from './less-strategies.ts';

runBot((seed) => new LessSession(greedyLessTurn, seed));
