import { describe, expect, it } from 'vitest';
import type { GameRecord } from './schema.ts';
import { limitsLine, renderTranscript } from './transcript.ts';
import { smallRecord } from '../../../test/helpers/small-record.ts';

const limits: NonNullable<GameRecord['limits']> = {
  requested: { memoryMiB: 1024, maxProcesses: 64, network: false },
  applied: [
    { limit: 'memory', detail: '1024 MiB (memory cgroup)' },
    { limit: 'processes', detail: '64 processes of Jury user', partial: true },
    { limit: 'containment', detail: 'own PID namespace' },
  ],
  notApplied: [{ limit: 'filesystem', why: 'bubblewrap (bwrap) is not installed' }],
  containment: 'pid-namespace',
};

describe('the transcript limits line', () => {
  it('names what was asked and each protection, never an object', () => {
    expect(limitsLine(limits)).toBe(
      'limits: 1024 MiB memory, 64 processes, no network; enforced: memory, containment; ' +
        'partial: processes; not applied: filesystem (bubblewrap (bwrap) is not installed)',
    );
  });

  it('says when nothing was capped or enforced', () => {
    const open = {
      ...limits,
      requested: { memoryMiB: null, maxProcesses: null, network: true },
      applied: [],
      notApplied: [],
    };
    expect(limitsLine(open)).toBe('limits: no memory cap, no process cap, network allowed; enforced: none');
  });

  it('is the line of a rendered transcript, and absent without limits', () => {
    const text = renderTranscript(smallRecord(limits));
    const line = text.split('\n').find((l) => l.startsWith('limits:'));
    expect(line).toBe(limitsLine(limits));
    expect(text).not.toContain('[object Object]');
    expect(renderTranscript(smallRecord(null))).not.toContain('limits:');
  });

  it('says no valid move was left on a turn the judge was playing, not that the crashed bot had none', () => {
    const crashed = smallRecord(null);
    const [first, second] = crashed.seats;
    const game: GameRecord = {
      ...crashed,
      seats: [{ ...first!, name: 'Crasher', takeover: { fromPly: 4, moves: 9 } }, second!],
    };
    expect(renderTranscript(game)).toContain(
      "end: no valid move was left on A's turn, which the judge was playing since move 5\n",
    );
    expect(renderTranscript(crashed)).toContain('end: A had no valid move\n');
  });
});
