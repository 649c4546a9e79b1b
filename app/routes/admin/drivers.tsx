import { useTranslation } from "~/i18n/react";
import { Form, redirect, useLocation } from "react-router";
import type { Route } from "./+types/drivers";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { AdminPage, Alert, ConfirmDialog, EmptyState, LinkButton, StatusBadge, buttonClass, SelectField, TextField } from "~/admin/ui";
import { adminUser, requirePermission } from "~/auth/guard.server";
import { accountsOf, type DriverAccount } from "~/drivers/driver-admin.server";
import { whatsappHref, type Driver } from "~/drivers/drivers";
import { deleteDriver, listDrivers, updateDriver } from "~/drivers/drivers.server";
import { getApp } from "~/server/context";

/** The list's flash after a save, a delete or a deactivation (PRG: the redirect names what happened). */
const FLASHES = { saved: "drivers.saved", deleted: "drivers.messages.deleted", deactivated: "drivers.saved" } as const;
type Flash = keyof typeof FLASHES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const filter = { q: params.get("q")?.trim().slice(0, 100) || undefined, show: params.get("show") === "active" ? ("active" as const) : ("all" as const) };
  const flashKey = (["saved", "deleted", "deactivated"] as const).find((k) => params.get(k) === "1");
  const flash: Flash | null = flashKey ?? null;
  try {
    const drivers = await listDrivers(db.kysely, { active: filter.show === "active", q: filter.q });
    return { drivers, accounts: await accountsOf(db.kysely, drivers), filter, flash, failed: false };
  } catch (error) {
    log.error({ err: error }, "drivers list failed");
    return { drivers: [] as Driver[], accounts: {} as Record<string, DriverAccount>, filter, flash, failed: true };
  }
}

type DriverAction = { ok: false; id: string; message: string; offerInactive?: boolean };

export async function action({ request, context }: Route.ActionArgs): Promise<DriverAction> {
  const { db, log, storage } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const lng = await adminLanguage(db.kysely);
  const say = (key: string) => adminText(lng, `drivers.messages.${key}`);
  const back = (flash: Flash) => {
    const url = new URL(request.url);
    url.searchParams.delete("saved");
    url.searchParams.delete("deleted");
    url.searchParams.delete("deactivated");
    url.searchParams.set(flash, "1");
    return redirect(`${url.pathname}${url.search}`);
  };
  const user = adminUser(context);
  const actor = { id: user.id, label: user.name || user.email };
  if (intent === "deactivate") {
    const result = await updateDriver(db.kysely, id, { active: false }, actor);
    if (result.ok) throw back("deactivated");
    return { ok: false, id, message: say(result.reason === "not_found" ? "notFound" : "saveFailed") };
  }
  if (intent === "delete") {
    requirePermission(context, "drivers.delete");
    try {
      const result = await deleteDriver(db.kysely, id, actor, storage);
      if (result.ok) throw back("deleted");
      if (result.reason === "in_use") return { ok: false, id, message: say("inUse"), offerInactive: true };
      return { ok: false, id, message: say("notFound") };
    } catch (error) {
      if (error instanceof Response) throw error;
      log.error({ err: error }, "driver delete failed");
      return { ok: false, id, message: say("deleteFailed") };
    }
  }
  return { ok: false, id, message: say("saveFailed") };
}

const LINK = "text-brand-strong underline-offset-2 hover:underline admin-dark:text-brand";

