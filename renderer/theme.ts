/**
 * The light and dark themes: theme.css defines the colours for `[data-theme=light]` and
 * `[data-theme=dark]`; this module picks one from the setting (`system` follows the operating system,
 * live) and sets it on `<html>`.
 */

import type { ThemeSetting } from '../shared/settings/choices.ts';

export type { ThemeSetting };

/** The theme actually shown. */
export type Theme = 'light' | 'dark';

/** The media query of a dark system theme. */
export const darkQuery = '(prefers-color-scheme: dark)';

/** The theme shown for a setting when the system prefers dark (or not). */
export function resolveTheme(setting: ThemeSetting, systemPrefersDark: boolean): Theme {
  if (setting === 'system') return systemPrefersDark ? 'dark' : 'light';
  return setting;
}

/** Where the theme is applied; the defaults are the page's own (tests pass their own). */
export interface ThemeTarget {
  readonly root: HTMLElement;
  readonly matchMedia: ((query: string) => MediaQueryList) | undefined;
}

function pageTarget(): ThemeTarget {
  return {
    root: document.documentElement,
    matchMedia: typeof window.matchMedia === 'function' ? window.matchMedia.bind(window) : undefined,
  };
}

/**
 * Shows the theme of `setting` (`data-theme` and `color-scheme` on `<html>`, so native controls and
 * scroll bars follow). With `system` it keeps following the system's preference until the returned
 * function is called.
 */
export function applyTheme(setting: ThemeSetting, target: ThemeTarget = pageTarget()): () => void {
  const media = target.matchMedia?.(darkQuery);
  const show = (): void => {
    const theme = resolveTheme(setting, media?.matches ?? false);
    target.root.dataset.theme = theme;
    target.root.style.colorScheme = theme;
  };
  show();
  if (setting !== 'system' || !media) return () => undefined;
  media.addEventListener('change', show);
  return () => media.removeEventListener('change', show);
}
