/** Ids are application-made UUIDs (or seed slugs): anything else in a path is simply not found. */
export const isPlausibleId = (id: string | undefined): id is string => typeof id === "string" && /^[\w-]{1,64}$/.test(id);
