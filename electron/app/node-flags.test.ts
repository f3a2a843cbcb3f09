import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_NODE_FLAGS, JURY_SHEBANG } from './node-flags.ts';

const JURY = fileURLToPath(new URL('../cli/jury.mjs', import.meta.url));

describe('the engine is launched with its V8 flags', () => {
  it('jury.mjs starts Node with them (the line npx jury and the installed command execute)', () => {
    expect(readFileSync(JURY, 'utf8').split('\n')[0]).toBe(JURY_SHEBANG);
    expect(ENGINE_NODE_FLAGS).toContain('--max-semi-space-size=2');
  });

  it("the command of that line gives V8 the flags: the young generation stays within the cap, unlike bare Node's", () => {
    // The first line's command (env -S node <flags>) as the kernel runs it, asked to print V8's new space
    // after a burst of short-lived garbage, instead of a script.
    const [env, split, ...command] = (readFileSync(JURY, 'utf8').split('\n')[0] ?? '').slice(2).split(' ');
    expect([env, split]).toEqual(['/usr/bin/env', '-S']);
    const newSpace = (line: string): number => {
      const probe = spawnSync(env as string, ['-S', `${line} -p`, NEW_SPACE], { encoding: 'utf8' });
      expect(probe.status).toBe(0);
      return Number(probe.stdout.trim());
    };
    const MB = 1024 * 1024;
    // Two 2 MB semi-spaces and V8's own pages: 4–4.75 MB seen; 16 MB at an 8 MB cap, more uncapped.
    expect(newSpace(command.join(' '))).toBeLessThan(8 * MB);
    expect(newSpace('node')).toBeGreaterThan(16 * MB);
  });
});

/** Grows the young generation with short-lived garbage, then prints its size (bytes). */
const NEW_SPACE = `
let keep = [];
for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 100000) keep = []; }
require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size`;
