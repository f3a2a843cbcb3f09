import { describe, expect, it } from 'vitest';
import { GameGate } from './game-gate.ts';

/** A task that runs until `finish()` is called, logging its start and end. */
function task(log: string[], name: string): { run: () => Promise<void>; finish: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
    },
    finish: () => finish(),
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('GameGate: builds never run while a game is played', () => {
  it('a build waits for the games in progress; games waiting for it go first after it', async () => {
    const gate = new GameGate();
    const log: string[] = [];
    const [g1, g2, b1, b2, g3, g4] = ['g1', 'g2', 'b1', 'b2', 'g3', 'g4'].map((n) => task(log, n));
    const running = [gate.game(g1!.run), gate.game(g2!.run)];
    await settle();
    const builds = [gate.build(b1!.run)];
    await settle();
    // A game that would start now waits: a build is waiting.
    running.push(gate.game(g3!.run));
    await settle();
    expect(log).toEqual(['g1 starts', 'g2 starts']);
    g1!.finish();
    await settle();
    expect(log).toEqual(['g1 starts', 'g2 starts', 'g1 ends']);
    g2!.finish();
    await settle();
    expect(log.slice(3)).toEqual(['g2 ends', 'b1 starts']);
    expect(gate.games).toBe(0);
    // The next build queued meanwhile waits its turn after g3.
    builds.push(gate.build(b2!.run));
    b1!.finish();
    await settle();
    expect(log.slice(5)).toEqual(['b1 ends', 'g3 starts']);
    running.push(gate.game(g4!.run));
    g3!.finish();
    await settle();
    // g4 came while b2 waited: b2 had the gap after g3 first.
    expect(log.slice(7)).toEqual(['g3 ends', 'b2 starts']);
    b2!.finish();
    await settle();
    expect(log.slice(9)).toEqual(['b2 ends', 'g4 starts']);
    g4!.finish();
    await Promise.all([...running, ...builds]);
    expect(gate.games).toBe(0);
  });

  it('outside competitions builds run at once, one at a time; a failed one lets the games go', async () => {
    const gate = new GameGate();
    await expect(gate.build(async () => 1)).resolves.toBe(1);
    await expect(
      gate.build(async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    await expect(gate.game(async () => 'played')).resolves.toBe('played');
    await expect(
      gate.game(async () => {
        throw new Error('bad board');
      }),
    ).rejects.toThrow('bad board');
    expect(gate.games).toBe(0);
    await expect(gate.build(async () => 2)).resolves.toBe(2);
  });
});
