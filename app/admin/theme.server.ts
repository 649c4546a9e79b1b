/**
 * The back office's theme: the browser's choice in a cookie (the top-bar toggle), else
 * settings.appearance.darkMode (dark by default).
 */
export const THEME_COOKIE = "vt_admin_theme";
export type AdminTheme = "dark" | "light";

export function readAdminTheme(request: Request, darkModeDefault: boolean): AdminTheme {
  const cookies = request.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)vt_admin_theme=(dark|light)(?:;|$)/.exec(cookies);
  if (match) return match[1] as AdminTheme;
  return darkModeDefault ? "dark" : "light";
}

export function themeCookie(theme: AdminTheme, secure: boolean): string {
  return [`${THEME_COOKIE}=${theme}`, "Path=/admin", "SameSite=Lax", `Max-Age=${365 * 24 * 3600}`, ...(secure ? ["Secure"] : [])].join("; ");
}
