import { describe, expect, it } from 'vitest';
import { runCli } from './program.ts';

describe('jury --help', () => {
  it('ends with examples of the first commands an organiser runs', async () => {
    let out = '';
    const code = await runCli(['--help'], { out: (t) => (out += t), err: () => undefined });
    expect(code).toBe(0);
    const examples = out.slice(out.indexOf('\nExamples:\n'));
    expect(out).toContain('\nExamples:\n');
    for (const command of [
      'jury play more',
      'jury replay',
      'jury run',
      'jury standings',
      'jury export',
      'jury serve',
    ])
      expect(examples).toContain(`  ${command}`);
  });
});
