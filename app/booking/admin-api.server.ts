/**
 * Small helpers of the admin JSON API: reading a JSON object body without ever throwing, and
 * checking a path id before it reaches a query.
 */

/** The request's JSON object body, or undefined when it is missing, malformed, too big or not an object. */
export async function readJsonObject(request: Request, maxBytes = 256 * 1024): Promise<Record<string, unknown> | undefined> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  let text: string;
  try {
    text = await request.text();
  } catch {
    return undefined;
  }
  if (text.length > maxBytes) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Ids are application-made UUIDs (or seed slugs): anything else is simply not found. */
export const isPlausibleId = (id: string | undefined): id is string => typeof id === "string" && /^[\w-]{1,64}$/.test(id);
