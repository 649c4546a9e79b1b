/**
 * Issue 31, part 2: the driver's photo. The office's form takes it as a plain multipart post
 * (works without JavaScript), checked by content and size, re-encoded to WebP without metadata;
 * bad input is refused with the translated message and everything typed kept; "remove photo"
 * takes it off; old files go. The API shows it read-only and the guest's private page shows it
 * next to the driver's name. Data through the production write paths (handleDriverForm,
 * createBooking, assignLeg).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import * as driverRoute from "~/routes/api/drivers.$id";
import { assignLeg, createBooking, type BookingDeps } from "~/booking/index.server";
import { handleDriverForm, stateFromDriver } from "~/drivers/driver-admin.server";
import { getDriver, listDrivers, deleteDriver } from "~/drivers/drivers.server";
import { createCar } from "~/fleet/cars.server";
import { adminText } from "~/admin/i18n.server";
import { driverPhotoForMail, sendDriverAssignedMail } from "~/notify/driver-mail.server";
import { localStorage, type Storage } from "~/server/storage.server";
import { toBusinessDateTime, toBusinessParts } from "~/booking/rules/datetime";
import { buildCar, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const actor = { id: null, label: "Ofis Ayşe" };
const SESSION_SECRET = "driver-photo-test-session-secret-0123456789";
const DAY = 86_400_000;
const istanbulAt = (days: number, time: string) => toBusinessDateTime(toBusinessParts(new Date(Date.now() + days * DAY)).date, time);

const png = (colour = "#c00") => sharp({ create: { width: 300, height: 400, channels: 3, background: colour } }).png().toBuffer();
/** A JPEG that carries EXIF (a camera model), which the stored photo must not. */
const jpeg = (colour = "#0c0") =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
    .withExif({ IFD0: { Model: "SecretCam 9000" } })
    .jpeg()
    .toBuffer();

/** What the form posts, as a browser without JavaScript does: multipart, the file in `photo`. */
function post(fields: Record<string, string | string[]>, photo?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  form.append("photo", photo ? new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }) : new File([], "", { type: "application/octet-stream" }));
  return new Request("http://localhost/admin/drivers/add", { method: "POST", body: form });
}

const typed = { name: "Mehmet Yılmaz", phone: "0532 444 55 66", whatsapp: "", licenceNumber: "B-123", userId: "", active: "on", languages: ["tr", "de"] };

