/**
 * Drivers' shifts (issue 34) on both engines: weekly hours and leave saved and read back (one
 * driver and many at once), the refusals of bad input, the rest setting, and the office's page
 * through its action behind the admin layout's guard (post-redirect-get, what was typed kept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { SHIFTS, type WeekInput } from "~/drivers/shifts";
import {
  addLeave,
  clearWeekHours,
  getSchedule,
  removeLeave,
  restMinutesSetting,
  saveWeekHours,
  schedulesOf,
} from "~/drivers/shifts.server";
import { deleteDriver } from "~/drivers/drivers.server";
import * as layout from "~/routes/admin/layout";
import * as shiftsPage from "~/routes/admin/drivers.$id.shifts";
import { settingsSchema } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { createTestDriver } from "../../db/seed/factories";
import { seedShifts, SEED_SHIFTS } from "../../db/seed/shifts";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "driver-shifts-test-session-secret-0123456789";
const ACTOR = { id: null, label: "test" };

const week = (overrides: WeekInput = {}): WeekInput => ({
  1: { from: "06:00", to: "18:00" },
  2: { from: "06:00", to: "18:00" },
  3: { from: "22:00", to: "06:00" },
  4: { from: "06:00", to: "18:00" },
  5: { from: "06:00", to: "18:00" },
  6: { off: "on" },
  7: { off: "on" },
  ...overrides,
});

describe.each(engines)("drivers' shifts on %s", (engine) => {
  let db: TestDb;
  let cookie: string;

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, {
      email: "shifts@example.com",
      password: "secret-123",
      role: "admin",
      name: "Ayşe Ofis",
    });
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
  });
  afterAll(() => db.destroy());

  it("reads a driver with nothing entered as always on duty", async () => {
    const driver = await createTestDriver(db.kysely);
    expect(await getSchedule(db.kysely, driver.id)).toEqual({ week: null, leaves: [] });
  });

  it("saves the weekly hours, night shift and days off, and reads them back", async () => {
    const driver = await createTestDriver(db.kysely);
    const saved = await saveWeekHours(db.kysely, driver.id, week(), ACTOR);
    expect(saved.ok).toBe(true);
    const schedule = await getSchedule(db.kysely, driver.id);
    expect(schedule.week).toEqual({
      1: { from: "06:00", to: "18:00" },
      2: { from: "06:00", to: "18:00" },
      3: { from: "22:00", to: "06:00" },
      4: { from: "06:00", to: "18:00" },
      5: { from: "06:00", to: "18:00" },
      6: "off",
      7: "off",
    });
    // saved again: replaced, not added
    await saveWeekHours(db.kysely, driver.id, week({ 6: { from: "09:00", to: "13:00" } }), ACTOR);
    expect((await getSchedule(db.kysely, driver.id)).week?.[6]).toEqual({ from: "09:00", to: "13:00" });
    const audit = await db.kysely
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("entity_id", "=", driver.id)
      .where("action", "=", "driver.shifts.update")
      .execute();
    expect(audit).toHaveLength(2);
    // taken off: always on duty again
    expect((await clearWeekHours(db.kysely, driver.id, ACTOR)).ok).toBe(true);
    expect((await getSchedule(db.kysely, driver.id)).week).toBeNull();
  });

  it("refuses bad hours and keeps the stored ones", async () => {
    const driver = await createTestDriver(db.kysely);
    await saveWeekHours(db.kysely, driver.id, week(), ACTOR);
    const result = await saveWeekHours(
      db.kysely,
      driver.id,
      week({ 1: { from: "25:00", to: "18:00" }, 2: { from: "", to: "" }, 4: { from: "07:00", to: "07:00" } }),
      ACTOR,
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      fields: {
        "from-1": [{ code: SHIFTS.timeInvalid }],
        "from-2": [{ code: SHIFTS.timeRequired }],
        "to-2": [{ code: SHIFTS.timeRequired }],
        "to-4": [{ code: SHIFTS.sameTime }],
      },
    });
    expect((await getSchedule(db.kysely, driver.id)).week?.[1]).toEqual({ from: "06:00", to: "18:00" });
    expect(await saveWeekHours(db.kysely, "no-such-driver", week(), ACTOR)).toEqual({ ok: false, reason: "not_found" });
  });

  it("keeps one of several overlapping leaves added at once", async () => {
    const driver = await createTestDriver(db.kysely);
    const tries = await Promise.all(
      [0, 1, 2, 3].map((i) => addLeave(db.kysely, driver.id, { kind: "leave", from: `2027-01-0${1 + i}`, to: "2027-01-09", note: `${i}` }, ACTOR)),
    );
    expect(tries.filter((t) => t.ok)).toHaveLength(1);
    expect(tries.filter((t) => !t.ok && t.reason === "invalid")).toHaveLength(3);
    expect((await getSchedule(db.kysely, driver.id)).leaves).toHaveLength(1);
  });

  it("adds leave, refuses an overlap or a reversed range, removes it", async () => {
    const driver = await createTestDriver(db.kysely);
    const first = await addLeave(
      db.kysely,
      driver.id,
      { kind: "leave", from: "2026-12-08", to: "2026-12-14", note: "Yıllık izin" },
      ACTOR,
    );
    expect(first.ok).toBe(true);
    const single = await addLeave(db.kysely, driver.id, { kind: "day_off", from: "2026-12-01", to: "" }, ACTOR);
    expect(single).toMatchObject({
      ok: true,
      value: { kind: "day_off", from: "2026-12-01", to: "2026-12-01", note: "" },
    });
    expect(await addLeave(db.kysely, driver.id, { from: "2026-12-14", to: "2026-12-20" }, ACTOR)).toEqual({
      ok: false,
      reason: "invalid",
      fields: { from: [{ code: SHIFTS.overlap, params: { from: "08.12.2026", to: "14.12.2026" } }] },
    });
    expect(await addLeave(db.kysely, driver.id, { from: "2026-12-20", to: "2026-12-19" }, ACTOR)).toMatchObject({
      ok: false,
      fields: { to: [{ code: SHIFTS.rangeOrder }] },
    });
    expect(await addLeave(db.kysely, driver.id, { from: "31.12.2026" }, ACTOR)).toMatchObject({
      ok: false,
      fields: { from: [{ code: SHIFTS.dateInvalid }] },
    });
    // another driver's leave does not count
    const other = await createTestDriver(db.kysely);
    expect((await addLeave(db.kysely, other.id, { from: "2026-12-10", to: "2026-12-10" }, ACTOR)).ok).toBe(true);

    const schedule = await getSchedule(db.kysely, driver.id);
    expect(schedule.leaves.map((l) => [l.kind, l.from, l.to, l.note])).toEqual([
      ["day_off", "2026-12-01", "2026-12-01", ""],
      ["leave", "2026-12-08", "2026-12-14", "Yıllık izin"],
    ]);
    if (!first.ok) return;
    // not someone else's
    expect(await removeLeave(db.kysely, other.id, first.value.id, ACTOR)).toEqual({ ok: false, reason: "not_found" });
    expect((await removeLeave(db.kysely, driver.id, first.value.id, ACTOR)).ok).toBe(true);
    expect((await getSchedule(db.kysely, driver.id)).leaves).toHaveLength(1);
  });

  it("reads many drivers' schedules at once, each asked for in the map", async () => {
    const a = await createTestDriver(db.kysely);
    const b = await createTestDriver(db.kysely);
    const c = await createTestDriver(db.kysely);
    await saveWeekHours(db.kysely, a.id, week(), ACTOR);
    await addLeave(db.kysely, b.id, { from: "2026-12-24", to: "2026-12-26" }, ACTOR);
    const map = await schedulesOf(db.kysely, [a.id, b.id, c.id, a.id]);
    expect([...map.keys()].sort()).toEqual([a.id, b.id, c.id].sort());
    expect(map.get(a.id)?.week?.[3]).toEqual({ from: "22:00", to: "06:00" });
    expect(map.get(a.id)?.leaves).toEqual([]);
    expect(map.get(b.id)).toMatchObject({ week: null, leaves: [{ from: "2026-12-24", to: "2026-12-26" }] });
    expect(map.get(c.id)).toEqual({ week: null, leaves: [] });
    expect((await schedulesOf(db.kysely, [])).size).toBe(0);
  });

  it("goes with the driver when the driver is deleted", async () => {
    const driver = await createTestDriver(db.kysely);
    await saveWeekHours(db.kysely, driver.id, week(), ACTOR);
    await addLeave(db.kysely, driver.id, { from: "2026-12-24" }, ACTOR);
    expect((await deleteDriver(db.kysely, driver.id, ACTOR)).ok).toBe(true);
    expect(
      await db.kysely.selectFrom("driver_hours").select("driver_id").where("driver_id", "=", driver.id).execute(),
    ).toEqual([]);
    expect(
      await db.kysely.selectFrom("driver_leaves").select("driver_id").where("driver_id", "=", driver.id).execute(),
    ).toEqual([]);
  });

  it("reads the minimum rest from the settings: 0 (off) by default, bounded", async () => {
    expect(await restMinutesSetting(db.kysely)).toBe(0);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, driverRestMinutes: 480 } }, null);
    expect(await restMinutesSetting(db.kysely)).toBe(480);
    expect(settingsSchema.shape.booking.safeParse({ ...settings.booking, driverRestMinutes: 1441 }).success).toBe(
      false,
    );
    expect(settingsSchema.shape.booking.safeParse({ ...settings.booking, driverRestMinutes: -5 }).success).toBe(false);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, driverRestMinutes: 0 } }, null);
  });

  it("seeds the demo hours through the same write path", async () => {
    const names = Object.keys(SEED_SHIFTS);
    const drivers = await Promise.all([...names, "Emre Çelik"].map((name) => createTestDriver(db.kysely, { name })));
    await seedShifts(db.kysely, drivers);
    const map = await schedulesOf(
      db.kysely,
      drivers.map((d) => d.id),
    );
    expect(map.get(drivers[0]!.id)?.week?.[7]).toBe("off");
    expect(map.get(drivers[1]!.id)?.week?.[2]).toEqual({ from: "14:00", to: "01:00" });
    expect(map.get(drivers.at(-1)!.id)?.week).toBeNull();
  });

  describe("the office's page", () => {
    function context() {
      return testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
    }

    async function post(driverId: string, fields: Record<string, string>) {
      const request = new Request(`http://localhost/admin/drivers/${driverId}/shifts`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      const args = {
        request,
        context: context(),
        params: { id: driverId },
        pattern: "/admin/drivers/:id/shifts",
      } as never;
      try {
        const answer = (await layout.middleware[0]!(args, () => shiftsPage.action(args) as never)) as unknown as {
          data: {
            state: { form: string; values: Record<string, string>; fields: Record<string, string[]>; message?: string };
          };
          init?: { status?: number };
        };
        return { status: answer.init?.status ?? 200, location: null, state: answer.data.state };
      } catch (thrown) {
        if (thrown instanceof Response)
          return { status: thrown.status, location: thrown.headers.get("location"), state: undefined };
        // data(null, { status: 404 }) thrown
        const init = (thrown as { init?: { status?: number } }).init;
        if (init?.status) return { status: init.status, location: null, state: undefined };
        throw thrown;
      }
    }

    async function load(driverId: string) {
      const request = new Request(`http://localhost/admin/drivers/${driverId}/shifts`, { headers: { cookie } });
      const args = {
        request,
        context: context(),
        params: { id: driverId },
        pattern: "/admin/drivers/:id/shifts",
      } as never;
      return (await layout.middleware[0]!(args, () => shiftsPage.loader(args) as never)) as unknown as Awaited<
        ReturnType<typeof shiftsPage.loader>
      >;
    }

    const form = (w: WeekInput) =>
      Object.fromEntries(
        Object.entries(w).flatMap(([d, v]) => [
          ...(v?.off ? [[`off-${d}`, "on"]] : []),
          [`from-${d}`, String(v?.from ?? "")],
          [`to-${d}`, String(v?.to ?? "")],
        ]),
      );

    it("saves the week and redirects back; a bad time comes back in Turkish with what was typed", async () => {
      const driver = await createTestDriver(db.kysely);
      const before = await load(driver.id);
      expect(before.schedule.week).toBeNull();
      expect(before.todayDuty).toBe("always");
      const saved = await post(driver.id, { intent: "hours", ...form(week()) });
      expect(saved).toMatchObject({ status: 302, location: `/admin/drivers/${driver.id}/shifts?saved=hours` });
      expect((await load(driver.id)).hours["off-6"]).toBe("on");

      const refused = await post(driver.id, { intent: "hours", ...form(week({ 2: { from: "09:00", to: "09:00" } })) });
      expect(refused.status).toBe(400);
      expect(refused.state?.values["from-2"]).toBe("09:00");
      expect(refused.state?.fields["to-2"]).toEqual(["Bitiş başlangıçla aynı olamaz."]);
    });

    it("adds and removes a leave; an overlap is refused with the typed dates kept", async () => {
      const driver = await createTestDriver(db.kysely);
      expect(
        await post(driver.id, {
          intent: "add-leave",
          kind: "leave",
          from: "2026-12-08",
          to: "2026-12-14",
          note: "Yıllık izin",
        }),
      ).toMatchObject({ status: 302 });
      const refused = await post(driver.id, {
        intent: "add-leave",
        kind: "leave",
        from: "2026-12-10",
        to: "2026-12-20",
        note: "Rapor",
      });
      expect(refused.status).toBe(400);
      expect(refused.state).toMatchObject({
        form: "leave",
        values: { from: "2026-12-10", to: "2026-12-20", note: "Rapor" },
      });
      expect(refused.state?.fields.from?.[0]).toContain("08.12.2026");
      const leave = (await load(driver.id)).schedule.leaves[0]!;
      expect(await post(driver.id, { intent: "remove-leave", leave: leave.id })).toMatchObject({
        status: 302,
        location: `/admin/drivers/${driver.id}/shifts?saved=removed`,
      });
      expect(await post(driver.id, { intent: "remove-leave", leave: leave.id })).toMatchObject({ status: 404 });
    });

    it("answers 404 for an unknown driver", async () => {
      expect((await post("00000000-0000-4000-8000-000000000000", { intent: "hours", ...form(week()) })).status).toBe(
        404,
      );
    });
  });
});
