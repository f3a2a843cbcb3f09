#!/usr/bin/env node
/**
 * Jury sample bot for 6561: plays a uniformly random legal move.
 * The protocol is in docs/rules/6561.md; the logic is in 6561-session.ts and 6561-strategies.ts.
 * By hand: `node electron/engine/bots/samples/6561-random.ts [--seed N]`, then type the judge's lines.
 */
import { runBot } from './runner.ts';
import { Session6561 } from './6561-session.ts';
import { random6561Move } from './6561-strategies.ts';

runBot((seed) => new Session6561(random6561Move, seed));
