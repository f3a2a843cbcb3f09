import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { compiledSampleScript } from './compiled.ts';
import { samplesFolder, SAMPLE_SCRIPT } from './index.ts';

const script = join(samplesFolder(), SAMPLE_SCRIPT);
const temp = mkdtempSync(join(tmpdir(), 'jury-compiled-'));
const realTmp = process.env['TMPDIR'];
afterEach(() => {
  if (realTmp === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = realTmp;
});
// The compiled trees are read-only: opened up again so they can be removed.
afterAll(() => {
  execFileSync('chmod', ['-R', 'u+w', temp]);
  rmSync(temp, { recursive: true, force: true });
});

/** The lines a sample script answers to `input`, run with `node`. */
function answers(file: string, id: string, input: string): string {
  return execFileSync(process.execPath, [file, id, '--seed', '5'], { input, encoding: 'utf8' });
}

describe('the sample script compiled to JavaScript', () => {
  it('plays exactly as the TypeScript script, from a tree other users can read', () => {
    process.env['TMPDIR'] = join(temp, 'one');
    mkdirSync(process.env['TMPDIR']);
    const compiled = compiledSampleScript(script);
    expect(compiled).not.toBeNull();
    const { file, root } = compiled!;
    expect(file.startsWith(`${root}/`) && file.endsWith('/electron/engine/bots/samples/sample-bot.mjs')).toBe(
      true,
    );
    expect(statSync(root).mode & 0o777).toBe(0o555);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o555);
    expect(statSync(file).mode & 0o777).toBe(0o444);
    expect(readFileSync(file, 'utf8')).not.toMatch(/from '\.[^']*\.ts'/);
    // 6561 as the first player, then More's start: the same moves from both.
    const input = 'A\n';
    expect(answers(file, '6561-greedy', input)).toBe(answers(script, '6561-greedy', input));
    expect(answers(file, 'flit-random', '')).toBe(answers(script, 'flit-random', ''));
    // Made once: a second call answers the same folder.
    expect(compiledSampleScript(script)).toEqual(compiled);
    // Removed by the system's tmp cleaning while Jury runs: made again.
    execFileSync('chmod', ['-R', 'u+w', root]);
    rmSync(root, { recursive: true, force: true });
    expect(compiledSampleScript(script)).toEqual(compiled);
    expect(existsSync(file)).toBe(true);
  });

  it('falls back to the sources when the cache folder is not safely this user’s', () => {
    process.env['TMPDIR'] = join(temp, 'open');
    const open = join(process.env['TMPDIR'], `jury-sample-bots-${process.getuid?.() ?? 'user'}`);
    mkdirSync(open, { recursive: true });
    chmodSync(open, 0o777);
    expect(compiledSampleScript(script)).toBeNull();
  });

  it('falls back to the sources when a source is missing', () => {
    process.env['TMPDIR'] = join(temp, 'missing');
    mkdirSync(process.env['TMPDIR']);
    expect(compiledSampleScript('/nowhere/electron/engine/bots/samples/sample-bot.ts')).toBeNull();
    expect(existsSync(join(temp, 'missing'))).toBe(true);
  });
});
