/**
 * What the back office's guard sends with a refusal (403, app/auth/guard.server.ts), in a module of
 * its own: the root's error boundary asks it on every page, and loads the admin's error page
 * (app/admin/error-page.tsx) only when it is one, so the public pages do not carry that page.
 */
export interface ForbiddenData {
  forbidden: true;
  home?: string;
  lng?: string;
}

export const isForbiddenData = (value: unknown): value is ForbiddenData => (value as { forbidden?: unknown } | null)?.forbidden === true;
