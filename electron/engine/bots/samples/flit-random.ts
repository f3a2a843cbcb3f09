#!/usr/bin/env node
/**
 * Jury sample bot for Flit: moves a random piece to a random cell it may go to.
 * The protocol is in docs/rules/flit.md; the logic is in flit-session.ts and flit-strategies.ts.
 * By hand: `node electron/engine/bots/samples/flit-random.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { FlitSession } from './flit-session.ts';
import { randomFlitMove } from './flit-strategies.ts';

runBot((seed) => new FlitSession(randomFlitMove, seed));
