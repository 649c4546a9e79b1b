/**
 * Intl formatters made once per locale and options and reused: making one costs far more than
 * formatting with it, and a page formats dozens of dates and numbers (issue 17).
 */
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = dates.get(key);
  if (!format) dates.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}
