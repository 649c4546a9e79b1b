import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, existsSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import sharp from "sharp";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { createCar } from "~/fleet/cars.server";
import { removeCar, saveCar } from "~/fleet/cars-api.server";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import { localStorage, s3Storage, type Storage } from "~/server/storage.server";
import { handleUpload } from "~/uploads/upload-api.server";
import {
  checkImageFiles,
  MAX_REQUEST_BYTES,
  readLimitedFormData,
  removeOrphanUploads,
  sniffImageType,
  storeUploads,
  UPLOAD_MESSAGES,
} from "~/uploads/uploads.server";
import { buildCar } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

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

describe("upload checks by content", () => {
  it("recognises JPEG, PNG and WebP by their bytes, whatever the name", async () => {
    expect(sniffImageType(await jpeg())).toBe("jpeg");
    expect(sniffImageType(await png())).toBe("png");
    expect(sniffImageType(await sharp(await png()).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(exe())).toBeUndefined();
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeUndefined();
  });

  it("refuses an .exe renamed .jpg, a 6 MB image and an eleventh file with the spec's messages", async () => {
    expect(await checkImageFiles([file(exe(), "car.jpg")])).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.invalid });
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await checkImageFiles([file(big, "big.png", "image/png")])).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.invalid });
    const eleven = await Promise.all(Array.from({ length: 11 }, async () => file(await jpeg(), "a.jpg")));
    expect(await checkImageFiles(eleven)).toMatchObject({ ok: false, message: "En fazla 10 resim yükleyebilirsiniz." });
    const ten = eleven.slice(0, 10);
    expect((await checkImageFiles(ten)).ok).toBe(true);
    expect(await checkImageFiles(ten.slice(0, 2), 9)).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.tooMany });
    expect(await checkImageFiles([])).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.none });
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

  const contextFor = (s: Storage = storage) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      db,
      env: { NODE_ENV: "test" } as never,
      log,
      mailer: createMailer({ from: "office@example.com", log }),
      storage: s,
      requestId: "test",
      clientIp: "127.0.0.1",
    });
    return context;
  };

  async function upload(form: FormData, path = "upload", bearer: string = token, s?: Storage) {
    const request = new Request(`http://localhost/api/files/${path}`, {
      method: "POST",
      body: form,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    try {
      const result = await handleUpload({ request, context: contextFor(s) });
      return { status: result.init?.status ?? 200, body: result.data as { success: boolean; data?: Array<{ url: string; card_url: string; id: string }>; error?: { message: string } } };
    } catch (thrown) {
      const answer = thrown as { init?: { status?: number }; data: { success: boolean; error?: { message: string } } };
      return { status: answer.init?.status ?? 500, body: answer.data as { success: boolean; data?: Array<{ url: string; card_url: string; id: string }>; error?: { message: string } } };
    }
  }

  beforeAll(async () => {
    db = await testDb(engine);
    dir = mkdtempSync(join(tmpdir(), "vt-uploads-"));
    storage = localStorage(dir);
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const user = await createUser(db.kysely, { email: "user@example.com", password: "secret123", role: "user" });
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
    expect(answer.body.error?.message).toBe(UPLOAD_MESSAGES.invalid);
    const bucket = new FormData();
    bucket.append("files", file(await jpeg(), "a.jpg"));
    bucket.append("bucket", "../etc");
    expect((await upload(bucket)).status).toBe(400);
    expect((await upload(new FormData())).status).toBe(400);
  });

  it("attaches uploads to a car and removes files the car no longer shows, and all of them with the car", async () => {
    const stored = await storeUploads(db.kysely, storage, [await jpeg("#111111"), await jpeg("#222222"), await jpeg("#333333")]);
    if (!stored.ok) throw new Error(stored.message);
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
    if (!stored.ok) throw new Error(stored.message);
    const url = stored.images[0]!.url;
    const one = await createCar(db.kysely, buildCar({ images: [{ url }] }));
    const two = await saveCar(db.kysely, storage, { ...buildCar(), price_per_km: 10, images: [url] });
    if (!two.ok) throw new Error("not saved");
    await removeCar(db.kysely, storage, two.car.id);
    expect(existsSync(join(dir, url.replace("/uploads/", "")))).toBe(true);
    expect(one.images).toEqual([url]);

    const orphan = await storeUploads(db.kysely, storage, [await jpeg("#555555")]);
    if (!orphan.ok) throw new Error(orphan.message);
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

  it("leaves nothing behind in the upload folder but the files in use", () => {
    const files = readdirSync(join(dir, "car-images"));
    expect(files.length % 2).toBe(0);
  });
});
