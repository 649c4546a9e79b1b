/**
 * Before the specs (Playwright's global setup, after the shared server is up): the shared server's
 * office confirms each booking itself (Ayarlar → Rezervasyon → Anında onay off), set through the
 * settings API as the office would. The specs were written about what follows a booking that
 * waits for the office (confirming it, its history, the audit log). The demo's default, instant
 * confirmation, is seen on a server of its own (instant-confirmation.spec.ts).
 */
import { E2E_ADMIN } from "../../playwright.config";

export default async function globalSetup() {
  await officeConfirms(`http://127.0.0.1:${process.env.E2E_PORT}`);
}

/** Switches instant confirmation off on the server at `base`, through the settings API as the office would. */
export async function officeConfirms(base: string) {
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  if (!login.ok) throw new Error(`global setup: sign-in answered ${login.status}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const settings = ((await (await fetch(`${base}/api/settings`, { headers })).json()) as { data: { booking: Record<string, unknown> } }).data;
  const saved = await fetch(`${base}/api/settings`, { method: "PUT", headers, body: JSON.stringify({ ...settings, booking: { ...settings.booking, autoConfirm: false } }) });
  if (!saved.ok) throw new Error(`global setup: PUT /api/settings answered ${saved.status}: ${await saved.text()}`);
  await fetch(`${base}/api/auth/logout`, { method: "POST", headers });
}
