/**
 * Documents that expire (issue 34) in the database (`fleet_documents`, migration 0228): a car's and
 * a driver's documents with their expiry day and an optional scan; the one write path (the pages,
 * the demo seed and the tests call saveDocument / clearDocument); the overview of what expires; and
 * the rule the assignment asks (`expiredDocuments`). Scans are checked by content (a PDF's header,
 * an image's magic bytes and a full decode), images re-encoded without metadata, and kept in the row
 * so they are served only to staff (personal data, never from the public image storage).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { problem, type Problem } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { imageFilesFrom, readLimitedFormData, sniffImageType } from "~/uploads/uploads.server";
import {
  addDays,
  DOCUMENTS,
  documentKindKey,
  documentKindsOf,
  documentState,
  doneOf,
  EXPIRING_DAYS,
  isCalendarDay,
  isDocumentKind,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type DocumentOwnerKind,
  type DocumentState,
} from "./documents";
import { processImage } from "./images.server";

export interface DocumentOwner {
  kind: DocumentOwnerKind;
  id: string;
}

const ownerColumn = (owner: DocumentOwnerKind) => (owner === "car" ? "car_id" : "driver_id");

/** The Turkish (or admin language's) name of a document kind: "Muayene", "Ehliyet". */
export function documentKindLabel(kind: string, lng: AdminLanguage = "tr"): string {
  return adminText(lng, documentKindKey(kind));
}

export interface DocumentFileInfo {
  name: string;
  type: string;
  size: number;
}

export interface DocumentView {
  kind: DocumentKind;
  expiresOn: string | null;
  state: DocumentState;
  file: DocumentFileInfo | null;
  updatedAt: string | null;
  updatedBy: string;
}

/** Every kind the owner carries, entered or not, in the kinds' order. */
export async function documentsOf(db: Kysely<Database>, owner: DocumentOwner, today: string): Promise<DocumentView[]> {
  const rows = await db
    .selectFrom("fleet_documents")
    .select(["kind", "expires_on", "file_name", "file_type", "file_size", "updated_at", "updated_by"])
    .where(ownerColumn(owner.kind), "=", owner.id)
    .execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return documentKindsOf(owner.kind).map((kind) => {
    const row = byKind.get(kind);
    return {
      kind,
      expiresOn: row?.expires_on ?? null,
      state: documentState(row?.expires_on, today),
      file:
        row?.file_name && row.file_type ? { name: row.file_name, type: row.file_type, size: row.file_size ?? 0 } : null,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? "",
    };
  });
}

/** The name the pages show for the owner, or undefined when there is no such car or driver. */
export async function documentOwnerName(db: Kysely<Database>, owner: DocumentOwner): Promise<string | undefined> {
  const row =
    owner.kind === "car"
      ? await db
          .selectFrom("cars")
          .select(["name", "plate_number as plate"])
          .where("id", "=", owner.id)
          .executeTakeFirst()
      : await db.selectFrom("drivers").select(["name"]).where("id", "=", owner.id).executeTakeFirst();
  if (!row) return undefined;
  return "plate" in row && row.plate ? `${row.name} · ${row.plate}` : row.name;
}

export interface DocumentScan {
  name: string;
  type: string;
  data: Buffer;
}

export type ScanCheck = { ok: true; scan: DocumentScan } | { ok: false; problem: Problem };

const isPdf = (head: Uint8Array) => head.length >= 5 && String.fromCharCode(...head.subarray(0, 5)) === "%PDF-";
const baseName = (name: string) =>
  (
    name
      .replace(/^.*[\\/]/, "")
      .replace(/\.[^.]*$/, "")
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim() || "belge"
  ).slice(0, 80);

/**
 * A scan as uploaded, checked by content whatever its name or declared type says: a PDF is kept as
 * it is; a JPEG, PNG or WebP is decoded and re-encoded to WebP without metadata (EXIF, GPS). Empty,
 * 5 MB or more, or anything else is refused with the reason.
 */
