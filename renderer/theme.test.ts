// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyTheme, darkQuery, resolveTheme, type ThemeTarget } from './theme.ts';

/** A media query list whose `matches` the test flips, firing `change` like a browser. */
function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initial,
    media: darkQuery,
    addEventListener: (_type: string, l: () => void) => listeners.add(l),
    removeEventListener: (_type: string, l: () => void) => listeners.delete(l),
  };
  const queries: string[] = [];
  return {
    listeners,
    queries,
    flip(value: boolean) {
      list.matches = value;
      for (const l of listeners) l();
    },
    matchMedia: (query: string) => {
      queries.push(query);
      return list as unknown as MediaQueryList;
    },
  };
}

function target(media: ReturnType<typeof fakeMedia>): ThemeTarget {
  return { root: document.createElement('html'), matchMedia: media.matchMedia };
}

describe('resolveTheme', () => {
  it('follows the system only for "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('sets an explicit theme and ignores the system', () => {
    const media = fakeMedia(true);
    const t = target(media);
    applyTheme('light', t);
    expect(t.root.dataset.theme).toBe('light');
    expect(t.root.style.colorScheme).toBe('light');
    expect(media.listeners.size).toBe(0);
  });

  it('follows the system preference live with "system" until stopped', () => {
    const media = fakeMedia(false);
    const t = target(media);
    const stop = applyTheme('system', t);
    expect(media.queries).toEqual([darkQuery]);
    expect(t.root.dataset.theme).toBe('light');
    media.flip(true);
    expect(t.root.dataset.theme).toBe('dark');
    stop();
    expect(media.listeners.size).toBe(0);
    media.flip(false);
    expect(t.root.dataset.theme).toBe('dark');
  });

  it('falls back to light without matchMedia', () => {
    const root = document.createElement('html');
    applyTheme('system', { root, matchMedia: undefined });
    expect(root.dataset.theme).toBe('light');
  });

  it('uses the page itself by default', () => {
    const stop = applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });
});
