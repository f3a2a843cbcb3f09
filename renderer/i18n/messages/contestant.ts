/** Texts of the contestant page (renderer/contestant.html) (English and Dutch). */
export default {
  en: { contestant: {} },
  nl: { contestant: {} },
};
