import type { Locale } from '../i18n/index.ts';

/**
 * The contestant page's language: the one chosen before (kept in the browser's localStorage), else the
 * first of the browser's languages the page has (`nl-BE` → Dutch), else English.
 */

/** The localStorage key of the chosen language. */
export const LOCALE_KEY = 'jury.contestant.locale';

/** The language to start in, from what was stored and the browser's languages (navigator.languages). */
export function initialLocale(stored: string | null, browser: readonly string[]): Locale {
  if (stored === 'en' || stored === 'nl') return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'nl' || primary === 'en') return primary;
  }
  return 'en';
}

/** The browser's storage, or null where it is refused (private windows, a blocked site). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The language stored in this browser, if any. */
export function storedLocale(): string | null {
  try {
    return storage()?.getItem(LOCALE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `locale` for the next visit; a browser that refuses storage just forgets it. */
export function storeLocale(locale: Locale): void {
  try {
    storage()?.setItem(LOCALE_KEY, locale);
  } catch {
    // Nothing to do: the page still shows the language until it is closed.
  }
}
