import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, existsSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { createCar } from "~/fleet/cars.server";
import { removeCar, saveCar } from "~/fleet/cars-api.server";
import { handleCarForm } from "~/fleet/car-form.server";
import * as carsRoute from "~/routes/api/cars";
import * as carRoute from "~/routes/api/cars.$id";
import { isOwnImageUrl, localStorage, s3Storage, type Storage } from "~/server/storage.server";
import { handleUpload } from "~/uploads/upload-api.server";
import {
  checkImageFiles,
  MAX_REQUEST_BYTES,
  readLimitedFormData,
  removeOrphanUploads,
  sniffImageType,
  storeUploads,
  UPLOADS,
} from "~/uploads/uploads.server";
import { buildCar } from "../../db/seed/factories";
import { SEED_FLEET } from "../../db/seed/fleet";
import { seedCarImages } from "../../db/seed/index";
import { engines, testDb, type TestDb } from "../setup/db";
import { translate } from "~/i18n/translate.server";
import { testAppContext } from "../setup/test-app";

/** The upload codes in Turkish, as the API says them. */
const TR = Object.fromEntries(Object.entries(UPLOADS).map(([k, code]) => [k, translate("tr", { code })])) as Record<keyof typeof UPLOADS, string>;

const log = pino({ level: "silent" });

const png = (w = 64, h = 48, colour = "#c00") => sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer();
const jpeg = (colour = "#0c0") => sharp({ create: { width: 80, height: 60, channels: 3, background: colour } }).jpeg().toBuffer();
/** A PNG carrying EXIF with a GPS position, as phones write. */
const pngWithGps = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: "#00c" } })
    .withExif({ IFD0: { Copyright: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "36/1 53/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "30/1 47/1 0/1" } })
    .png()
    .toBuffer();
/** A Windows executable's first bytes. */
const exe = () => Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(2048, 7)]);

const file = (bytes: Buffer, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });
/** A PNG signature followed by garbage: passes the magic-byte check, fails to decode. */
const brokenPng = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 0x41)]);

/** A local storage whose disk is full for card variants: the full image is written, its card is not. */
function fullDisk(dir: string): Storage {
  const inner = localStorage(dir);
  return {
    name: `local disk ${dir}`,
    put: (key, body, type) => (key.endsWith("-card.webp") ? Promise.reject(new Error("ENOSPC: no space left on device, write")) : inner.put(key, body, type)),
    remove: (key) => inner.remove(key),
    urlFor: (key) => inner.urlFor(key),
  };
}

/** A pino logger whose lines are kept for the test to read. */
function capturedLog() {
  const lines: Array<{ level: number; msg: string; storage?: string; error?: string }> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { logger, lines };
}

describe("upload checks by content", () => {
  it("recognises JPEG, PNG and WebP by their bytes, whatever the name", async () => {
    expect(sniffImageType(await jpeg())).toBe("jpeg");
    expect(sniffImageType(await png())).toBe("png");
    expect(sniffImageType(await sharp(await png()).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(exe())).toBeUndefined();
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeUndefined();
  });

  it("refuses an .exe renamed .jpg, a 6 MB image and an eleventh file with the spec's messages", async () => {
    expect(await checkImageFiles([file(exe(), "car.jpg")])).toEqual({ ok: false, status: 400, problem: { code: UPLOADS.invalid } });
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await checkImageFiles([file(big, "big.png", "image/png")])).toMatchObject({ ok: false, problem: { code: UPLOADS.invalid } });
    const eleven = await Promise.all(Array.from({ length: 11 }, async () => file(await jpeg(), "a.jpg")));
    expect(await checkImageFiles(eleven)).toMatchObject({ ok: false, problem: { code: UPLOADS.tooMany } });
    expect(TR.tooMany).toBe("En fazla 10 resim yükleyebilirsiniz.");
    const ten = eleven.slice(0, 10);
    expect((await checkImageFiles(ten)).ok).toBe(true);
    expect(await checkImageFiles(ten.slice(0, 2), 9)).toMatchObject({ ok: false, problem: { code: UPLOADS.tooMany } });
    expect(await checkImageFiles([])).toMatchObject({ ok: false, problem: { code: UPLOADS.none } });
  });

  it("refuses a body over the cap before reading it, and one that grows past it while read", async () => {
    const declared = new Request("http://x/api/files/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_REQUEST_BYTES + 1) },
      body: "--x--",
    });
    expect(await readLimitedFormData(declared)).toBe("too_large");
    const form = new FormData();
    form.append("files", file(Buffer.alloc(4096, 1), "a.jpg"));
    const streamed = new Request("http://x/", { method: "POST", body: form });
    expect(await readLimitedFormData(streamed, 1024)).toBe("too_large");
  });
});

