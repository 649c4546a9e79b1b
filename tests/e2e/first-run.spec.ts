/**
 * A newcomer following the README: a fresh start without ADMIN_EMAIL/ADMIN_PASSWORD prints the
 * first admin (admin@localhost) and a generated password, and those credentials sign in, in the
 * login form and through POST /api/auth/login.
 */
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

test.describe("first run without ADMIN_EMAIL", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    // a first start seeds the fleet (pictures drawn with sharp): slow on a busy machine
    test.setTimeout(300_000);
    server = await startOwnServer("first-run", { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }, 280_000);
  });
  test.afterAll(() => server?.stop());

  test("the printed credentials sign in with the form and the API", async ({ page, request }) => {
    await expect.poll(() => server.stdout(), { message: "the first start prints the first admin" }).toContain("Password (shown once):");
    const printed = /First admin created: (\S+)\s+Password \(shown once\): (\S+)/.exec(server.stdout());
    expect(printed?.[1]).toBe("admin@localhost");
    const [, email, password] = printed!;

    await page.goto(`${server.base}/admin/login`);
    await page.getByLabel("E-posta").fill(email!);
    await page.getByLabel("Şifre", { exact: true }).fill(password!);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    const login = await request.post(`${server.base}/api/auth/login`, { data: { email, password } });
    expect(login.status()).toBe(200);
    const body = (await login.json()) as { data: { token: string; user: { email: string; role: string } } };
    expect(body.data.user).toMatchObject({ email: "admin@localhost", role: "admin" });
    const session = await request.get(`${server.base}/api/auth/session`, { headers: { authorization: `Bearer ${body.data.token}` } });
    expect(session.status()).toBe(200);

    // a wrong password for the same address is refused with the sign-in message, not the e-mail rule
    const wrong = await request.post(`${server.base}/api/auth/login`, { data: { email, password: "not-the-password" } });
    expect(wrong.status()).toBe(401);
  });
});
