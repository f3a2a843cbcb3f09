#!/usr/bin/env node
/**
 * Jury sample bot for Flit: converts neutral pieces, else moves towards the nearest one, else stays.
 * The protocol is in docs/rules/flit.md; the logic is in flit-session.ts and flit-strategies.ts.
 * By hand: `node electron/engine/bots/samples/flit-greedy.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { FlitSession } from './flit-session.ts';
import { greedyFlitMove } from './flit-strategies.ts';

runBot((seed) => new FlitSession(greedyFlitMove, seed));
