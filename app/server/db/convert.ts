/**
 * The one place where stored values become application values and back, for both engines:
 * booleans are integers 0/1, lists and objects are JSON text, counts may come back as strings
 * (PostgreSQL bigint).
 */

export const toBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

/** Parses JSON text, returning `fallback` for anything malformed or of the wrong kind. */
export function parseJson<T>(text: string | null | undefined, fallback: T, guard?: (v: unknown) => v is T): T {
  if (text === null || text === undefined || text === "") return fallback;
  try {
    const value: unknown = JSON.parse(text);
    if (guard) return guard(value) ? value : fallback;
    return value as T;
  } catch {
    return fallback;
  }
}

export const toJson = (value: unknown): string => JSON.stringify(value ?? null);

/** `count(*)` is a number on SQLite and a string on PostgreSQL. */
export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

export const nowIso = (): string => new Date().toISOString();
