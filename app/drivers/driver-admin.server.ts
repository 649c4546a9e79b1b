/**
 * The office's driver screens (/admin/drivers, add, edit): the accounts a driver can be linked to,
 * the form's state (what was typed, problems translated into the admin language) and its post.
 * The write itself is drivers.server.ts (createDriver/updateDriver, audited), as for the API.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import type { AuditActor } from "~/audit/audit.server";
import type { StoredImage } from "~/fleet/car";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import type { Storage } from "~/server/storage.server";
import { checkImageFiles, imageFilesFrom, logStorageFailure, MAX_FILES, readLimitedFormData } from "~/uploads/uploads.server";
import { parsePhoto, photoUrl, removePhotoFiles, storeDriverPhoto } from "./driver-photo.server";
import { DRIVERS, parseDriver, type Driver, type DriverInput } from "./drivers";
import { createDriver, updateDriver } from "./drivers.server";
import { payoutFormText } from "./payout";

/** A `driver` account as the form and the list name it. */
export interface DriverAccount {
  id: string;
  name: string;
  email: string;
}

/**
 * The accounts the form offers: `driver` accounts not linked to another driver (the one linked to
 * `driverId` stays in the list), by name.
 */
export async function linkableDriverAccounts(db: Kysely<Database>, driverId?: string): Promise<DriverAccount[]> {
  const rows = await db
    .selectFrom("users")
    .leftJoin("drivers", "drivers.user_id", "users.id")
    .select(["users.id as id", "users.name as name", "users.email as email", "drivers.id as driver_id"])
    .where("users.role", "=", "driver")
    .orderBy("users.name")
    .orderBy("users.email")
    .execute();
  return rows.filter((r) => r.driver_id === null || r.driver_id === driverId).map(({ id, name, email }) => ({ id, name, email }));
}

/** The linked accounts of a list of drivers, by user id. */
export async function accountsOf(db: Kysely<Database>, drivers: Driver[]): Promise<Record<string, DriverAccount>> {
  const ids = drivers.map((d) => d.userId).filter((id): id is string => id !== null);
  if (ids.length === 0) return {};
  const rows = await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", ids).execute();
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}

/**
 * The form as shown: the values as typed (text), ticked languages, problems by field in the admin
 * language; `photo` is the saved photo's URL (the preview), never one a post names.
 */
export interface DriverFormState {
  values: {
    name: string;
    phone: string;
    whatsapp: string;
    licenceNumber: string;
    userId: string;
    active: boolean;
    languages: string[];
    photo: string;
    removePhoto: boolean;
    /** the payout rule as typed (issue 34): "" none, "trip", "km", "share"; lira; percent */
    payoutRule: string;
    payoutAmount: string;
    payoutShare: string;
  };
  fields: Record<string, string[]>;
  message?: string;
}

const EMPTY_VALUES: DriverFormState["values"] = { name: "", phone: "", whatsapp: "", licenceNumber: "", userId: "", active: true, languages: [], photo: "", removePhoto: false, payoutRule: "", payoutAmount: "", payoutShare: "" };