export async function checkDocumentScan(file: File): Promise<ScanCheck> {
  if (file.size === 0 || file.size >= MAX_DOCUMENT_BYTES) return { ok: false, problem: problem(DOCUMENTS.fileSize) };
  const buffer = Buffer.from(await file.arrayBuffer());
  if (isPdf(buffer))
    return { ok: true, scan: { name: `${baseName(file.name)}.pdf`, type: "application/pdf", data: buffer } };
  if (!sniffImageType(buffer)) return { ok: false, problem: problem(DOCUMENTS.fileType) };
  try {
    const image = await processImage(buffer);
    return { ok: true, scan: { name: `${baseName(file.name)}.webp`, type: "image/webp", data: image.full } };
  } catch {
    return { ok: false, problem: problem(DOCUMENTS.fileType) };
  }
}

export interface DocumentInput {
  expiresOn: string;
  /** a new scan; undefined keeps the stored one */
  scan?: DocumentScan;
  /** drops the stored scan (a new one wins) */
  removeFile?: boolean;
}

/**
 * The one write path of a document: sets its expiry day and, given, its scan. A changed expiry day
 * empties the record of warnings sent, so the new date is announced again at 30, 7 and 1 days.
 */
export async function saveDocument(
  db: Kysely<Database>,
  owner: DocumentOwner,
  kind: DocumentKind,
  input: DocumentInput,
  actor: AuditActor | null,
): Promise<void> {
  if (!isDocumentKind(owner.kind, kind)) throw new Error(`not a ${owner.kind} document: ${kind}`);
  if (!isCalendarDay(input.expiresOn)) throw new Error(`not a day: ${input.expiresOn}`);
  const column = ownerColumn(owner.kind);
  const now = nowIso();
  const file = input.scan
    ? {
        file_name: input.scan.name,
        file_type: input.scan.type,
        file_size: input.scan.data.length,
        file_data: input.scan.data.toString("base64"),
      }
    : input.removeFile
      ? { file_name: null, file_type: null, file_size: null, file_data: null }
      : {};
  const by = actor?.label ?? "";
  const scanChange = input.scan ? "added" : input.removeFile ? "removed" : undefined;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("fleet_documents")
      .select(["id", "expires_on", "file_name"])
      .where(column, "=", owner.id)
      .where("kind", "=", kind)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("fleet_documents")
        .set({
          expires_on: input.expiresOn,
          ...file,
          ...(existing.expires_on !== input.expiresOn ? { warned: "" } : {}),
          updated_at: now,
          updated_by: by,
        })
        .where("id", "=", existing.id)
        .execute();
      await auditDocument(trx, owner, kind, "document.update", actor, {
        expiresOn: existing.expires_on === input.expiresOn ? input.expiresOn : { from: existing.expires_on, to: input.expiresOn },
        ...(scanChange === "removed" && !existing.file_name ? {} : scanChange ? { scan: scanChange } : {}),
      });
      return;
    }
    await trx
      .insertInto("fleet_documents")
      .values({
        id: randomUUID(),
        car_id: owner.kind === "car" ? owner.id : null,
        driver_id: owner.kind === "driver" ? owner.id : null,
        kind,
        expires_on: input.expiresOn,
        ...file,
        warned: "",
        updated_at: now,
        updated_by: by,
      })
      .execute();
    await auditDocument(trx, owner, kind, "document.update", actor, { expiresOn: input.expiresOn, ...(input.scan ? { scan: "added" } : {}) });
  });
}

/** A document's change in the audit log, under its car or driver, named by the owner and the document. */
async function auditDocument(
  trx: Transaction<Database>,
  owner: DocumentOwner,
  kind: DocumentKind,
  action: "document.update" | "document.delete",
  actor: AuditActor | null,
  details: Record<string, unknown>,
) {
  const name = (await documentOwnerName(trx, owner)) ?? "";
  await recordAudit(trx, { actor, action, entity: owner.kind, entityId: owner.id, summary: name, details: { document: kind, ...details } });
}

/** Forgets a document (its date and scan): the kind reads "not entered" again; audited when there was one. */
export async function clearDocument(db: Kysely<Database>, owner: DocumentOwner, kind: DocumentKind, actor: AuditActor | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("fleet_documents")
      .where(ownerColumn(owner.kind), "=", owner.id)
      .where("kind", "=", kind)
      .returning(["expires_on", "file_name"])
      .executeTakeFirst();
    if (gone) await auditDocument(trx, owner, kind, "document.delete", actor, { expiresOn: gone.expires_on, ...(gone.file_name ? { scan: "removed" } : {}) });
  });
}

