/**
 * Positions as personal data (issue 31): before it, a job step's position was written into the
 * booking's history (`changes.job`) and the audit log's details; the retention clears it there too.
 */

/**
 * A stored JSON object without the position keys (`lat`, `lng`, `accuracy`) at `path` ("job": in
 * the history's changes; null: at the top, as the audit's details); null when there is none to remove.
 */
export function withoutPosition(text: string | null, path: "job" | null): string | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const holder = (path ? parsed[path] : parsed) as Record<string, unknown> | undefined;
    if (!holder || typeof holder !== "object" || !("lat" in holder)) return null;
    delete holder.lat;
    delete holder.lng;
    delete holder.accuracy;
    return JSON.stringify(parsed);
  } catch {
    return null;
  }
}
