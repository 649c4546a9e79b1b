import type { Route } from "./+types/settings";
import { readJsonObject } from "~/booking/admin-api.server";
import { requireAdminApi } from "~/auth/session.server";
import { apiError, apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { settingsSchema } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";

/** GET /api/settings → the settings object of spec §3 (stored values over the defaults). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context);
  return apiOk(await getSettings(getApp(context).db.kysely));
}

/** PUT /api/settings with the full settings object; 400 with the Turkish field messages when invalid. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const session = await requireAdminApi(request, context);
  const { db } = getApp(context);
  const body = await readJsonObject(request);
  if (!body) return apiError(400, { code: "bad_request", message: "Gövde bir JSON nesnesi olmalıdır." });
  const parsed = settingsSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
    return apiError(400, { code: "validation_failed", message: "Ayarlar kaydedilirken bir hata oluştu. Lütfen tekrar deneyin.", fields });
  }
  await saveSettings(db.kysely, parsed.data, session.user.id);
  return apiOk(await getSettings(db.kysely));
}
