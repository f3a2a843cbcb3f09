import type { Response } from '../../shared/ipc/contract.ts';

/**
 * A tournament's progress as the screens show it: the percentage, `finished/total`, the ETA as a short
 * duration, the colour of a state badge, and how big the live boards are for a given number of them.
 */

/** Where a tournament is (`idle`, `running`, … `aborted`). */
export type RunState = Response<'tournaments.list'>[number]['state'];

/** The percentage done, 0 … 100 (0 for an empty schedule), rounded down so 100 means all finished. */
export function percent(finished: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((finished / total) * 100)));
}

/** `12/40`. */
export function progressText(finished: number, total: number): string {
  return `${finished}/${total}`;
}

/** The unit words of a duration, from the user's language (`h`, `min`, `s`; Dutch `u`, `min`, `s`). */
export interface DurationUnits {
  readonly h: string;
  readonly min: string;
  readonly s: string;
}

const ENGLISH_UNITS: DurationUnits = { h: 'h', min: 'min', s: 's' };

/**
 * A duration as people read an ETA: `45 s`, `3 min 20 s`, `2 h 05 min` (seconds are noise once hours
 * show). Rounded up to whole seconds, so a remaining half second is not shown as 0 s.
 */
export function formatDuration(ms: number, units: DurationUnits = ENGLISH_UNITS): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} ${units.h} ${String(min).padStart(2, '0')} ${units.min}`;
  if (min > 0) return `${min} ${units.min} ${String(s).padStart(2, '0')} ${units.s}`;
  return `${s} ${units.s}`;
}

/** What the screens make of a tournament's state: where to look, what it offers, its badge colour. */
export interface StateFacts {
  /** Games under way or about to be: the live screen is where to look. */
  readonly active: boolean;
  /** Ended for good (all played) or for now (stopped, aborted, unfinished): "Run again" is offered. */
  readonly ended: boolean;
  /** A run can be started or continued. */
  readonly startable: boolean;
  /** The badge colour: a theme variable name without `--`. */
  readonly tone: 'accent' | 'ok' | 'danger' | 'muted' | 'warn';
}

/** The one switch over a tournament's states (exhaustive: a new state does not compile until placed). */
export function stateFacts(state: RunState): StateFacts {
  switch (state) {
    case 'running':
      return { active: true, ended: false, startable: false, tone: 'accent' };
    case 'paused':
    case 'stopping':
      return { active: true, ended: false, startable: false, tone: 'warn' };
    case 'done':
      return { active: false, ended: true, startable: false, tone: 'ok' };
    case 'aborted':
      return { active: false, ended: true, startable: true, tone: 'danger' };
    case 'stopped':
    case 'unfinished':
      return { active: false, ended: true, startable: true, tone: 'muted' };
    case 'idle':
      return { active: false, ended: false, startable: true, tone: 'muted' };
  }
}

/** A tournament with games under way or about to be: the live screen is where to look. */
export function isActive(state: RunState): boolean {
  return stateFacts(state).active;
}

/** A tournament that has ended for good (all played) or for now (stopped, aborted, unfinished). */
export function isEnded(state: RunState): boolean {
  return stateFacts(state).ended;
}

/** The badge colour of a state: a theme variable name without `--`. */
export function stateTone(state: RunState): StateFacts['tone'] {
  return stateFacts(state).tone;
}

/**
 * The side of each live board in pixels, so that `count` boards make a roughly square grid on a wall
 * `width` pixels wide: about √count columns, fewer when boards would get smaller than `min` (the wall
 * scrolls then), and never bigger than `max`.
 */
export function wallBoardSize(count: number, width: number, min = 200, max = 520): number {
  const gap = 16; // between cards
  const card = 32; // a card's padding and border around its board
  if (count <= 0) return max;
  const fitting = Math.max(1, Math.floor((width + gap) / (min + card + gap)));
  const columns = Math.min(Math.ceil(Math.sqrt(count)), fitting);
  const size = Math.floor((width - gap * (columns - 1)) / columns) - card;
  return Math.max(min, Math.min(max, size));
}