/** A document's scan, for staff only (the documents pages' file route). */
export async function documentScan(
  db: Kysely<Database>,
  owner: DocumentOwner,
  kind: string,
): Promise<DocumentScan | undefined> {
  const row = await db
    .selectFrom("fleet_documents")
    .select(["file_name", "file_type", "file_data"])
    .where(ownerColumn(owner.kind), "=", owner.id)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row?.file_data || !row.file_name || !row.file_type) return undefined;
  return { name: row.file_name, type: row.file_type, data: Buffer.from(row.file_data, "base64") };
}

export type DocumentPostOutcome =
  | { ok: true; kind: DocumentKind; intent: "save" | "clear" }
  | { ok: false; status: 400 | 413; kind: string; expiresOn: string; problem: Problem };

/**
 * A documents page's post (multipart, works without JavaScript): `kind`, `intent` ("save" or
 * "clear"), `expiresOn` (yyyy-mm-dd), `file` (optional scan), `removeFile`. Refusals say why and
 * keep the typed date.
 */
export async function handleDocumentPost(
  db: Kysely<Database>,
  request: Request,
  owner: DocumentOwner,
  actor: AuditActor,
): Promise<DocumentPostOutcome> {
  const form = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
    ? await readLimitedFormData(request, MAX_DOCUMENT_BYTES + 1024 * 1024)
    : await request.formData().catch(() => "bad_request" as const);
  if (form === "too_large")
    return { ok: false, status: 413, kind: "", expiresOn: "", problem: problem(DOCUMENTS.fileSize) };
  if (form === "bad_request")
    return { ok: false, status: 400, kind: "", expiresOn: "", problem: problem(DOCUMENTS.badRequest) };
  const kind = String(form.get("kind") ?? "");
  const expiresOn = String(form.get("expiresOn") ?? "").trim();
  const refuse = (p: Problem, status: 400 | 413 = 400): DocumentPostOutcome => ({
    ok: false,
    status,
    kind,
    expiresOn,
    problem: p,
  });
  if (!isDocumentKind(owner.kind, kind)) return refuse(problem(DOCUMENTS.badRequest));
  if (form.get("intent") === "clear") {
    await clearDocument(db, owner, kind, actor);
    return { ok: true, kind, intent: "clear" };
  }
  if (!expiresOn) return refuse(problem(DOCUMENTS.dateRequired));
  if (!isCalendarDay(expiresOn)) return refuse(problem(DOCUMENTS.dateInvalid));
  const files = imageFilesFrom(form, "file");
  let scan: DocumentScan | undefined;
  if (files.length > 1) return refuse(problem(DOCUMENTS.badRequest));
  if (files[0]) {
    const checked = await checkDocumentScan(files[0]);
    if (!checked.ok) return refuse(checked.problem, checked.problem.code === DOCUMENTS.fileSize ? 413 : 400);
    scan = checked.scan;
  }
  await saveDocument(db, owner, kind, { expiresOn, scan, removeFile: form.get("removeFile") === "on" }, actor);
  return { ok: true, kind, intent: "save" };
}

export type ExpiredByOwner = Map<string, Array<{ kind: string; expiresOn: string }>>;

/**
 * The rule the assignment asks (issue 34): per car and per driver id, the documents expired on `on`
 * (yyyy-mm-dd, the leg's day in Istanbul), that is, whose last valid day is before it. A document
 * not entered is not expired. Ids without expired documents are absent from the maps.
 */
export async function expiredDocuments(
  db: Kysely<Database>,
  who: { carIds: string[]; driverIds: string[] },
  on: string,
): Promise<{ cars: ExpiredByOwner; drivers: ExpiredByOwner }> {
  const cars: ExpiredByOwner = new Map();
  const drivers: ExpiredByOwner = new Map();
  const carIds = [...new Set(who.carIds)];
  const driverIds = [...new Set(who.driverIds)];
  if (carIds.length === 0 && driverIds.length === 0) return { cars, drivers };
  const rows = await db
    .selectFrom("fleet_documents")
    .select(["car_id", "driver_id", "kind", "expires_on"])
    .where("expires_on", "<", on)
    .where((eb) =>
      eb.or([
        ...(carIds.length ? [eb("car_id", "in", carIds)] : []),
        ...(driverIds.length ? [eb("driver_id", "in", driverIds)] : []),
      ]),
    )
    .orderBy("expires_on")
    .orderBy("kind")
    .execute();
  for (const row of rows) {
    const [map, id] = row.car_id ? [cars, row.car_id] : [drivers, row.driver_id!];
    const list = map.get(id) ?? [];
    list.push({ kind: row.kind, expiresOn: row.expires_on });
    map.set(id, list);
  }
  return { cars, drivers };
}