/** A local S3 look-alike: keeps PUT bodies, answers DELETE, records the signature header. */
async function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const auth: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      auth.push(String(req.headers.authorization ?? ""));
      if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=test-key/")) {
        res.writeHead(403).end();
        return;
      }
      if (req.method === "PUT") objects.set(req.url!, { body: Buffer.concat(chunks), type: req.headers["content-type"] });
      if (req.method === "DELETE") objects.delete(req.url!);
      res.writeHead(req.method === "DELETE" ? 204 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { objects, auth, endpoint: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(engines)("uploads on %s", (engine) => {
  let db: TestDb;
  let dir: string;
  let storage: Storage;
  let token: string;
  let userToken: string;

  const contextFor = (s: Storage = storage, logger: pino.Logger = log) => {
    const context = testAppContext(db, { log: logger, storage: s });
    return context;
  };

  async function upload(form: FormData, path = "upload", bearer: string = token, s?: Storage, logger?: pino.Logger) {
    const request = new Request(`http://localhost/api/files/${path}`, {
      method: "POST",
      body: form,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    try {
      const result = await handleUpload({ request, context: contextFor(s, logger) });
      return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data as { success: boolean; data?: Array<{ url: string; card_url: string; id: string }>; error?: { code?: string; message: string } } };
    } catch (thrown) {
      const answer = thrown as { init?: { status?: number }; data: { success: boolean; error?: { code?: string; message: string } } };
      return { status: answer.init?.status ?? 500, headers: new Headers(), body: answer.data as { success: boolean; data?: Array<{ url: string; card_url: string; id: string }>; error?: { code?: string; message: string } } };
    }
  }

  beforeAll(async () => {
    db = await testDb(engine);
    dir = mkdtempSync(join(tmpdir(), "vt-uploads-"));
    storage = localStorage(dir);
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const user = await createUser(db.kysely, { email: "user@example.com", password: "secret123", role: "driver" });
    userToken = (await createSession(db.kysely, user.id, { remember: false })).token;
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses callers without an admin session", async () => {
    const form = new FormData();
    form.append("files", file(await jpeg(), "a.jpg"));
    expect((await upload(form, "upload", "")).status).toBe(401);
    expect((await upload(form, "upload", userToken)).status).toBe(403);
  });

  it("stores WebP with a card variant and answers objects with url; a PNG's GPS data is gone", async () => {
    const form = new FormData();
    form.append("files", file(await pngWithGps(), "IMG_0001.png", "image/png"));
    form.append("files", file(await jpeg("#123456"), "b.jpg"));
    const { status, body } = await upload(form, "upload-multiple");
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(2);
    const first = body.data![0]!;
    expect(first.url).toMatch(/^\/uploads\/car-images\/[0-9a-f]{24}\.webp$/);
    expect(first.card_url).toMatch(/-card\.webp$/);
    const stored = join(dir, first.url.replace("/uploads/", ""));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    const rows = await db.kysely.selectFrom("uploads").selectAll().execute();
    expect(rows.filter((r) => r.car_id === null)).toHaveLength(2);
  });

  it("answers the spec's messages for a disguised executable, a bucket name it does not accept and no file", async () => {
    const bad = new FormData();
    bad.append("files", file(exe(), "photo.jpg"));
    const answer = await upload(bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ message: TR.invalid, reason: UPLOADS.invalid });
    const bucket = new FormData();
    bucket.append("files", file(await jpeg(), "a.jpg"));
    bucket.append("bucket", "../etc");
    expect((await upload(bucket)).status).toBe(400);
    expect((await upload(new FormData())).status).toBe(400);
  });

  it("attaches uploads to a car and removes files the car no longer shows, and all of them with the car", async () => {
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#111111"), await jpeg("#222222"), await jpeg("#333333")]);
    if (!stored.ok) throw new Error(stored.problem.code);
    const [a, b, c] = stored.images;
    const saved = await saveCar(db.kysely, storage, { ...buildCar(), price_per_km: 25, price_per_day: null, images: [b!.url, a!.url, c!.url] });
    if (!saved.ok) throw new Error("not saved");
    expect(saved.car.images).toEqual([b!.url, a!.url, c!.url]);
    expect(saved.car.gallery[0]!.card).toBe(b!.card);
    const onDisk = (u: string) => existsSync(join(dir, u.replace("/uploads/", "")));
    const again = await saveCar(db.kysely, storage, { ...buildCar(), price_per_km: 25, images: [c!.url, b!.url] }, saved.car.id);
    expect(again.ok).toBe(true);
    expect(onDisk(a!.url)).toBe(false);
    expect(onDisk(a!.card!)).toBe(false);
    expect(onDisk(b!.url) && onDisk(c!.url)).toBe(true);
    const removed = await removeCar(db.kysely, storage, saved.car.id);
    expect(removed.ok).toBe(true);
    expect(onDisk(b!.url) || onDisk(c!.url)).toBe(false);
    const left = await db.kysely.selectFrom("uploads").select("url").where("url", "in", [a!.url, b!.url, c!.url]).execute();
    expect(left).toEqual([]);
  });

  it("keeps a file another car still shows, and cleans uploads of forms never saved after a day", async () => {
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#444444")]);
    if (!stored.ok) throw new Error(stored.problem.code);
    const url = stored.images[0]!.url;
    const one = await createCar(db.kysely, buildCar({ images: [{ url }] }));
    const two = await saveCar(db.kysely, storage, { ...buildCar(), price_per_km: 10, images: [url] });
    if (!two.ok) throw new Error("not saved");
    await removeCar(db.kysely, storage, two.car.id);
    expect(existsSync(join(dir, url.replace("/uploads/", "")))).toBe(true);
    expect(one.images).toEqual([url]);

    const orphan = await storeUploads(db.kysely, storage, [await jpeg("#555555")]);
    if (!orphan.ok) throw new Error(orphan.problem.code);
    const later = Date.now() + 25 * 3600_000;
    expect(await removeOrphanUploads(db.kysely, storage, later)).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(dir, orphan.images[0]!.url.replace("/uploads/", "")))).toBe(false);
  });

  it("stores in S3-compatible storage with signed requests and deletes there too", async () => {
    const s3 = await fakeS3();
    try {
      const bucketStorage = s3Storage({ endpoint: s3.endpoint, region: "eu-central-1", bucket: "vt", accessKeyId: "test-key", secretAccessKey: "secret" });
      const form = new FormData();
      form.append("files", file(await png(90, 60, "#abcdef"), "x.png", "image/png"));
      const { status, body } = await upload(form, "upload", token, bucketStorage);
      expect(status).toBe(201);
      const url = body.data![0]!.url;
      expect(url.startsWith(`${s3.endpoint}/vt/car-images/`)).toBe(true);
      const key = new URL(url).pathname;
      expect(s3.objects.get(key)?.type).toBe("image/webp");
      expect(s3.objects.size).toBe(2);
      expect(s3.auth.every((a) => /SignedHeaders=.*x-amz-content-sha256.*Signature=[0-9a-f]{64}$/.test(a))).toBe(true);
      const saved = await saveCar(db.kysely, bucketStorage, { ...buildCar(), price_per_km: 25, images: [url] });
      if (!saved.ok) throw new Error("not saved");
      await removeCar(db.kysely, bucketStorage, saved.car.id);
      expect(s3.objects.size).toBe(0);
    } finally {
      await s3.close();
    }
  });

  it("answers a storage failure with 503 storage_unavailable and Retry-After, logs one error, leaves nothing stored", async () => {
    const broken = mkdtempSync(join(tmpdir(), "vt-full-disk-"));
    try {
      const { logger, lines } = capturedLog();
      const before = await db.kysely.selectFrom("uploads").select("id").execute();
      const form = new FormData();
      form.append("files", file(await jpeg("#0a0b0c"), "a.jpg"));
      form.append("files", file(await jpeg("#0d0e0f"), "b.jpg"));
      const answer = await upload(form, "upload-multiple", token, fullDisk(broken), logger);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ success: false, error: { code: "storage_unavailable", message: TR.storage, reason: UPLOADS.storage } });
      expect(TR.storage).toBe("Görseller şu anda kaydedilemedi; lütfen biraz sonra tekrar deneyin.");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      const errors = lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ storage: `local disk ${broken}`, error: "ENOSPC: no space left on device, write" });
      expect(errors[0]!.msg).toContain("ENOSPC");
      expect(errors[0]!.msg).not.toMatch(/\n\s+at /);
      // The full-size file that was written before its card failed is gone again; no row was made.
      const left = existsSync(join(broken, "car-images")) ? readdirSync(join(broken, "car-images")) : [];
      expect(left).toEqual([]);
      expect(await db.kysely.selectFrom("uploads").select("id").execute()).toHaveLength(before.length);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("still calls an image that does not decode invalid (400), and logs no error for it", async () => {
    const { logger, lines } = capturedLog();
    const form = new FormData();
    form.append("files", file(brokenPng(), "photo.png", "image/png"));
    const answer = await upload(form, "upload", token, undefined, logger);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: "validation_failed", message: TR.invalid, reason: UPLOADS.invalid });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#101010"), brokenPng()]);
    expect(stored).toMatchObject({ ok: false, reason: "invalid", problem: { code: UPLOADS.invalid } });
  });

  const carForm = (fields: Record<string, string | string[]>, files: File[] = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    for (const f of files) form.append("files", f);
    return new Request("http://localhost/admin/cars/add", { method: "POST", body: form });
  };
  const typed = { name: "Storage Test Vito", make: "Mercedes-Benz", model: "Vito Tourer", category: "Minivan", seats: "7", luggage: "6", price_per_km: "31,5", description: "Typed before the disk filled.", features: ["wifi", "Kids seat"] };

  it("car form: a storage failure keeps everything typed and says so above the form (503), in the admin language", async () => {
    const broken = mkdtempSync(join(tmpdir(), "vt-full-disk-"));
    try {
      const { logger, lines } = capturedLog();
      const outcome = await handleCarForm(db.kysely, fullDisk(broken), carForm(typed, [file(await jpeg("#202020"), "a.jpg")]), { lng: "tr", log: logger });
      if ("saved" in outcome) throw new Error("saved despite the storage failure");
      expect(outcome.status).toBe(503);
      expect(outcome.state.message).toBe("Görseller şu anda kaydedilemedi; lütfen biraz sonra tekrar deneyin.");
      expect(outcome.state.values).toMatchObject({ name: typed.name, make: typed.make, model: typed.model, category: "Minivan", seats: "7", price_per_km: "31,5", description: typed.description });
      expect(outcome.state.features).toEqual(["wifi", "Kids seat"]);
      expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
      const english = await handleCarForm(db.kysely, fullDisk(broken), carForm(typed, [file(await jpeg("#212121"), "a.jpg")]), { lng: "en" });
      if ("saved" in english) throw new Error("saved despite the storage failure");
      expect(english.state.message).toBe("The images could not be saved right now; please try again a little later.");
      expect(await db.kysely.selectFrom("cars").select("id").where("name", "=", typed.name).execute()).toEqual([]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("car form: refuses an image URL our storage did not produce, with the message under the photos; takes an uploaded one", async () => {
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#303030")]);
    if (!stored.ok) throw new Error(stored.problem.code);
    const own = stored.images[0]!.url;
    for (const foreign of ["http://evil.example/x.webp", "javascript:alert(1)", "/uploads/../../etc/passwd", `${own}?v=2`]) {
      const outcome = await handleCarForm(db.kysely, storage, carForm({ ...typed, images: [own, foreign] }), { lng: "tr" });
      if ("saved" in outcome) throw new Error(`saved with ${foreign}`);
      expect(outcome.status).toBe(400);
      expect(outcome.state.fields.images).toEqual([TR.foreign]);
      expect(outcome.state.images.map((i) => i.url)).toEqual([own]);
      expect(outcome.state.values.name).toBe(typed.name);
    }
    const german = await handleCarForm(db.kysely, storage, carForm({ ...typed, images: ["//evil.example/x"] }), { lng: "de" });
    if ("saved" in german) throw new Error("saved");
    expect(german.state.fields.images).toEqual(["Bilder können nur über /api/files/upload hochgeladene Dateien sein."]);
    // Our shape but no upload of ours: refused too.
    const unknown = await handleCarForm(db.kysely, storage, carForm({ ...typed, images: ["/uploads/car-images/0123456789abcdef01234567.webp"] }));
    expect("saved" in unknown).toBe(false);
    const saved = await handleCarForm(db.kysely, storage, carForm({ ...typed, images: [own] }));
    if (!("saved" in saved)) throw new Error(JSON.stringify(saved.state.fields));
    expect(saved.saved.images).toEqual([own]);
    expect(saved.saved.gallery[0]!.card).toBe(stored.images[0]!.card);
    await removeCar(db.kysely, storage, saved.saved.id);
  });

  it("cars API: POST and PUT refuse foreign image URLs with fields.images, accept uploaded ones and the seeded fleet's", async () => {
    const api = async (handler: (args: never) => unknown, method: string, path: string, body: unknown, params: Record<string, string> = {}) => {
      const request = new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      try {
        const result = (await handler({ request, context: contextFor(), params } as never)) as { init?: { status?: number }; data: { data?: { id: string; images: string[]; gallery: Array<{ url: string; card?: string }> }; error?: { code: string; fields?: Record<string, string[]> } } };
        return { status: result.init?.status ?? 200, body: result.data };
      } catch (thrown) {
        const result = thrown as { init?: { status?: number }; data: { data?: undefined; error?: { code: string; fields?: Record<string, string[]> } } };
        return { status: result.init?.status ?? 500, body: result.data };
      }
    };
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#404040"), await jpeg("#414141")]);
    if (!stored.ok) throw new Error(stored.problem.code);
    const [a, b] = stored.images;
    const car = { name: "API Image Test", make: "BMW", model: "i7" };
    const foreign: unknown[] = [
      ["javascript:alert(1)"],
      ["data:image/webp;base64,AAAA"],
      ["http://evil.example/x.webp"],
      ["//evil.example/x"],
      ["/uploads/../../etc"],
      ["/api/files/upload"],
      [`${a!.url}?x=1`],
      [`${a!.url}#x`],
      [{ url: a!.url, card: "http://evil.example/card.webp" }],
      ["/uploads/car-images/0123456789abcdef01234567.webp"],
      [42],
      "not a list",
    ];
    for (const images of foreign) {
      const answer = await api(carsRoute.action, "POST", "/api/cars", { ...car, images });
      expect(answer.status, JSON.stringify(images)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "validation_failed", fields: { images: [TR.foreign] } });
    }
    expect(await db.kysely.selectFrom("cars").select("id").where("name", "=", car.name).execute()).toEqual([]);

    const made = await api(carsRoute.action, "POST", "/api/cars", { ...car, images: [a!.url, { url: b!.url, card: b!.card }] });
    expect(made.status).toBe(201);
    const id = made.body.data!.id;
    expect(made.body.data!.images).toEqual([a!.url, b!.url]);
    expect(made.body.data!.gallery[0]!.card).toBe(a!.card);

    const bad = await api(carRoute.action, "PUT", `/api/cars/${id}`, { images: [a!.url, "http://evil.example/x.webp"] }, { id });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.images).toEqual([TR.foreign]);
    const reordered = await api(carRoute.action, "PUT", `/api/cars/${id}`, { images: [b!.url, a!.url] }, { id });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data!.images).toEqual([b!.url, a!.url]);

    // The seeded fleet's images (stored by storeImage, not in `uploads`) pass the rule and stay editable.
    const seeded = await seedCarImages(storage, SEED_FLEET[0]!);
    for (const image of seeded) expect(isOwnImageUrl(image.url, storage) && isOwnImageUrl(image.card, storage)).toBe(true);
    const demo = await createCar(db.kysely, buildCar({ images: seeded }));
    const edited = await api(carRoute.action, "PUT", `/api/cars/${demo.id}`, { name: "Renamed demo car" }, { id: demo.id });
    expect(edited.status).toBe(200);
    expect(edited.body.data!.images).toEqual(seeded.map((i) => i.url));
    const form = await handleCarForm(db.kysely, storage, carForm({ ...typed, images: seeded.map((i) => i.url) }), { id: demo.id });
    expect("saved" in form).toBe(true);
    // …but only on the car that shows them: another car cannot borrow them by URL.
    const borrowed = await api(carsRoute.action, "POST", "/api/cars", { ...car, images: [seeded[0]!.url] });
    expect(borrowed.status).toBe(400);
    // A car from before the rule keeps its old image when a PUT leaves images out, and cannot get another.
    const legacy = await createCar(db.kysely, buildCar({ images: [{ url: "https://old-cdn.example/car.jpg" }] }));
    const renamed = await api(carRoute.action, "PUT", `/api/cars/${legacy.id}`, { name: "Legacy renamed" }, { id: legacy.id });
    expect(renamed.status).toBe(200);
    const resent = await api(carRoute.action, "PUT", `/api/cars/${legacy.id}`, { images: ["https://old-cdn.example/car.jpg"] }, { id: legacy.id });
    expect(resent.status).toBe(400);
    await removeCar(db.kysely, storage, id);
    await removeCar(db.kysely, storage, demo.id);
  });

  it("leaves nothing behind in the upload folder but the files in use", () => {
    const files = readdirSync(join(dir, "car-images"));
    expect(files.length % 2).toBe(0);
  });
});
