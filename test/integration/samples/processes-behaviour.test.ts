import { describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.ts';
import { cleanExit, sampleCommand } from './sample-files.ts';

const LESS_BOARD =
  '0100000010000020000101001211000110000010010000101000000000010001101010001001000010000000000000100000101011001010';

/** Everything a bot wrote until its standard output closed. */
async function allOutput(bot: BotProcess): Promise<string[]> {
  const lines: string[] = [];
  for (let line = await bot.next(5_000); line !== null; line = await bot.next(5_000)) lines.push(line);
  return lines;
}

describe('sample bot processes outside a normal game', () => {
  it('answer Windows line ends, and exit with 0 on Quit', async () => {
    const bot = new BotProcess(sampleCommand('6561', 'greedy'));
    bot.send(['A\r']);
    expect(await bot.next(5_000)).toMatch(/^[1-4]{2}$/);
    bot.send(['Quit\r']);
    expect(await bot.exited).toEqual(cleanExit);
  });

  it('exit with 0 when the judge closes their input in the middle of a game', async () => {
    const bot = new BotProcess(sampleCommand('more', 'random'));
    bot.send(['010200100010010100110001000011000010000000000101010100100000']);
    bot.closeInput();
    expect(await bot.exited).toEqual(cleanExit);
    expect(await allOutput(bot)).toEqual([]);
  });

  it('write a whole Less rush after Move, one move a line, and exit with 0 on Quit', async () => {
    const bot = new BotProcess(sampleCommand('less', 'random'));
    bot.send([LESS_BOARD, 'Black', 'Move']);
    const first = await bot.next(5_000);
    bot.send(['Quit']);
    const rest = await allOutput(bot);
    const rush = [first, ...rest];
    expect(rush.length).toBeGreaterThan(8);
    for (const line of rush) expect(line).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    expect(await bot.exited).toEqual(cleanExit);
  });

  it('play the same moves for the same seed', async () => {
    const firstMoves = await Promise.all(
      [1, 2].map(async () => {
        const bot = new BotProcess(sampleCommand('flit', 'random'), ['--seed', '7']);
        bot.send([
          '1',
          '15 6 1',
          '25 6 2',
          '18 9 3',
          '9 13 4',
          '27 28 1',
          '22 18 2',
          '15 20 3',
          '2 22 4',
          'M',
        ]);
        const move = await bot.next(5_000);
        bot.closeInput();
        await bot.exited;
        return move;
      }),
    );
    expect(firstMoves[0]).toMatch(/^\d+ \d+ \d+ \d+$/);
    expect(firstMoves[1]).toBe(firstMoves[0]);
  });

  it('exit with 1 and one line on standard error, nothing on standard output, when the protocol is broken', async () => {
    const bot = new BotProcess(sampleCommand('6561', 'random'));
    bot.send(['C']);
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    expect(await allOutput(bot)).toEqual([]);
    expect(bot.stderr).toBe('sample bot: expected one of A, B, got "C"\n');
  });

  it('exit with 2 and the usage on standard error for a bad command line', async () => {
    const bot = new BotProcess(sampleCommand('less', 'greedy'), ['--seed', 'many']);
    expect(await bot.exited).toEqual({ code: 2, signal: null });
    expect(await allOutput(bot)).toEqual([]);
    expect(bot.stderr).toContain('--seed needs an integer, got "many"');
    expect(bot.stderr).toContain('usage:');
  });
});
