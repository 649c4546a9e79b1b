/**
 * Intl formatters, made once per locale and options and reused: constructing one costs far more
 * than formatting with it (a booking's mails format a dozen dates, distances and amounts), so a
 * busy server keeps them. The options are the cache key (JSON of the object as given).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Enough for every language × style the app uses; beyond it the cache starts over. */
const MAX_FORMATS = 500;

function cached<F>(cache: Map<string, F>, locale: string | string[] | undefined, options: object | undefined, make: () => F): F {
  const key = `${String(locale)}|${JSON.stringify(options ?? {})}`;
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= MAX_FORMATS) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, shared. */
export const dateTimeFormat = (locale?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));

/** `new Intl.NumberFormat(locale, options)`, shared. */
export const numberFormat = (locale?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

const listFormats = new Map<string, Intl.ListFormat>();

/** `new Intl.ListFormat(locale, options)`, shared ("TRY, EUR or USD" on every results page). */
export const listFormat = (locale?: string | string[], options?: Intl.ListFormatOptions): Intl.ListFormat =>
  cached(listFormats, locale, options, () => new Intl.ListFormat(locale, options));
