import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botHash } from './bot-launcher.ts';

describe('botHash', () => {
  it('hashes the identity files when a bot names them, so changing any of them changes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-hash-'));
    const script = join(dir, 'sample-bot.ts');
    const strategy = join(dir, 'strategies.ts');
    writeFileSync(script, 'run();\n');
    writeFileSync(strategy, 'export const pick = 1;\n');
    const bot = { name: 'S', command: [process.execPath, script], identity: [script, strategy] };
    const before = await botHash(bot);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    // The program alone (the shared script) would not see the strategy change.
    const scriptOnly = await botHash({ name: 'S', command: [process.execPath, script] });
    writeFileSync(strategy, 'export const pick = 2;\n');
    expect(await botHash(bot)).not.toBe(before);
    expect(await botHash({ name: 'S', command: [process.execPath, script] })).toBe(scriptOnly);
    // An identity file that cannot be read: no hash, never a throw.
    expect(await botHash({ ...bot, identity: [join(dir, 'missing.ts')] })).toBeNull();
  });
});
