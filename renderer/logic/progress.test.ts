import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  isActive,
  isEnded,
  percent,
  stateFacts,
  progressText,
  stateTone,
  wallBoardSize,
} from './progress.ts';

describe('percent and progressText', () => {
  it('rounds down so that 100 means all finished', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33);
    expect(percent(199, 200)).toBe(99);
    expect(percent(200, 200)).toBe(100);
    expect(progressText(12, 40)).toBe('12/40');
  });
});

describe('formatDuration', () => {
  it('shows seconds, minutes with seconds, hours with minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(400)).toBe('1 s');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(7_500_000)).toBe('2 h 05 min');
  });

  it('uses the given unit words', () => {
    expect(formatDuration(3_600_000, { h: 'u', min: 'min', s: 's' })).toBe('1 u 00 min');
  });
});

describe('states', () => {
  it('tells active from ended states and colours them', () => {
    expect(['idle', 'running', 'paused', 'stopping', 'done'].map((s) => isActive(s as never))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(isEnded('done')).toBe(true);
    expect(isEnded('aborted')).toBe(true);
    expect(isEnded('paused')).toBe(false);
    expect(stateTone('running')).toBe('accent');
    expect(stateTone('done')).toBe('ok');
    expect(stateTone('aborted')).toBe('danger');
    expect(stateTone('paused')).toBe('warn');
    expect(stateTone('idle')).toBe('muted');
  });

  it('offers to continue or run again a tournament left unfinished (Jury restarted mid-run)', () => {
    expect(stateFacts('unfinished')).toEqual({ active: false, ended: true, startable: true, tone: 'muted' });
    // Never started: no "Run again" yet, only a start.
    expect(stateFacts('idle')).toMatchObject({ ended: false, startable: true });
    expect(stateFacts('done')).toMatchObject({ ended: true, startable: false });
  });
});

describe('wallBoardSize', () => {
  it('shows one board big and caps it', () => {
    expect(wallBoardSize(1, 1200)).toBe(520);
    expect(wallBoardSize(0, 1200)).toBe(520);
  });

  it('makes a square-ish grid: 8 boards in 3 columns on a wide wall', () => {
    // (1200 - 2·16) / 3 - 32 = 357
    expect(wallBoardSize(8, 1200)).toBe(357);
    expect(wallBoardSize(4, 1000)).toBe(460);
  });

  it('uses fewer columns on a narrow wall rather than boards below the minimum', () => {
    // 600 px fits two columns of at least 200: (600 - 16) / 2 - 32 = 260
    expect(wallBoardSize(8, 600)).toBe(260);
    expect(wallBoardSize(8, 150)).toBe(200);
  });
});
