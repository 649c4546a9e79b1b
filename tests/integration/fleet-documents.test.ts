/**
 * Issue 34, part 4: documents that expire. Through the pages' own post (multipart, as a browser
 * without JavaScript sends it) and the one write path: dates saved and cleared, scans checked by
 * content and size (a wrong type or an oversized file refused with the reason, the typed date
 * kept), images re-encoded; the warnings go out once per threshold (30, 7, 1 and the day itself)
 * with an injected clock, and again for a changed date; `expiredDocuments` (the assignment's rule)
 * names only documents expired on the leg's day, never those not entered.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDocumentWarnings } from "~/fleet/document-warnings.server";
import { addDays } from "~/fleet/documents";
import {
  documentKindLabel,
  documentScan,
  documentsOf,
  documentsPagePost,
  expiredDocuments,
  expiringDocuments,
  saveDocument,
  type DocumentOwner,
} from "~/fleet/documents.server";
import { createCar } from "~/fleet/cars.server";
import { deactivateStaff } from "~/users/users.server";
import { buildCar, createTestDriver, createTestUser } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";
import { testMailer } from "../setup/test-app";

const TODAY = "2026-11-30";
const OFFICE = { id: null, label: "Ofis Ayşe" };
/** Noon in Istanbul on `day` (09:00 UTC). */
const at = (day: string) => new Date(`${day}T09:00:00Z`);

