/**
 * Every admin URL and admin API call, over HTTP against the running server, as an attacker would
 * try them: no session, a forged cookie/token, an expired session and a non-admin account.
 * The list comes from app/routes.ts (tests/setup/admin-routes.ts): a new admin page is checked
 * automatically, and so is every new /api route unless it is listed there as public.
 */
import { adminApiRoutes, adminPageRoutes } from "../setup/admin-routes";
import { createAccount, createUserSession, expiredSession, sessionCookieHeader, SESSION_COOKIE } from "./admin-helpers";
import { expect, test } from "./fixtures";

async function expiredAdminSession(): Promise<string> {
  return expiredSession((await createAccount("admin")).userId);
}

test.describe("admin routes refuse anyone but a signed-in admin", () => {
  const pages = adminPageRoutes();
  const apis = adminApiRoutes();

  test("the route table has the back office in it", () => {
    expect(pages.length).toBeGreaterThan(8);
    expect(apis.map((a) => a.url)).toContain("/api/settings");
  });

  test("every admin page sends strangers, forged and expired sessions to the login, and a driver to their trips", async ({ request }) => {
    const who: Record<string, string | undefined> = {
      none: undefined,
      forged: "Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3Q",
      expired: await expiredAdminSession(),
      nonAdmin: (await createUserSession("driver")).token,
    };
    for (const route of pages) {
      for (const method of route.methods) {
        for (const [label, token] of Object.entries(who)) {
          const response = await request.fetch(route.url, {
            method,
            headers: token ? { cookie: await sessionCookieHeader(token) } : {},
            form: method === "POST" ? { intent: "probe" } : undefined,
            maxRedirects: 0,
          });
          const location = response.headers()["location"] ?? "";
          const body = await response.text();
          // a signed-in driver is sent to their own trips, everyone else to the login
          const to = label === "nonAdmin" ? "/driver" : "/admin/login";
          // A POST to a page without an action is refused by the router itself (405, an error page).
          const answer = response.status() === 405 && method === "POST" ? { status: 302, to } : { status: response.status(), to: location.split("?")[0] };
          expect({ url: route.url, method, label, ...answer }).toEqual({ url: route.url, method, label, status: 302, to });
          expect(body).not.toContain("Yönetim menüsü");
          expect(body).not.toContain("Toplam Rezervasyon");
        }
      }
    }
  });

  test("every admin API call answers 401 without a live session and 403 for a non-admin", async ({ request }) => {
    const nonAdmin = (await createUserSession("driver")).token;
    const expired = await expiredAdminSession();
    const liveAdmin = (await createUserSession("admin")).token;
    for (const route of apis) {
      for (const method of route.methods) {
        for (const [label, headers, expected] of [
          ["none", {}, 401],
          ["forged bearer", { authorization: "Bearer Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3Q" }, 401],
          ["expired cookie", { cookie: await sessionCookieHeader(expired) }, 401],
          ["unsigned cookie of a live admin session", { cookie: `${SESSION_COOKIE}=${liveAdmin}` }, 401],
          ["non-admin bearer", { authorization: `Bearer ${nonAdmin}` }, 403],
          ["non-admin cookie", { cookie: await sessionCookieHeader(nonAdmin) }, 403],
        ] as const) {
          // Each with the body type it takes (any other is a 415 before the guard is asked).
          const upload = /\/files\/upload/.test(route.url);
          const response = await request.fetch(route.url, {
            method,
            headers: { ...headers, "content-type": upload ? "multipart/form-data; boundary=x" : "application/json" },
            data: method === "GET" ? undefined : upload ? "--x--\r\n" : "{}",
            maxRedirects: 0,
          });
          const status = response.status();
          // 405 refuses the method before anything happens; anything else must be the guard's answer.
          const refused = status === expected || status === 405;
          expect({ url: route.url, method, label, status, refused }).toEqual({ url: route.url, method, label, status, refused: true });
          if (status !== 405) expect((await response.json()).success).toBe(false);
        }
      }
    }
  });
});
