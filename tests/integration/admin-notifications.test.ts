import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUnread, latestNotifications, listNotifications, markNotificationsRead, notify, syncMaintenanceNotices } from "~/admin/notifications.server";
import { createCar } from "~/fleet/cars.server";
import { buildCar } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const NOW = new Date("2026-06-15T12:00:00.000Z");

describe.each(engines)("back-office notifications on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
    const inShop = await createCar(db.kysely, buildCar({ name: "Vito", status: "maintenance" }));
    const dueSoon = await createCar(db.kysely, buildCar({ name: "Sprinter" }));
    const dueLater = await createCar(db.kysely, buildCar({ name: "S-Class" }));
    const overdue = await createCar(db.kysely, buildCar({ name: "E-Class" }));
    await db.kysely.updateTable("cars").set({ maintenance_due_at: "2026-06-18T09:00:00.000Z" }).where("id", "=", dueSoon.id).execute();
    await db.kysely.updateTable("cars").set({ maintenance_due_at: "2026-08-01T09:00:00.000Z" }).where("id", "=", dueLater.id).execute();
    await db.kysely.updateTable("cars").set({ maintenance_due_at: "2026-06-01T09:00:00.000Z" }).where("id", "=", overdue.id).execute();
    void inShop;
  });
  afterAll(() => db.destroy());

  it("raises one maintenance notice per car due, overdue or in maintenance", async () => {
    await syncMaintenanceNotices(db.kysely, NOW);
    await syncMaintenanceNotices(db.kysely, NOW);
    const { items, total } = await listNotifications(db.kysely, { limit: 20 });
    expect(total).toBe(3);
    const bodies = items.map((n) => n.body).sort();
    expect(bodies).toEqual([
      "E-Class: bakım tarihi geçti (01.06.2026 12:00).",
      "Sprinter: bakım tarihi 18.06.2026 12:00.",
      "Vito şu anda bakımda.",
    ]);
    expect(items.every((n) => n.title === "Araç bakım hatırlatması" && n.link?.startsWith("/admin/cars/edit/"))).toBe(true);
  });

  it("counts unread notices and marks them read, one or all", async () => {
    await notify(db.kysely, {
      kind: "booking",
      message: { title: "notifications.bookingTitle", body: "notifications.bookingBody", values: { reference: "VT-ABC123", name: "Emily Clarke" } },
      link: "/admin/bookings/x",
      relatedId: "b1",
    });
    expect(await countUnread(db.kysely)).toBe(4);
    // the shell counts only as far as its badge names ("99+"), and reads the newest without a total
    expect(await countUnread(db.kysely, { upTo: 2 })).toBe(2);
    expect(await countUnread(db.kysely, { upTo: 10 })).toBe(4);
    const newest = (await listNotifications(db.kysely, { limit: 1 })).items[0]!;
    expect(newest.title).toBe("Yeni rezervasyon alındı");
    expect(await latestNotifications(db.kysely, { limit: 1, lng: "en" })).toEqual([{ ...newest, title: "New booking received", body: expect.stringContaining("VT-ABC123") }]);
    expect(await markNotificationsRead(db.kysely, [newest.id])).toBe(1);
    expect(await countUnread(db.kysely)).toBe(3);
    expect((await listNotifications(db.kysely, { limit: 10, unreadOnly: true })).total).toBe(3);
    expect(await markNotificationsRead(db.kysely, "all")).toBe(3);
    expect(await countUnread(db.kysely)).toBe(0);
    expect(await markNotificationsRead(db.kysely, [])).toBe(0);
  });
});