export const documentsPage = (owner: DocumentOwner) =>
  `/admin/${owner.kind === "car" ? "cars" : "drivers"}/${owner.id}/documents`;

/**
 * The documents expired or expiring within `days` on `today`, of active cars (not "inactive") and
 * active drivers, the most urgent first: the overview on the dashboard and the warnings' round.
 */
export async function expiringDocuments(
  db: Kysely<Database>,
  today: string,
  options: { days?: number; limit?: number } = {},
) {
  const horizon = addDays(today, options.days ?? EXPIRING_DAYS);
  const limit = options.limit ?? 500;
  const base = db.selectFrom("fleet_documents as d").where("d.expires_on", "<=", horizon);
  const [cars, drivers] = await Promise.all([
    base
      .innerJoin("cars as c", "c.id", "d.car_id")
      .where("c.status", "!=", "inactive")
      .select([
        "d.id",
        "d.car_id as ownerId",
        "c.name",
        "c.plate_number as plate",
        "d.kind",
        "d.expires_on",
        "d.warned",
      ])
      .orderBy("d.expires_on")
      .limit(limit)
      .execute(),
    base
      .innerJoin("drivers as r", "r.id", "d.driver_id")
      .where("r.active", "=", 1)
      .select(["d.id", "d.driver_id as ownerId", "r.name", "d.kind", "d.expires_on", "d.warned"])
      .orderBy("d.expires_on")
      .limit(limit)
      .execute(),
  ]);
  const rows = [
    ...cars.map((r) => ({ ...r, owner: "car" as const, name: r.plate ? `${r.name} · ${r.plate}` : r.name })),
    ...drivers.map((r) => ({ ...r, owner: "driver" as const })),
  ].sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.name.localeCompare(b.name, "tr"));
  return rows.slice(0, limit).map((r) => ({
    id: r.id,
    warned: r.warned,
    owner: r.owner,
    ownerId: r.ownerId!,
    ownerName: r.name,
    kind: r.kind,
    expiresOn: r.expires_on,
    state: documentState(r.expires_on, today),
    link: documentsPage({ kind: r.owner, id: r.ownerId! }),
  }));
}

/**
 * A scan as the file route answers it: inline (the browser shows a PDF or an image), private and
 * never cached; `?download=1` saves it instead. The name is sent in ASCII and in full (RFC 6266).
 */
export function documentScanResponse(scan: DocumentScan, download = false): Response {
  const ascii =
    scan.name
      .normalize("NFKD")
      .replace(/[^\w. -]+/g, "")
      .trim() || "belge";
  return new Response(new Uint8Array(scan.data), {
    headers: {
      "Content-Type": scan.type,
      "Content-Length": String(scan.data.length),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(scan.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A documents page's loader data, or undefined when the car or driver does not exist. */
export async function documentsPageData(db: Kysely<Database>, owner: DocumentOwner, url: URL, today: string) {
  const name = await documentOwnerName(db, owner);
  if (!name) return undefined;
  return { id: owner.id, name, documents: await documentsOf(db, owner, today), done: doneOf(url.searchParams) };
}

/** What a documents page's post ends in: where to go after it, or the refusal to show. */
export type DocumentsPageOutcome =
  { redirect: string } | { status: 400 | 413; refusal: { kind: string; expiresOn: string; error: string } };

/** A documents page's post (undefined: no such car or driver). */
export async function documentsPagePost(
  db: Kysely<Database>,
  request: Request,
  owner: DocumentOwner,
  actor: AuditActor,
): Promise<DocumentsPageOutcome | undefined> {
  if (!(await documentOwnerName(db, owner))) return undefined;
  const outcome = await handleDocumentPost(db, request, owner, actor);
  if (outcome.ok)
    return { redirect: `${documentsPage(owner)}?${outcome.intent === "clear" ? "cleared" : "saved"}=${outcome.kind}` };
  return {
    status: outcome.status,
    refusal: { kind: outcome.kind, expiresOn: outcome.expiresOn, error: outcome.problem.code },
  };
}
