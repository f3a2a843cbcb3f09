/**
 * Moving through a replay: step indexes (0 is the opening position, the last is the final position),
 * the buttons' actions and the keyboard (←/→ one move, Home/End the ends).
 */

/** What the replay's buttons and keys do. */
export type NavAction = 'first' | 'prev' | 'next' | 'last';

/** `step` held inside a replay of `count` steps (0 when there are none); fractions are rounded down. */
export function clampStep(step: number, count: number): number {
  if (count <= 0 || !Number.isFinite(step)) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor(step)));
}

/** The step an action leads to from `step`. */
export function navigate(step: number, count: number, action: NavAction): number {
  switch (action) {
    case 'first':
      return 0;
    case 'prev':
      return clampStep(step - 1, count);
    case 'next':
      return clampStep(step + 1, count);
    case 'last':
      return clampStep(count - 1, count);
  }
}

const KEYS: Readonly<Record<string, NavAction>> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/** The action of a key (`KeyboardEvent.key`), or null for a key the replay does not use. */
export function actionForKey(key: string): NavAction | null {
  return KEYS[key] ?? null;
}

/** What {@link keyTargetsField} needs to know about the element that has the focus. */
export interface KeyTarget {
  readonly tagName: string;
  readonly isContentEditable?: boolean;
}

/**
 * Whether a key press belongs to a form field (a text box, a menu, the slider), which handles the arrows
 * itself: the replay's own keys must then stay quiet, or one press would move two steps.
 */
export function keyTargetsField(target: KeyTarget | null): boolean {
  if (target === null) return false;
  const tag = target.tagName.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true;
}
