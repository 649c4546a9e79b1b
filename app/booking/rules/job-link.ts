/** A leg's private job link (issue 15): its path, and the token's shape checked before any lookup. */
export const isJobTokenShape = (token: string): boolean => /^[\w-]{32}$/.test(token);

export const jobPath = (token: string) => `/job/${token}`;
