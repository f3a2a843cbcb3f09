/** Texts of the organiser's event screens (English and Dutch). */
export default {
  en: { event: {} },
  nl: { event: {} },
};
