import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalGameId } from '../../../shared/games/registry.ts';
import { processLauncher } from '../../engine/bot-launcher.ts';
import { loadPackageGame } from '../../engine/packages/admit.ts';
import { smokeTest } from './smoke-test.ts';

const TOY = resolve('test/fixtures/caia/toy');
const PLAYER = resolve(TOY, 'player.js');
const toy = externalGameId('pkg-toy');

describe('the smoke test of a program for a game package (real processes)', () => {
  it('passes a good program against the sample player and shows its firsterror and first lines', async () => {
    expect((await loadPackageGame(TOY)).ok).toBe(true);
    const bot = { name: 'Mine', command: [PLAYER, '--stderr=R random player'] };
    const result = await smokeTest(bot, toy, processLauncher(), { seed: 3 });
    expect(result).toMatchObject({
      passed: true,
      statuses: ['OK', 'OK'],
      firstError: 'firsterror R random player',
    });
    expect(result.verdict).toMatch(/^Played a full game without a fault; scored \d+\.$/);
    expect(result.dialogue[0]).toEqual({ seat: 0, dir: 'in', text: 'Start' });
    expect(result.dialogue[1]).toEqual({ seat: 0, dir: 'out', text: '1' });
  });

  it('fails a program that crashes, with its status and no firsterror when it wrote none to stderr', async () => {
    const bot = { name: 'Crasher', command: [PLAYER, '--kill-start'] };
    const result = await smokeTest(bot, toy, processLauncher(), { seed: 3 });
    expect(result.passed).toBe(false);
    expect(result.statuses[0]).toBe('CRASH');
    expect(result.verdict).toMatch(/^CRASH: /);
    expect(result.firstError).toBe('no_firsterror');
  });
});
