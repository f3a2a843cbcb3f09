import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findSampleBot } from '../../engine/bots/samples/index.ts';
import { sampleLaunch } from '../../engine/bots/samples/launch.ts';
import { processLauncher } from '../../engine/bot-launcher.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { fromRecord, smokeTest } from './smoke-test.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../test/fixtures/bots/${name}`, import.meta.url));

describe('smokeTest (real processes)', () => {
  it('passes a sample bot, with its side of the dialogue', async () => {
    const greedy = findSampleBot('more-greedy')!;
    const result = await smokeTest({ name: 'Greedy', ...sampleLaunch(greedy) }, 'more', processLauncher(), {
      seed: 3,
    });
    expect(result.passed).toBe(true);
    expect(result.verdict).toMatch(/^Played \d+ moves without a fault; scored -?\d+\.$/);
    expect(result.statuses).toEqual(['OK', 'OK']);
    expect(result.scores).toHaveLength(2);
    expect(result.verdict).toContain(`scored ${result.scores[0]}.`);
    expect(result.dialogue.length).toBeGreaterThan(2);
    expect(result.dialogue.every((l) => l.seat === 0)).toBe(true);
    expect(result.dialogue.some((l) => l.dir === 'in')).toBe(true);
    expect(result.dialogue.some((l) => l.dir === 'out')).toBe(true);
    // Its moves carry their number in the game as the viewer shows it: More's White moves 1, 3, 5 …
    const numbers = result.dialogue.flatMap((l) => (l.move === undefined ? [] : [l.move]));
    const played = Number(/^Played (\d+) moves/.exec(result.verdict)?.[1]);
    expect(numbers).toEqual(Array.from({ length: played }, (_, i) => 2 * i + 1));
    expect(result.dialogue.every((l) => l.move === undefined || l.dir === 'out')).toBe(true);
  });

  it('fails a bot that crashes, naming the status in the verdict', async () => {
    const result = await smokeTest(
      { name: 'Crasher', command: [process.execPath, fixture('crash-start.js')] },
      '6561',
      processLauncher(),
      { seed: 1 },
    );
    expect(result.passed).toBe(false);
    expect(result.statuses[0]).toBe('CRASH');
    expect(result.verdict).toMatch(/^CRASH: crashed at move \d+: it exited with code 3/);
    expect(result.verdict).toContain('crash-start: dying before the game');
  });

  it('fails a bot that cannot be started, with the reason, before playing', async () => {
    const result = await smokeTest(
      { name: 'Ghost', command: ['/nonexistent/ghost-bot'] },
      'more',
      processLauncher(),
    );
    expect(result.passed).toBe(false);
    expect(result.verdict).toBe(
      'Could not start Ghost: cannot start /nonexistent/ghost-bot: it does not exist.',
    );
    expect(result.statuses).toEqual([]);
  });

  it('fails without throwing when the launcher cannot start a bot', async () => {
    const launcher = {
      launch: () => Promise.reject(new Error('no more processes')),
    };
    const result = await smokeTest({ name: 'X', command: ['x'] }, 'more', launcher);
    expect(result).toEqual({
      passed: false,
      verdict: 'Could not play: no more processes',
      dialogue: [],
      scores: [],
      statuses: [],
    });
  });
});

describe('fromRecord', () => {
  it('keeps the first 300 lines of seat 0 and counts only its own moves', () => {
    const lines = Array.from({ length: 700 }, (_, i) => ({
      t: i,
      dir: i % 2 === 0 ? ('in' as const) : ('out' as const),
      seat: i % 3 === 2 ? 1 : 0,
      text: `line ${i}`,
    }));
    const seat = (status: 'OK' | 'TIMEOUT', score: number) => ({
      status,
      score,
      failure: status === 'OK' ? null : { kind: 'timeout' as const, ply: 4, usedUs: 10_002_000, pending: '' },
      killedAfterEnd: false,
      stderr: { shown: '', full: '', truncated: false, bytes: 0 },
    });
    const record = {
      lines,
      moves: [
        { ply: 0, seat: 0, line: 'a', by: 'bot' },
        { ply: 1, seat: 1, line: 'b', by: 'bot' },
        { ply: 2, seat: 0, line: 'c', by: 'takeover' },
      ],
      end: { kind: 'all-passed' },
      seats: [seat('TIMEOUT', 3), seat('OK', 9)],
      scores: [3, 9],
    } as unknown as GameRecord;
    const result = fromRecord(record);
    expect(result.dialogue).toHaveLength(300);
    expect(result.dialogue[0]).toEqual({ seat: 0, dir: 'in', text: 'line 0' });
    expect(result.dialogue.every((l) => l.seat === 0)).toBe(true);
    expect(result.verdict).toBe('TIMEOUT: time limit exceeded at move 5 after 10.002 s.');
    expect(result).toMatchObject({ passed: false, scores: [3, 9], statuses: ['TIMEOUT', 'OK'] });

    const ok = fromRecord({ ...record, seats: [seat('OK', 12), seat('OK', 1)] } as GameRecord);
    expect(ok.verdict).toBe('Played 1 move without a fault; scored 12.');
  });
});
