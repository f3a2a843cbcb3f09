import { describe, expect, it } from 'vitest';
import { FakeClock, ScriptedPlayer } from '../../../test/fixtures/caia/memory-player.ts';
import { awaitFirstError, firstErrorType, formatFirstError } from './first-error.ts';

const TAG = "<caiaio:_player_sends_'\\n'>";

/** Waits on a made-up clock: sleeping moves it. */
function timing(clock: FakeClock) {
  return {
    clock: clock.read,
    sleep: async (ms: number) => clock.advance(ms * 1000),
  };
}

describe('firsterror (PROTOCOL.md §7)', () => {
  it("reads a player's first stderr line within the time", async () => {
    const clock = new FakeClock();
    const p = new ScriptedPlayer(clock).at({ afterMs: 120, stderr: 'R goodplayer\nmore\n' });
    const line = await awaitFirstError(p, 500, timing(clock));
    expect(line).toBe('R goodplayer');
    expect(formatFirstError(line)).toBe('firsterror R goodplayer');
    expect(firstErrorType(line)).toBe('R');
  });

  it('says no_firsterror for a silent player, after the whole wait', async () => {
    const clock = new FakeClock();
    const start = clock.now;
    const line = await awaitFirstError(new ScriptedPlayer(clock), 500, timing(clock));
    expect(line).toBeNull();
    expect(formatFirstError(line)).toBe('no_firsterror');
    expect(clock.now - start).toBe(500_000);
    expect(firstErrorType(line)).toBe('D');
  });

  it('pads a dead player (nothing written) to two tags, and a one-word line to two words', async () => {
    const clock = new FakeClock();
    const dead = new ScriptedPlayer(clock).at({ afterMs: 1, exit: { code: null, signal: 'SIGSEGV' } });
    const line = await awaitFirstError(dead, 500, timing(clock));
    expect(line).toBe('');
    expect(formatFirstError(line)).toBe(`firsterror ${TAG} ${TAG}`);
    expect(formatFirstError('Deterministic')).toBe(`firsterror Deterministic ${TAG}`);
    expect(firstErrorType('Sometimes x')).toBe('S');
  });
});
