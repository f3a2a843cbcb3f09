import { describe, expect, it } from 'vitest';
import { addTranscriptFailure, addTranscriptLine, emptyTranscript, isTranscriptState } from './transcript.ts';

describe('a package game’s transcript', () => {
  it('keeps the last lines, counting the ones it left out, and the failure tags', () => {
    let state = emptyTranscript(2);
    for (let i = 0; i < 5; i++)
      state = addTranscriptLine(state, { ms: i, program: i % 3, dir: 'out', text: `l${i}` }, 3);
    expect(state.lines.map((l) => l.text)).toEqual(['l2', 'l3', 'l4']);
    expect(state.omitted).toBe(2);
    state = addTranscriptFailure(state, 2, '<caiaio:_player_timeout>');
    expect(state.failures).toEqual([{ player: 2, tag: '<caiaio:_player_timeout>' }]);
    expect(isTranscriptState(state)).toBe(true);
    expect(isTranscriptState({ board: 'x' })).toBe(false);
    expect(isTranscriptState(null)).toBe(false);
  });
});