export default function AdminDrivers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const can = useCan();
  const location = useLocation();
  const { drivers, accounts, filter, flash, failed } = loaderData;
  const here = location.pathname + location.search;
  const filtered = Boolean(filter.q || filter.show === "active");
  const addButton = (
    <LinkButton to="/admin/drivers/add" variant="primary">
      {t("drivers.add")}
    </LinkButton>
  );
  return (
    <AdminPage title={t("nav.drivers")} description={t("drivers.description")} actions={addButton}>
      <title>{`${t("nav.drivers")} · ${t("shell.brand")}`}</title>
      {flash && !actionData ? (
        <Alert tone="success" autoHideMs={4000}>
          {t(FLASHES[flash])}
        </Alert>
      ) : null}
      {failed ? <Alert tone="error">{t("drivers.messages.loadFailed")}</Alert> : null}
      {actionData ? (
        <Alert
          key={`${actionData.id}-${actionData.message}`}
          tone="error"
          action={
            actionData.offerInactive ? (
              <Form method="post" action={here}>
                <input type="hidden" name="id" value={actionData.id} />
                <input type="hidden" name="intent" value="deactivate" />
                <button type="submit" className={buttonClass("secondary", "sm")}>
                  {t("cars.deactivate")}
                </button>
              </Form>
            ) : undefined
          }
        >
          {actionData.message}
        </Alert>
      ) : null}

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField id="driver-q" label={t("ui.search")} type="search" name="q" defaultValue={filter.q ?? ""} placeholder={t("drivers.searchPlaceholder")} />
        <SelectField
          id="driver-show"
          label={t("drivers.show")}
          name="show"
          defaultValue={filter.show}
          options={[
            { value: "all", label: t("drivers.showAll") },
            { value: "active", label: t("drivers.showActive") },
          ]}
        />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      {drivers.length === 0 && !failed ? (
        <EmptyState
          title={t("drivers.empty")}
          description={filtered ? t("drivers.emptyFiltered") : t("drivers.emptyList")}
          action={filtered ? <LinkButton to="/admin/drivers">{t("ui.clearFilters")}</LinkButton> : addButton}
        />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {drivers.map((driver) => {
            const account = driver.userId ? accounts[driver.userId] : undefined;
            return (
              <li
                key={driver.id}
                data-testid="admin-driver"
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">{driver.name}</h2>
                  <StatusBadge label={t(driver.active ? "drivers.active" : "drivers.inactive")} tone={driver.active ? "success" : "neutral"} />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-500 admin-dark:text-slate-400">{t("drivers.columns.phone")}</dt>
                  <dd>
                    <a href={`tel:${driver.phone.replace(/[^\d+]/g, "")}`} className={LINK} aria-label={`${t("drivers.call", { name: driver.name })}: ${driver.phone}`}>
                      {driver.phone}
                    </a>
                  </dd>
                  <dt className="text-slate-500 admin-dark:text-slate-400">{t("drivers.columns.whatsapp")}</dt>
                  <dd>
                    {driver.whatsapp ? (
                      <a
                        href={whatsappHref(driver.whatsapp)}
                        className={LINK}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`${t("drivers.whatsappChat", { name: driver.name })}: ${driver.whatsapp}`}
                      >
                        {driver.whatsapp}
                      </a>
                    ) : (
                      "—"
                    )}
                  </dd>
                  <dt className="text-slate-500 admin-dark:text-slate-400">{t("drivers.columns.languages")}</dt>
                  <dd>{driver.languages.length ? driver.languages.map((l) => t(`drivers.languageNames.${l}`)).join(", ") : "—"}</dd>
                  <dt className="text-slate-500 admin-dark:text-slate-400">{t("drivers.columns.licence")}</dt>
                  <dd className="[overflow-wrap:anywhere]">{driver.licenceNumber ?? "—"}</dd>
                  <dt className="text-slate-500 admin-dark:text-slate-400">{t("drivers.columns.account")}</dt>
                  <dd className="[overflow-wrap:anywhere]">{account ? account.name || account.email : t("drivers.noAccount")}</dd>
                </dl>
                <div className="mt-auto flex flex-wrap items-center gap-1">
                  <LinkButton to={`/admin/drivers/edit/${driver.id}`} size="sm" variant="secondary">
                    {t("ui.edit")}
                    <span className="sr-only">: {driver.name}</span>
                  </LinkButton>
                  <LinkButton to={`/admin/drivers/${driver.id}/shifts`} size="sm" variant="ghost">
                    {t("drivers.shifts.link")}
                    <span className="sr-only">: {driver.name}</span>
                  </LinkButton>
                  <LinkButton to={`/admin/drivers/${driver.id}/documents`} size="sm" variant="ghost">
                    {t("documents.link")}
                    <span className="sr-only">: {driver.name}</span>
                  </LinkButton>
                  {can("drivers.delete") ? (
                    <div className="ml-auto">
                      <ConfirmDialog
                        key={`confirm-${actionData?.id ?? ""}-${actionData?.message ?? ""}`}
                        trigger={
                          <>
                            {t("ui.delete")}
                            <span className="sr-only">: {driver.name}</span>
                          </>
                        }
                        triggerVariant="ghost"
                        title={t("drivers.deleteTitle")}
                        message={t("drivers.deleteConfirm")}
                        confirmLabel={t("ui.delete")}
                        action={here}
                        fields={{ id: driver.id, intent: "delete" }}
                      />
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
