import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginError, verifyAdminLogin } from "~/auth/login.server";
import { findResetToken, resetPassword } from "~/auth/password-reset.server";
import { homeFor } from "~/auth/policy";
import { createSession, readSession } from "~/auth/session.server";
import { totpCode } from "~/auth/totp";
import { beginEnrolment, checkTotpCode, countRecoveryCodes, generateRecoveryCodes, isTotpEnabled } from "~/auth/two-factor.server";
import { createUser, findUserByEmail } from "~/auth/users.server";
import { createMailer } from "~/server/mail.server";
import { INVITE_TTL_DAYS, USERS } from "~/users/users";
import { createStaff, deactivateStaff, listStaff, reactivateStaff, resendInvite, resetStaffTwoFactor, updateStaff, type StaffContext } from "~/users/users.server";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });

describe.each(engines)("staff accounts on %s", (engine) => {
  let db: TestDb;
  let adminId: string;
  let ctx: StaffContext;
  beforeAll(async () => {
    db = await testDb(engine);
    adminId = (await createUser(db.kysely, { email: "boss@example.com", password: "boss-secret-1", role: "admin", name: "Patron" })).id;
    ctx = { actor: { id: adminId, label: "Patron" }, ip: "10.0.0.1", mailer, baseUrl: "https://vip.example/" };
  });
  afterAll(() => db.destroy());

  const invitationOf = (userId: string) =>
    db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "user-invite").where("related_id", "=", userId).orderBy("created_at", "desc").executeTakeFirstOrThrow();
  const tokenIn = (text: string) => /\/admin\/reset-password\/([\w-]+)/.exec(text)?.[1];
  const auditOf = (entityId: string) => db.kysely.selectFrom("audit_log").selectAll().where("entity_id", "=", entityId).orderBy("at").execute();
  /** What the office did to the account, in order (the account's own sign-ins are logged beside them). */
  const staffActions = (rows: Array<{ action: string }>) => rows.map((r) => r.action).filter((a) => a.startsWith("user."));

  it("creates a member without a password, mails a set-password link (no password in it) that lets them sign in", async () => {
    const result = await createStaff(db.kysely, { name: "  Ayşe   Yılmaz ", email: "Ayse@Example.com", phone: "0532 123 45 67", role: "dispatcher" }, ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.member).toMatchObject({ name: "Ayşe Yılmaz", email: "Ayse@Example.com", phone: "+90 532 123 45 67", role: "dispatcher", active: true, lastLoginAt: null, twoFactor: false, invitePending: true });

    const mail = await invitationOf(result.member.id);
    expect(mail.to_address).toBe("Ayse@Example.com");
    expect(mail.subject).toContain("hesabınız oluşturuldu");
    expect(mail.text_body).toContain("Hesabınız oluşturuldu");
    expect(mail.text_body).toContain("Operatör");
    expect(mail.text_body).not.toMatch(/şifreniz:|password:/i);
    const token = tokenIn(mail.text_body)!;
    expect(token).toBeDefined();
    expect(mail.html_body).toContain(`https://vip.example/admin/reset-password/${token}`);
    // the link lives for days, not the reset's 30 minutes
    const link = (await findResetToken(db.kysely, token))!;
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan((INVITE_TTL_DAYS * 24 - 1) * 3_600_000);

    // until the link is used, no password opens the account
    await expect(verifyAdminLogin(db.kysely, { email: "ayse@example.com", password: "", clientIp: "10.1.0.1" })).rejects.toBeInstanceOf(LoginError);
    expect(await resetPassword(db.kysely, token, "ayse-new-pass-1")).toBe(true);
    const user = await verifyAdminLogin(db.kysely, { email: "ayse@example.com", password: "ayse-new-pass-1", clientIp: "10.1.0.2" });
    expect(user.id).toBe(result.member.id);
    expect(homeFor(user.role)).toBe("/admin/dashboard");
    const listed = (await listStaff(db.kysely)).find((m) => m.id === user.id)!;
    expect(listed.lastLoginAt).not.toBeNull();
    expect(listed.invitePending).toBe(false);

    const audit = await auditOf(user.id);
    expect(staffActions(audit)).toEqual(["user.create"]);
    // the refused empty password and the first sign-in are the account's own entries
    expect(audit.map((a) => a.action).filter((a) => a.startsWith("auth.")).sort()).toEqual(["auth.login", "auth.login.failed"]);
    expect(audit[0]).toMatchObject({ user_id: adminId, user_label: "Patron", ip: "10.0.0.1", summary: "Ayse@Example.com" });
  });

  it("lands a driver account on /driver after setting the password", async () => {
    const result = await createStaff(db.kysely, { name: "Mehmet Şoför", email: "mehmet@example.com", role: "driver" }, ctx);
    if (!result.ok) throw new Error("create failed");
    const token = tokenIn((await invitationOf(result.member.id)).text_body)!;
    expect(await resetPassword(db.kysely, token, "driver-pass-1")).toBe(true);
    const user = await verifyAdminLogin(db.kysely, { email: "mehmet@example.com", password: "driver-pass-1", clientIp: "10.1.0.3" });
    expect(homeFor(user.role)).toBe("/driver");
  });

  it("refuses a duplicate e-mail (any case) and bad input with codes", async () => {
    const duplicate = await createStaff(db.kysely, { name: "İkinci", email: "AYSE@example.COM", role: "dispatcher" }, ctx);
    expect(duplicate).toMatchObject({ ok: false, status: 409, fields: { email: [{ code: USERS.emailTaken }] } });
    const bad = await createStaff(db.kysely, { name: " ", email: "not-an-address", phone: "12", role: "owner" }, ctx);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.status).toBe(400);
    expect(bad.fields.name?.[0]?.code).toBe(USERS.nameRequired);
    expect(bad.fields.email?.[0]?.code).toBe(USERS.emailInvalid);
    expect(bad.fields.phone?.[0]?.code).toBe(USERS.phoneInvalid);
    expect(bad.fields.role?.[0]?.code).toBe(USERS.roleInvalid);
    expect(await findUserByEmail(db.kysely, "not-an-address")).toBeUndefined();
  });

  it("deactivating ends the account's sessions at once and refuses its sign-in; reactivating lets it back", async () => {
    const created = await createStaff(db.kysely, { name: "Can Operatör", email: "can@example.com", role: "dispatcher" }, ctx);
    if (!created.ok) throw new Error("create failed");
    const id = created.member.id;
    const token = tokenIn((await invitationOf(id)).text_body)!;
    await resetPassword(db.kysely, token, "can-pass-123");
    const a = await createSession(db.kysely, id, { remember: true });
    const b = await createSession(db.kysely, id, { remember: false });
    expect(await readSession(db.kysely, a.token)).toBeDefined();

    const off = await deactivateStaff(db.kysely, id, ctx);
    expect(off).toMatchObject({ ok: true, member: { active: false } });
    expect(await readSession(db.kysely, a.token)).toBeUndefined();
    expect(await readSession(db.kysely, b.token)).toBeUndefined();
    expect(await db.kysely.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).toHaveLength(0);
    await expect(verifyAdminLogin(db.kysely, { email: "can@example.com", password: "can-pass-123", clientIp: "10.1.0.4" })).rejects.toMatchObject({ status: 403 });
    // an inactive account gets no invitation
    expect(await resendInvite(db.kysely, id, ctx)).toMatchObject({ ok: false, problem: { code: USERS.inactive } });

    expect(await reactivateStaff(db.kysely, id, ctx)).toMatchObject({ ok: true, member: { active: true, deactivatedAt: null } });
    expect((await verifyAdminLogin(db.kysely, { email: "can@example.com", password: "can-pass-123", clientIp: "10.1.0.4" })).id).toBe(id);
    const audit = await auditOf(id);
    expect(staffActions(audit)).toEqual(["user.create", "user.deactivate", "user.activate"]);
    expect(JSON.parse(String(audit.find((r) => r.action === "auth.login.failed")?.details))).toMatchObject({ reason: "inactive" });
  });

  it("keeps the last active admin: not deactivated, not demoted; nor one's own account", async () => {
    expect(await deactivateStaff(db.kysely, adminId, ctx)).toMatchObject({ ok: false, status: 403, problem: { code: USERS.self } });
    const other = { ...ctx, actor: { id: "someone-else", label: "Başka" } };
    expect(await deactivateStaff(db.kysely, adminId, other)).toMatchObject({ ok: false, status: 409, problem: { code: USERS.lastAdmin } });
    expect(await updateStaff(db.kysely, adminId, { role: "dispatcher" }, other)).toMatchObject({ ok: false, status: 409, fields: { role: [{ code: USERS.lastAdmin }] } });
    expect((await listStaff(db.kysely)).find((m) => m.id === adminId)).toMatchObject({ role: "admin", active: true });

    // with a second active admin, the first may be demoted; then the second is the last
    const second = await createStaff(db.kysely, { name: "İkinci Yönetici", email: "second@example.com", role: "admin" }, ctx);
    if (!second.ok) throw new Error("create failed");
    expect(await updateStaff(db.kysely, adminId, { role: "dispatcher" }, other)).toMatchObject({ ok: true, member: { role: "dispatcher" } });
    expect(await deactivateStaff(db.kysely, second.member.id, ctx)).toMatchObject({ ok: false, problem: { code: USERS.lastAdmin } });
    expect(await updateStaff(db.kysely, adminId, { role: "admin", name: "Patron Bey" }, other)).toMatchObject({ ok: true, member: { role: "admin", name: "Patron Bey" } });
    const updates = (await auditOf(adminId)).filter((r) => r.action === "user.update");
    expect(updates).toHaveLength(2);
    // both in one millisecond may come back in either order (the log is ordered by time alone)
    expect(updates.map((u) => JSON.parse(u.details) as unknown)).toEqual(
      expect.arrayContaining([
        { changed: { role: { from: "admin", to: "dispatcher" } } },
        { changed: { name: { from: "Patron", to: "Patron Bey" }, role: { from: "dispatcher", to: "admin" } } },
      ]),
    );
  });

  it("an inactive admin does not count as the other admin", async () => {
    const spare = await createStaff(db.kysely, { name: "Yedek", email: "spare@example.com", role: "admin" }, ctx);
    if (!spare.ok) throw new Error("create failed");
    // two more admins exist (boss, second): switch off the spare, then second
    expect((await deactivateStaff(db.kysely, spare.member.id, ctx)).ok).toBe(true);
    const second = (await findUserByEmail(db.kysely, "second@example.com"))!;
    expect((await deactivateStaff(db.kysely, second.id, ctx)).ok).toBe(true);
    const other = { ...ctx, actor: { id: "someone-else", label: "Başka" } };
    expect(await deactivateStaff(db.kysely, adminId, other)).toMatchObject({ ok: false, problem: { code: USERS.lastAdmin } });
  });

  it("resets two-factor so the account enrols again, and resends the invitation with a new link", async () => {
    const created = await createStaff(db.kysely, { name: "Zeynep", email: "zeynep@example.com", role: "dispatcher" }, ctx);
    if (!created.ok) throw new Error("create failed");
    const id = created.member.id;
    const firstMail = await invitationOf(id);
    const first = tokenIn(firstMail.text_body)!;
    expect(await resendInvite(db.kysely, id, ctx)).toMatchObject({ ok: true });
    const mails = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "user-invite").where("related_id", "=", id).execute();
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails.find((m) => m.id !== firstMail.id)!.text_body)!;
    expect(second).not.toBe(first);
    expect(await findResetToken(db.kysely, first)).toBeUndefined();
    expect(await resetPassword(db.kysely, second, "zeynep-pass-1")).toBe(true);

    const { secret } = await beginEnrolment(db.kysely, id, "Test");
    expect(await checkTotpCode(db.kysely, id, totpCode(secret))).toBeUndefined();
    await generateRecoveryCodes(db.kysely, id);
    expect((await listStaff(db.kysely)).find((m) => m.id === id)?.twoFactor).toBe(true);
    const session = await createSession(db.kysely, id, { remember: false });
    expect(await resetStaffTwoFactor(db.kysely, id, ctx)).toMatchObject({ ok: true, member: { twoFactor: false } });
    expect(await isTotpEnabled(db.kysely, id)).toBe(false);
    expect(await countRecoveryCodes(db.kysely, id)).toBe(0);
    expect(await readSession(db.kysely, session.token)).toBeUndefined();
    expect((await auditOf(id)).map((r) => r.action)).toEqual(["user.create", "user.invite", "user.resetTwoFactor"]);
  });
});
