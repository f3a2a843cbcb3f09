/**
 * The one list of each user choice the settings screen offers that is not about games: the app's
 * languages and its themes. The settings schema (shared/ipc/app-schemas.ts), vue-i18n's locales and the
 * settings screen derive from these; a new language is one entry here plus its texts in every area file
 * of renderer/i18n/messages/ (the compiler asks for them).
 */

/** The app's languages, in the order the settings screen offers them; the first is the default. */
export const LANGUAGES = ['en', 'nl'] as const;

/** One of the app's languages. */
export type Language = (typeof LANGUAGES)[number];

/** Whether a string names one of the app's languages. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The theme settings, in the order the settings screen offers them: `system` follows the system. */
export const THEME_SETTINGS = ['system', 'light', 'dark'] as const;

/** The theme setting. */
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/** Whether a string names a theme setting. */
export function isThemeSetting(value: string): value is ThemeSetting {
  return (THEME_SETTINGS as readonly string[]).includes(value);
}
