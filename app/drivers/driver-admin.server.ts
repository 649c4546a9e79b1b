/**
 * The office's driver screens (/admin/drivers, add, edit): the accounts a driver can be linked to,
 * the form's state (what was typed, problems translated into the admin language) and its post.
 * The write itself is drivers.server.ts (createDriver/updateDriver, audited), as for the API.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import type { AuditActor } from "~/audit/audit.server";
import { problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import { DRIVERS, type Driver, type DriverInput } from "./drivers";
import { createDriver, updateDriver } from "./drivers.server";

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

/** The form as shown: the values as typed (text), ticked languages, problems by field in the admin language. */
export interface DriverFormState {
  values: { name: string; phone: string; whatsapp: string; licenceNumber: string; userId: string; active: boolean; languages: string[] };
  fields: Record<string, string[]>;
  message?: string;
}

export function stateFromDriver(driver?: Driver): DriverFormState {
  if (!driver) return { values: { name: "", phone: "", whatsapp: "", licenceNumber: "", userId: "", active: true, languages: [] }, fields: {} };
  return {
    values: {
      name: driver.name,
      phone: driver.phone,
      whatsapp: driver.whatsapp ?? "",
      licenceNumber: driver.licenceNumber ?? "",
      userId: driver.userId ?? "",
      active: driver.active,
      languages: [...driver.languages],
    },
    fields: {},
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A posted form as typed; an unticked "active" box posts nothing, which means inactive. */
export function driverFormValues(form: FormData): DriverFormState["values"] {
  return {
    name: field(form, "name"),
    phone: field(form, "phone"),
    whatsapp: field(form, "whatsapp"),
    licenceNumber: field(form, "licenceNumber"),
    userId: field(form, "userId"),
    active: form.get("active") === "on",
    languages: form.getAll("languages").filter((l): l is string => typeof l === "string"),
  };
}

export type DriverFormOutcome = { saved: Driver } | { state: DriverFormState; status: number };

/** Saves the posted form (a new driver without `id`); on a problem, the form back with everything typed. */
export async function handleDriverForm(
  db: Kysely<Database>,
  request: Request,
  { id, lng, actor }: { id?: string; lng: AdminLanguage; actor: AuditActor },
): Promise<DriverFormOutcome> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { state: { ...stateFromDriver(), message: translate(lng, problem(DRIVERS.saveFailed)) }, status: 400 };
  }
  const values = driverFormValues(form);
  const input: DriverInput = { ...values, userId: values.userId || null };
  const result = id ? await updateDriver(db, id, input, actor) : await createDriver(db, input, actor);
  if (result.ok) return { saved: result.driver };
  if (result.reason === "not_found") return { state: { values, fields: {}, message: translate(lng, problem(DRIVERS.notFound)) }, status: 404 };
  return { state: { values, fields: translateFields(lng, result.fields), message: translate(lng, problem(DRIVERS.saveFailed)) }, status: 400 };
}