export function stateFromDriver(driver?: Driver): DriverFormState {
  if (!driver) return { values: { ...EMPTY_VALUES }, fields: {} };
  return {
    values: {
      name: driver.name,
      phone: driver.phone,
      whatsapp: driver.whatsapp ?? "",
      licenceNumber: driver.licenceNumber ?? "",
      userId: driver.userId ?? "",
      active: driver.active,
      languages: [...driver.languages],
      photo: driver.photo ?? "",
      removePhoto: false,
      ...payoutFormText(driver.payout),
    },
    fields: {},
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A posted form as typed; an unticked "active" box posts nothing, which means inactive. `photo`: the saved one's URL. */
export function driverFormValues(form: FormData, photo = ""): DriverFormState["values"] {
  return {
    name: field(form, "name"),
    phone: field(form, "phone"),
    whatsapp: field(form, "whatsapp"),
    licenceNumber: field(form, "licenceNumber"),
    userId: field(form, "userId"),
    active: form.get("active") === "on",
    languages: form.getAll("languages").filter((l): l is string => typeof l === "string"),
    photo,
    removePhoto: form.get("removePhoto") === "on",
    payoutRule: field(form, "payoutRule"),
    payoutAmount: field(form, "payoutAmount"),
    payoutShare: field(form, "payoutShare"),
  };
}

export type DriverFormOutcome = { saved: Driver } | { state: DriverFormState; status: number };


/** The form's post: multipart (the photo), or url-encoded as a form without a file field posts. */
async function readDriverPost(request: Request): Promise<FormData | "too_large" | "bad_request"> {
  if (/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) return readLimitedFormData(request);
  try {
    return await request.formData();
  } catch {
    return "bad_request";
  }
}

/**
 * Saves the posted form (a new driver without `id`); on a problem, the form back with everything
 * typed. A chosen photo is checked by content and size first; it is stored only when the rest of
 * the form is right (a file cannot be shown back in a file field, so the form asks for it again).
 * A new photo replaces the saved one, "remove photo" takes it off; the old files go once no driver
 * shows them.
 */
export async function handleDriverForm(
  db: Kysely<Database>,
  storage: Storage,
  request: Request,
  { id, lng, actor, log }: { id?: string; lng: AdminLanguage; actor: AuditActor; log?: Logger },
): Promise<DriverFormOutcome> {
  const say = (code: Problem) => translate(lng, code);
  const form = await readDriverPost(request);
  const existing = id ? await db.selectFrom("drivers").select("photo").where("id", "=", id).executeTakeFirst() : undefined;
  const oldPhoto = parsePhoto(existing?.photo);
  const saved = photoUrl(oldPhoto) ?? "";
  if (form === "too_large" || form === "bad_request") {
    const state = { ...stateFromDriver(), values: { ...EMPTY_VALUES, photo: saved } };
    return { state: { ...state, message: say(problem(form === "too_large" ? DRIVERS.photoInvalid : DRIVERS.saveFailed)) }, status: form === "too_large" ? 413 : 400 };
  }
  const values = driverFormValues(form, saved);
  if (id && !existing) return { state: { values, fields: {}, message: say(problem(DRIVERS.notFound)) }, status: 404 };

  const fields: FieldProblems = {};
  const files = imageFilesFrom(form, "photo");
  let buffer: Buffer | undefined;
  if (files.length > 0) {
    // one photo: any second file counts as one too many
    const check = await checkImageFiles(files, MAX_FILES - 1);
    if (check.ok) buffer = check.buffers[0];
    else fields.photo = [problem(DRIVERS.photoInvalid)];
  }
  const { photo: _saved, removePhoto: _remove, ...typed } = values;
  const input: DriverInput = { ...typed, userId: typed.userId || null };
  const parsed = parseDriver(input);
  if (!parsed.ok || fields.photo) {
    const all = { ...(parsed.ok ? {} : parsed.fields), ...fields };
    if (buffer && !all.photo) all.photo = [problem(DRIVERS.photoNotSaved)];
    return { state: { values, fields: translateFields(lng, all), message: say(problem(DRIVERS.saveFailed)) }, status: 400 };
  }

  let newPhoto: StoredImage | undefined;
  if (buffer) {
    const stored = await storeDriverPhoto(db, storage, buffer);
    if (stored.ok) newPhoto = stored.photo;
    else if (stored.reason === "storage") {
      // our side failed, not the file: said above the form, everything typed kept
      if (log) logStorageFailure(log, stored.error);
      return { state: { values, fields: {}, message: say(problem(DRIVERS.photoStorage)) }, status: 503 };
    } else {
      return { state: { values, fields: translateFields(lng, { photo: [problem(DRIVERS.photoInvalid)] }), message: say(problem(DRIVERS.saveFailed)) }, status: 400 };
    }
  }
  const photo = newPhoto ?? (values.removePhoto ? null : undefined);
  const result = id ? await updateDriver(db, id, { ...input, photo }, actor) : await createDriver(db, { ...input, photo: photo ?? null }, actor);
  if (!result.ok) {
    if (newPhoto) await removePhotoFiles(db, storage, newPhoto);
    if (result.reason === "not_found") return { state: { values, fields: {}, message: say(problem(DRIVERS.notFound)) }, status: 404 };
    const all: FieldProblems = { ...result.fields, ...(newPhoto ? { photo: [problem(DRIVERS.photoNotSaved)] } : {}) };
    return { state: { values, fields: translateFields(lng, all), message: say(problem(DRIVERS.saveFailed)) }, status: 400 };
  }
  if (oldPhoto && photo !== undefined && photo?.url !== oldPhoto.url) await removePhotoFiles(db, storage, oldPhoto);
  return { saved: result.driver };
}
