// Making an Intl.NumberFormat costs far more than using one, and the standings format every cell again
// on each live refresh: one formatter per language and number of decimals.
const formatters = new Map<string, Intl.NumberFormat>();

/** A number with a fixed count of decimals in the user's language (`1.50`, `1,50`). */
export function formatNumber(value: number, decimals: number, locale: string): string {
  const key = `${locale}/${decimals}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, format);
  }
  return format.format(value);
}
