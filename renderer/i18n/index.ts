import { createI18n, type LocaleMessageValue, type VueMessageType } from 'vue-i18n';
import { isLanguage, LANGUAGES } from '../../shared/settings/choices.ts';
import { messages, type Locale } from './messages/index.ts';

/**
 * English and Dutch texts (vue-i18n, Composition API mode). Each area of the app keeps its texts in its
 * own file under messages/; the language comes from the settings store (App.vue sets the global locale).
 */
export function createJuryI18n(locale: Locale = 'en') {
  // The area files are plain nested objects of strings; messages.test.ts checks every leaf is a text.
  const texts = messages as Record<Locale, Record<string, LocaleMessageValue<VueMessageType>>>;
  return createI18n({ legacy: false, locale, fallbackLocale: 'en', messages: texts });
}

/** The languages of the app, in the order the settings screen offers them. */
export const locales: readonly Locale[] = LANGUAGES;

/** Whether a string names one of the app's languages. */
export const isLocale: (value: string) => value is Locale = isLanguage;

export type { Locale } from './messages/index.ts';