describe.each(engines)("driver photos on %s", (engine) => {
  let db: TestDb;
  let dir: string;
  let storage: Storage;

  const filesIn = () => (existsSync(join(dir, "driver-photos")) ? readdirSync(join(dir, "driver-photos")).sort() : []);
  const fileOf = (url: string) => join(dir, url.replace(/^\/uploads\//, ""));

  beforeAll(async () => {
    db = await testDb(engine);
    dir = mkdtempSync(join(tmpdir(), `vt-driver-photos-${engine}-`));
    storage = localStorage(dir);
  });
  afterAll(() => db.destroy());

  it("stores an uploaded PNG as WebP under driver-photos and shows it on the form and in the API's list", async () => {
    const outcome = await handleDriverForm(db.kysely, storage, post(typed, { bytes: await png(), name: "mehmet.png", type: "image/png" }), { lng: "tr", actor });
    expect("saved" in outcome).toBe(true);
    if (!("saved" in outcome)) return;
    const driver = outcome.saved;
    expect(driver.photo).toMatch(/^\/uploads\/driver-photos\/[0-9a-f]{24}-card\.webp$/);
    const meta = await sharp(readFileSync(fileOf(driver.photo!))).metadata();
    expect(meta.format).toBe("webp");
    expect(filesIn()).toHaveLength(2); // the full size and the card
    // the edit form's preview
    expect(stateFromDriver(await getDriver(db.kysely, driver.id)).values.photo).toBe(driver.photo);
    // the API's list (GET /api/drivers serialises these)
    expect((await listDrivers(db.kysely, { q: "Mehmet" })).map((d) => d.photo)).toEqual([driver.photo]);
    const audit = await db.kysely.selectFrom("audit_log").select("details").where("entity_id", "=", driver.id).where("action", "=", "driver.create").executeTakeFirstOrThrow();
    expect(String(audit.details)).toContain("driver-photos/");
    expect(String(audit.details).length).toBeLessThan(1000);
  });

  it("replaces the photo with a JPEG (EXIF dropped), removes the old files and logs the change by URL", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Ali Kaya" });
    const first = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ali Kaya", phone: driver.phone }, { bytes: await png("#123456"), name: "a.png", type: "image/png" }), { id: driver.id, lng: "tr", actor });
    if (!("saved" in first)) throw new Error(JSON.stringify(first));
    const oldPhoto = first.saved.photo!;
    expect(existsSync(fileOf(oldPhoto))).toBe(true);

    const second = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ali Kaya", phone: driver.phone }, { bytes: await jpeg(), name: "ali.jpg", type: "image/jpeg" }), { id: driver.id, lng: "tr", actor });
    if (!("saved" in second)) throw new Error(JSON.stringify(second));
    const newPhoto = second.saved.photo!;
    expect(newPhoto).not.toBe(oldPhoto);
    const stored = readFileSync(fileOf(newPhoto));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("SecretCam"))).toBe(false);
    expect(existsSync(fileOf(oldPhoto))).toBe(false);
    expect(existsSync(fileOf(oldPhoto.replace("-card.webp", ".webp")))).toBe(false);

    const updates = await db.kysely.selectFrom("audit_log").select("details").where("entity_id", "=", driver.id).where("action", "=", "driver.update").execute();
    const changes = updates.map((u) => (JSON.parse(String(u.details)) as { changed: Record<string, { from: unknown; to: unknown }> }).changed);
    // the first save put a photo on, the second replaced it
    expect(changes.map((c) => c.photo?.from ?? null).sort()).toEqual([null, oldPhoto.replace("-card.webp", ".webp")].sort());
    const details = { changed: changes.find((c) => c.photo?.from)! };
    expect(details.changed.photo!.to).toBe(newPhoto.replace("-card.webp", ".webp"));
  });

  it("refuses a file that is not an image with the translated message, keeps what was typed and the saved photo", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Can Demir" });
    const before = filesIn();
    const fake = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const outcome = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Can Demir Yeni", phone: "0533 111 22 33" }, { bytes: fake, name: "photo.png", type: "image/png" }), { id: driver.id, lng: "tr", actor });
    expect("state" in outcome).toBe(true);
    if (!("state" in outcome)) return;
    expect(outcome.status).toBe(400);
    expect(outcome.state.fields.photo).toEqual([adminText("tr", "drivers.messages.photoInvalid")]);
    expect(outcome.state.message).toBe(adminText("tr", "drivers.messages.saveFailed"));
    expect(outcome.state.values).toMatchObject({ name: "Can Demir Yeni", phone: "0533 111 22 33", licenceNumber: "B-123", languages: ["tr", "de"], active: true });
    expect((await getDriver(db.kysely, driver.id))!.name).toBe("Can Demir");
    expect(filesIn()).toEqual(before);

    // a PNG's magic bytes on something sharp cannot decode: refused the same way, nothing stored
    const broken = Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(64)]);
    const decoded = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Can Demir", phone: driver.phone }, { bytes: broken, name: "b.png", type: "image/png" }), { id: driver.id, lng: "en", actor });
    if (!("state" in decoded)) throw new Error("saved a broken image");
    expect(decoded.state.fields.photo).toEqual([adminText("en", "drivers.messages.photoInvalid")]);
    expect(filesIn()).toEqual(before);
  });

  it("refuses a photo over 5 MB by the field, keeping what was typed", async () => {
    const before = filesIn();
    const huge = Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const outcome = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Büyük Foto" }, { bytes: huge, name: "big.png", type: "image/png" }), { lng: "tr", actor });
    if (!("state" in outcome)) throw new Error("saved an oversized photo");
    expect(outcome.status).toBe(400);
    expect(outcome.state.fields.photo).toEqual([adminText("tr", "drivers.messages.photoInvalid")]);
    expect(outcome.state.values).toMatchObject({ name: "Büyük Foto", phone: typed.phone });
    expect(filesIn()).toEqual(before);
  });

  it("GET /api/drivers/{id} shows the photo's URL read-only; PATCH cannot set it", async () => {
    const made = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Api Foto", phone: "0532 909 80 70" }, { bytes: await png("#0a0b0c"), name: "api.png", type: "image/png" }), { lng: "tr", actor });
    if (!("saved" in made)) throw new Error(JSON.stringify(made));
    const admin = await createUser(db.kysely, { email: "photo-admin@example.com", password: "secret123", role: "admin", name: "Photo Admin" });
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    const call = async (method: string, body?: unknown) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) };
      const request = new Request(`http://localhost/api/drivers/${made.saved.id}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      const handler = method === "GET" ? driverRoute.loader : driverRoute.action;
      const result = (await handler({ request, context: testAppContext(db, { storage }), params: { id: made.saved.id } } as never)) as { data: { data?: { photo?: unknown } } };
      return result.data.data;
    };
    expect((await call("GET"))?.photo).toBe(made.saved.photo);
    const patched = await call("PATCH", { photo: "/uploads/driver-photos/0123456789abcdef01234567-card.webp", licenceNumber: "API-1" });
    expect(patched).toMatchObject({ photo: made.saved.photo, licenceNumber: "API-1" });
  });

  it("stores nothing while another field is wrong, and says the photo has to be chosen again", async () => {
    const before = filesIn();
    const outcome = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "" }, { bytes: await png("#abcdef"), name: "x.png", type: "image/png" }), { lng: "de", actor });
    if (!("state" in outcome)) throw new Error("saved without a name");
    expect(outcome.state.fields.name).toEqual([adminText("de", "drivers.messages.nameRequired")]);
    expect(outcome.state.fields.photo).toEqual([adminText("de", "drivers.messages.photoNotSaved")]);
    expect(outcome.state.values.phone).toBe(typed.phone);
    expect(filesIn()).toEqual(before);
  });

  it("answers a storage failure with its message (503), everything typed kept, nothing saved", async () => {
    const broken: Storage = {
      name: "broken disk",
      put: () => Promise.reject(new Error("ENOSPC: no space left on device")),
      remove: () => Promise.resolve(),
      urlFor: (key) => `/uploads/${key}`,
    };
    const outcome = await handleDriverForm(db.kysely, broken, post({ ...typed, name: "Deniz Ak" }, { bytes: await png(), name: "d.png", type: "image/png" }), { lng: "ru", actor });
    if (!("state" in outcome)) throw new Error("saved without storage");
    expect(outcome.status).toBe(503);
    expect(outcome.state.message).toBe(adminText("ru", "drivers.messages.photoStorage"));
    expect(outcome.state.values.name).toBe("Deniz Ak");
    expect(await listDrivers(db.kysely, { q: "Deniz Ak" })).toEqual([]);
  });

  it("removes the photo when 'remove photo' is ticked, and with the driver", async () => {
    const made = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ece Tan", phone: "0532 777 88 99" }, { bytes: await png("#777777"), name: "e.png", type: "image/png" }), { lng: "tr", actor });
    if (!("saved" in made)) throw new Error(JSON.stringify(made));
    const photo = made.saved.photo!;
    // a plain save without a file keeps it
    const kept = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ece Tan", phone: "0532 777 88 99", licenceNumber: "X-1" }), { id: made.saved.id, lng: "tr", actor });
    if (!("saved" in kept)) throw new Error(JSON.stringify(kept));
    expect(kept.saved.photo).toBe(photo);
    const removed = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ece Tan", phone: "0532 777 88 99", removePhoto: "on" }), { id: made.saved.id, lng: "tr", actor });
    if (!("saved" in removed)) throw new Error(JSON.stringify(removed));
    expect(removed.saved.photo).toBeNull();
    expect(existsSync(fileOf(photo))).toBe(false);
    expect(stateFromDriver(removed.saved).values.photo).toBe("");

    const again = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Ece Tan", phone: "0532 777 88 99" }, { bytes: await png("#787878"), name: "e2.png", type: "image/png" }), { id: made.saved.id, lng: "tr", actor });
    if (!("saved" in again)) throw new Error(JSON.stringify(again));
    expect(existsSync(fileOf(again.saved.photo!))).toBe(true);
    expect(await deleteDriver(db.kysely, made.saved.id, actor, storage)).toEqual({ ok: true });
    expect(existsSync(fileOf(again.saved.photo!))).toBe(false);
  });

  it("shows the assigned driver's photo on the guest's private page; without one, no image", async () => {
    const handler = appRequestHandler();
    const deps: BookingDeps = await testBookingDeps({ db: db.kysely });
    const carId = (await createCar(db.kysely, buildCar({ name: "Photo Vito" }))).id;
    const made = await handleDriverForm(db.kysely, storage, post({ ...typed, name: "Hakan Öz", phone: "0532 101 20 30" }, { bytes: await png("#345678"), name: "h.png", type: "image/png" }), { lng: "tr", actor });
    if (!("saved" in made)) throw new Error(JSON.stringify(made));
    const plain = await createTestDriver(db.kysely, { name: "Photo Less" });

    const book = async (days: number) => {
      const result = await createBooking(
        deps,
        {
          tripType: "oneWay",
          pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
          dropoff: { text: "Belek" },
          pickupAt: istanbulAt(days, "14:30"),
          passengers: 2,
          luggage: null,
          carId,
          fullName: "Anna Schmidt",
          email: "anna@example.com",
          phone: "+49 151 2345 6789",
          notes: "",
          flightNumber: "XQ 9001",
        },
        { locale: "en" },
      );
      if (!result.ok || !result.token) throw new Error(JSON.stringify(result));
      return result;
    };
    const page = async (token: string) => {
      const response = await handler(new Request(`http://localhost/my-booking/${token}?lng=en`), testAppContext(db, { storage, env: { SESSION_SECRET } }));
      expect(response.status).toBe(200);
      return response.text();
    };

    const withPhoto = await book(20);
    expect(await assignLeg(db.kysely, withPhoto.booking.id, { leg: "outbound", driverId: made.saved.id }, { actor, secret: SESSION_SECRET })).toMatchObject({ ok: true });
    const html = await page(withPhoto.token!);
    expect(html).toMatch(new RegExp(`<img src="${made.saved.photo}" alt="Your driver Hakan Öz" width="56" height="56"`));

    const without = await book(22);
    expect(await assignLeg(db.kysely, without.booking.id, { leg: "outbound", driverId: plain.id }, { actor, secret: SESSION_SECRET })).toMatchObject({ ok: true });
    const other = await page(without.token!);
    expect(other).toContain("Photo Less");
    expect(other).not.toContain("Your driver Photo Less");
    expect(other).not.toContain("/uploads/driver-photos/");

    // the guest's "your driver" mail: the photo as an absolute URL under PUBLIC_URL (HTML only)
    const mailDeps = { ...deps, env: { PUBLIC_URL: "https://transfer.example.com", SESSION_SECRET } };
    expect(await sendDriverAssignedMail(mailDeps, withPhoto.booking.id, "outbound", "photo-event-1", false)).toBe(true);
    expect(await sendDriverAssignedMail(mailDeps, without.booking.id, "outbound", "photo-event-2", false)).toBe(true);
    const mailOf = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).where("kind", "=", "driver-assigned").executeTakeFirstOrThrow();
    const mail = await mailOf(withPhoto.booking.id);
    expect(mail.html_body).toContain(`<img src="https://transfer.example.com${made.saved.photo}" alt="Your driver Hakan Öz" width="96" height="96"`);
    expect(mail.text_body).not.toContain("driver-photos");
    expect((await mailOf(without.booking.id)).html_body).not.toContain("<img");
  });

  it("puts only this site's own photo paths in a mail", () => {
    const photo = "/uploads/driver-photos/0123456789abcdef01234567-card.webp";
    expect(driverPhotoForMail(photo, "https://transfer.example.com")).toBe(`https://transfer.example.com${photo}`);
    expect(driverPhotoForMail(photo, undefined)).toBeNull();
    expect(driverPhotoForMail("https://bucket.s3.example.com/driver-photos/0123456789abcdef01234567-card.webp", "https://transfer.example.com")).toBeNull();
    expect(driverPhotoForMail("//evil.example/uploads/driver-photos/x.webp", "https://transfer.example.com")).toBeNull();
    expect(driverPhotoForMail(null, "https://transfer.example.com")).toBeNull();
  });
});