/** What the page's form posts: multipart, the scan in `file` (an empty file when none is chosen). */
function post(
  owner: DocumentOwner,
  fields: Record<string, string>,
  file?: { bytes: Buffer | Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    "file",
    file
      ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return new Request(`http://localhost/admin/${owner.kind}s/${owner.id}/documents`, { method: "POST", body: form });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe.each(engines)("documents that expire on %s", (engine) => {
  let db: TestDb;
  let car: DocumentOwner;
  let driver: DocumentOwner;

  beforeAll(async () => {
    db = await testDb(engine);
    car = {
      kind: "car",
      id: (await createCar(db.kysely, buildCar({ name: "Belge Vito", plate_number: "07 ABC 123" }))).id,
    };
    driver = { kind: "driver", id: (await createTestDriver(db.kysely, { name: "Belge Sürücü" })).id };
  });
  afterAll(() => db.destroy());

  it("lists every kind, not entered at first, then saves a date and clears it", async () => {
    const before = await documentsOf(db.kysely, car, TODAY);
    expect(before.map((d) => [d.kind, d.state])).toEqual([
      ["trafficInsurance", "missing"],
      ["kasko", "missing"],
      ["inspection", "missing"],
      ["routePermit", "missing"],
    ]);
    const saved = await documentsPagePost(
      db.kysely,
      post(car, { kind: "inspection", intent: "save", expiresOn: "2027-03-01" }),
      car,
      OFFICE,
    );
    expect(saved).toEqual({ redirect: `/admin/cars/${car.id}/documents?saved=inspection` });
    const inspection = (await documentsOf(db.kysely, car, TODAY)).find((d) => d.kind === "inspection")!;
    expect(inspection).toMatchObject({ expiresOn: "2027-03-01", state: "valid", file: null, updatedBy: "Ofis Ayşe" });
    expect((await documentsOf(db.kysely, car, "2027-02-10")).find((d) => d.kind === "inspection")!.state).toBe(
      "expiring",
    );
    expect((await documentsOf(db.kysely, car, "2027-03-01")).find((d) => d.kind === "inspection")!.state).toBe(
      "expiring",
    );
    expect((await documentsOf(db.kysely, car, "2027-03-02")).find((d) => d.kind === "inspection")!.state).toBe(
      "expired",
    );

    const cleared = await documentsPagePost(
      db.kysely,
      post(car, { kind: "inspection", intent: "clear" }),
      car,
      OFFICE,
    );
    expect(cleared).toEqual({ redirect: `/admin/cars/${car.id}/documents?cleared=inspection` });
    expect((await documentsOf(db.kysely, car, TODAY)).find((d) => d.kind === "inspection")!.state).toBe("missing");
    // each change in the audit log under the car, with who, the document and its date; clearing nothing adds nothing
    await documentsPagePost(db.kysely, post(car, { kind: "inspection", intent: "clear" }), car, OFFICE);
    const audit = await db.kysely
      .selectFrom("audit_log")
      .select(["action", "entity", "user_label", "summary", "details"])
      .where("entity_id", "=", car.id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => [a.action, a.entity, a.user_label, a.summary])).toEqual([
      ["document.update", "car", "Ofis Ayşe", "Belge Vito · 07 ABC 123"],
      ["document.delete", "car", "Ofis Ayşe", "Belge Vito · 07 ABC 123"],
    ]);
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([
      { document: "inspection", expiresOn: "2027-03-01" },
      { document: "inspection", expiresOn: "2027-03-01" },
    ]);
  });

  it("refuses a missing or impossible date and a kind of the other owner, keeping what was typed", async () => {
    expect(
      await documentsPagePost(db.kysely, post(driver, { kind: "licence", intent: "save", expiresOn: "" }), driver, OFFICE),
    ).toEqual({
      status: 400,
      refusal: { kind: "licence", expiresOn: "", error: "admin:documents.messages.dateRequired" },
    });
    expect(
      await documentsPagePost(
        db.kysely,
        post(driver, { kind: "licence", intent: "save", expiresOn: "2027-02-30" }),
        driver,
        OFFICE,
      ),
    ).toEqual({
      status: 400,
      refusal: { kind: "licence", expiresOn: "2027-02-30", error: "admin:documents.messages.dateInvalid" },
    });
    const wrongKind = await documentsPagePost(
      db.kysely,
      post(driver, { kind: "inspection", intent: "save", expiresOn: "2027-01-01" }),
      driver,
      OFFICE,
    );
    expect(wrongKind).toMatchObject({ status: 400, refusal: { error: "admin:documents.messages.badRequest" } });
    expect((await documentsOf(db.kysely, driver, TODAY)).every((d) => d.state === "missing")).toBe(true);
  });

  it("keeps a PDF scan as it is and serves it; re-encodes an image to WebP; removes a scan on request", async () => {
    const pdf = await documentsPagePost(
      db.kysely,
      post(
        driver,
        { kind: "licence", intent: "save", expiresOn: "2031-05-04" },
        { bytes: PDF, name: "ehliyet taraması.pdf", type: "application/pdf" },
      ),
      driver,
      OFFICE,
    );
    expect(pdf).toEqual({ redirect: `/admin/drivers/${driver.id}/documents?saved=licence` });
    const stored = await documentScan(db.kysely, driver, "licence");
    expect(stored).toMatchObject({ name: "ehliyet taraması.pdf", type: "application/pdf" });
    expect(Buffer.compare(stored!.data, PDF)).toBe(0);
    expect((await documentsOf(db.kysely, driver, TODAY)).find((d) => d.kind === "licence")!.file).toEqual({
      name: "ehliyet taraması.pdf",
      type: "application/pdf",
      size: PDF.length,
    });

    // a new date without a file keeps the scan
    await documentsPagePost(
      db.kysely,
      post(driver, { kind: "licence", intent: "save", expiresOn: "2031-06-04" }),
      driver,
      OFFICE,
    );
    expect((await documentScan(db.kysely, driver, "licence"))?.type).toBe("application/pdf");

    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#369" } })
      .withExif({ IFD0: { Model: "SecretCam 9000" } })
      .jpeg()
      .toBuffer();
    await documentsPagePost(
      db.kysely,
      post(
        driver,
        { kind: "src", intent: "save", expiresOn: "2029-01-01" },
        { bytes: jpeg, name: "src.jpg", type: "image/jpeg" },
      ),
      driver,
      OFFICE,
    );
    const image = await documentScan(db.kysely, driver, "src");
    expect(image).toMatchObject({ name: "src.webp", type: "image/webp" });
    const meta = await sharp(image!.data).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();

    await documentsPagePost(
      db.kysely,
      post(driver, { kind: "src", intent: "save", expiresOn: "2029-01-01", removeFile: "on" }),
      driver,
      OFFICE,
    );
    expect(await documentScan(db.kysely, driver, "src")).toBeUndefined();
    expect((await documentsOf(db.kysely, driver, TODAY)).find((d) => d.kind === "src")!.expiresOn).toBe("2029-01-01");
  });

  it("refuses a scan of the wrong type or size with the reason, storing nothing", async () => {
    const text = await documentsPagePost(
      db.kysely,
      post(
        driver,
        { kind: "psychotechnic", intent: "save", expiresOn: "2028-08-08" },
        { bytes: Buffer.from("not a pdf at all"), name: "rapor.pdf", type: "application/pdf" },
      ),
      driver,
      OFFICE,
    );
    expect(text).toEqual({
      status: 400,
      refusal: { kind: "psychotechnic", expiresOn: "2028-08-08", error: "admin:documents.messages.fileType" },
    });
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await documentsPagePost(
      db.kysely,
      post(
        driver,
        { kind: "psychotechnic", intent: "save", expiresOn: "2028-08-08" },
        { bytes: big, name: "rapor.pdf", type: "application/pdf" },
      ),
      driver,
      OFFICE,
    );
    expect(tooBig).toMatchObject({ status: 413, refusal: { error: "admin:documents.messages.fileSize" } });
    expect((await documentsOf(db.kysely, driver, TODAY)).find((d) => d.kind === "psychotechnic")!.state).toBe(
      "missing",
    );
  });

  it("names each kind in the admin language", () => {
    expect(documentKindLabel("inspection")).toBe("Muayene");
    expect(documentKindLabel("licence")).toBe("Ehliyet");
    expect(documentKindLabel("licence", "en")).toBe("Driving licence");
  });
});

describe.each(engines)("expiry warnings and the assignment's rule on %s", (engine) => {
  let db: TestDb;
  const mailer = testMailer();

  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  const officeMails = async (relatedId: string) =>
    db.kysely
      .selectFrom("mail_outbox")
      .select(["subject", "text_body as text"])
      .where("kind", "=", "office-document-expiry")
      .where("related_id", "=", relatedId)
      .orderBy("created_at")
      .execute();
  const notices = async (carId: string) =>
    (
      await db.kysely
        .selectFrom("notifications")
        .select(["title", "body", "link", "related_id"])
        .where("kind", "=", "document")
        .execute()
    ).filter((n) => n.link?.includes(carId));

  it("warns 30, 7 and 1 days before and on the day, once each, and again after the date changes", async () => {
    const car = await createCar(db.kysely, buildCar({ name: "Uyarı Vito", plate_number: "07 UYR 34" }));
    const owner: DocumentOwner = { kind: "car", id: car.id };
    const expiry = "2027-01-20";
    await saveDocument(db.kysely, owner, "inspection", { expiresOn: expiry }, { id: null, label: "Ofis" });
    const run = (daysBefore: number) =>
      sendDocumentWarnings({ db: db.kysely, mailer }, at(addDays(expiry, -daysBefore)));

    expect(await run(40)).toBe(0);
    expect(await run(31)).toBe(0);
    expect(await run(30)).toBe(1);
    expect(await run(30)).toBe(0); // the same day again, or another instance: nothing more
    expect(await run(20)).toBe(0);
    expect(await run(8)).toBe(0);
    expect(await run(7)).toBe(1);
    expect(await run(3)).toBe(0);
    expect(await run(1)).toBe(1);
    expect(await run(1)).toBe(0);
    expect(await run(0)).toBe(1);
    expect(await run(-1)).toBe(0);
    expect(await run(-10)).toBe(0);

    const mails = await officeMails(car.id);
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((m) => m.subject))).toEqual(
      new Set(["Belge süresi: Uyarı Vito · 07 UYR 34 · Muayene · 20.01.2027"]),
    );
    const said = (fragment: string) => mails.filter((m) => m.text.includes(fragment)).length;
    expect(said("Uyarı Vito · 07 UYR 34: Muayene 20.01.2027 tarihinde bitiyor (30 gün kaldı).")).toBe(1);
    expect(said("(7 gün kaldı)")).toBe(1);
    expect(said("(1 gün kaldı)")).toBe(1);
    expect(said("Muayene bugün (20.01.2027) bitiyor.")).toBe(1);
    expect(said(`/admin/cars/${car.id}/documents`)).toBe(4);
    const bell = await notices(car.id);
    expect(bell).toHaveLength(4);
    expect(bell.every((n) => n.link === `/admin/cars/${car.id}/documents`)).toBe(true);
    expect(bell.map((n) => n.body).sort()).toContain(
      "Uyarı Vito · 07 UYR 34: Muayene 20.01.2027 tarihinde bitiyor (7 gün kaldı).",
    );

    // renewed: the new date is announced again from its own 30 days
    const renewed = "2028-01-20";
    await saveDocument(db.kysely, owner, "inspection", { expiresOn: renewed }, { id: null, label: "Ofis" });
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at(addDays(renewed, -31)))).toBe(0);
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at(addDays(renewed, -30)))).toBe(1);
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at(addDays(renewed, -30)))).toBe(0);
    expect(await officeMails(car.id)).toHaveLength(5);
    // saving the same date again (a new scan) does not reset what was sent
    await saveDocument(db.kysely, owner, "inspection", { expiresOn: renewed }, { id: null, label: "Ofis" });
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at(addDays(renewed, -29)))).toBe(0);
  });

  it("warns a document entered late once, at its most urgent threshold; an inactive car is not warned", async () => {
    const car = await createCar(db.kysely, buildCar({ name: "Geç Vito" }));
    await saveDocument(db.kysely, { kind: "car", id: car.id }, "kasko", { expiresOn: "2027-05-10" }, { id: null, label: "Ofis" });
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-05-05"))).toBe(1);
    expect((await officeMails(car.id))[0]!.text).toContain("(5 gün kaldı)");
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-05-06"))).toBe(0);
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-05-09"))).toBe(1);

    const parked = await createCar(db.kysely, buildCar({ name: "Park Vito", status: "inactive" }));
    await saveDocument(db.kysely, { kind: "car", id: parked.id }, "kasko", { expiresOn: "2027-05-10" }, { id: null, label: "Ofis" });
    await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-05-10"));
    expect(await officeMails(parked.id)).toHaveLength(0);
  });

  it("expiredDocuments names only documents expired on the day, by car and by driver", async () => {
    const carA = (await createCar(db.kysely, buildCar({ name: "Kural A" }))).id;
    const carB = (await createCar(db.kysely, buildCar({ name: "Kural B" }))).id;
    const carEmpty = (await createCar(db.kysely, buildCar({ name: "Kural Boş" }))).id;
    const driverA = (await createTestDriver(db.kysely, { name: "Kural Sürücü A" })).id;
    const driverB = (await createTestDriver(db.kysely, { name: "Kural Sürücü B" })).id;
    await saveDocument(db.kysely, { kind: "car", id: carA }, "inspection", { expiresOn: "2026-11-12" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "car", id: carA }, "kasko", { expiresOn: "2027-11-12" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "car", id: carA }, "trafficInsurance", { expiresOn: "2026-12-01" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "car", id: carB }, "inspection", { expiresOn: "2026-12-01" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "driver", id: driverA }, "licence", { expiresOn: "2026-10-01" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "driver", id: driverA }, "src", { expiresOn: "2026-11-30" }, { id: null, label: "x" });
    await saveDocument(db.kysely, { kind: "driver", id: driverB }, "licence", { expiresOn: "2030-01-01" }, { id: null, label: "x" });

    const onDay = await expiredDocuments(
      db.kysely,
      { carIds: [carA, carB, carEmpty], driverIds: [driverA, driverB] },
      "2026-12-01",
    );
    expect(Object.fromEntries(onDay.cars)).toEqual({ [carA]: [{ kind: "inspection", expiresOn: "2026-11-12" }] });
    expect(Object.fromEntries(onDay.drivers)).toEqual({
      [driverA]: [
        { kind: "licence", expiresOn: "2026-10-01" },
        { kind: "src", expiresOn: "2026-11-30" },
      ],
    });
    const later = await expiredDocuments(db.kysely, { carIds: [carA, carB], driverIds: [] }, "2026-12-02");
    expect(later.cars.get(carA)?.map((d) => d.kind)).toEqual(["inspection", "trafficInsurance"]);
    expect(later.cars.get(carB)).toEqual([{ kind: "inspection", expiresOn: "2026-12-01" }]);
    expect(later.drivers.size).toBe(0);
    const none = await expiredDocuments(db.kysely, { carIds: [], driverIds: [] }, "2026-12-02");
    expect(none.cars.size + none.drivers.size).toBe(0);

    // the overview: expired and expiring within 30 days, the most urgent first, each with its page
    const overview = (await expiringDocuments(db.kysely, "2026-12-01")).filter((d) =>
      [carA, carB, driverA, driverB].includes(d.ownerId),
    );
    expect(overview.map((d) => [d.ownerName, d.kind, d.state])).toEqual([
      ["Kural Sürücü A", "licence", "expired"],
      ["Kural A", "inspection", "expired"],
      ["Kural Sürücü A", "src", "expired"],
      ["Kural A", "trafficInsurance", "expiring"],
      ["Kural B", "inspection", "expiring"],
    ]);
    expect(overview[0]!.link).toBe(`/admin/drivers/${driverA}/documents`);
  });

  it("mails each active admin of the office, not the dispatchers nor a switched-off admin", async () => {
    const first = await createTestUser(db.kysely, { role: "admin", email: `belge-a-${engine}@example.com` });
    await createTestUser(db.kysely, { role: "admin", email: `belge-b-${engine}@example.com` });
    const gone = await createTestUser(db.kysely, { role: "admin", email: `belge-c-${engine}@example.com` });
    await createTestUser(db.kysely, { role: "dispatcher", email: `belge-d-${engine}@example.com` });
    const off = await deactivateStaff(db.kysely, gone.id, { actor: { id: first.id, label: "Ofis" }, mailer, baseUrl: "http://localhost" });
    expect(off.ok).toBe(true);
    const car = await createCar(db.kysely, buildCar({ name: "Yöneticiye Vito", plate_number: "07 YNT 07" }));
    await saveDocument(db.kysely, { kind: "car", id: car.id }, "kasko", { expiresOn: "2027-06-10" }, { id: null, label: "Ofis" });
    // (the other tests' documents due that day are warned too)
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-06-03"))).toBeGreaterThanOrEqual(1);
    expect(await sendDocumentWarnings({ db: db.kysely, mailer }, at("2027-06-03"))).toBe(0);
    const sent = await db.kysely.selectFrom("mail_outbox").select(["to_address as to"]).where("kind", "=", "office-document-expiry").where("related_id", "=", car.id).execute();
    expect(sent.map((m) => m.to).sort()).toEqual([`belge-a-${engine}@example.com`, `belge-b-${engine}@example.com`]);
  });
});
