import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/cars";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useCan } from "~/admin/can";
import { requirePermission } from "~/auth/guard.server";
import { CAR_IN_USE } from "~/fleet/cars.server";
import { translate } from "~/i18n/translate.server";
import { useAdminFormat } from "~/admin/i18n";
import { CAR_TONES } from "~/admin/status";
import { AdminPage, Alert, ConfirmDialog, EmptyState, LinkButton, Modal, StatusBadge, buttonClass, SelectField, TextField } from "~/admin/ui";
import { listHref, Pagination } from "~/admin/ui/list";
import { PLACEHOLDER_IMAGE, DEFAULT_SEATS } from "~/fleet/car";
import { changeCarStatus, listAdminCars, removeCar, type AdminCar } from "~/fleet/cars-api.server";
import { listCategories } from "~/fleet/cars.server";
import { MaintenanceWindowText } from "~/fleet/maintenance-view";
import { adminAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";
import { CAR_STATUSES, type CarStatus } from "~/server/db/schema";
import { parsePage } from "~/utils/paging";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  const filter = {
    q: params.get("q")?.trim().slice(0, 100) || undefined,
    category: params.get("category")?.trim() || undefined,
    status: (CAR_STATUSES as readonly string[]).includes(status) ? (status as CarStatus) : undefined,
  };
  const page = parsePage(params.get("page"));
  try {
    const [result, categories] = await Promise.all([listAdminCars(db.kysely, filter, page), listCategories(db.kysely)]);
    return { ...result, categories, filter, saved: params.get("saved") === "1", failed: false };
  } catch (error) {
    log.error({ err: error }, "cars list failed");
    return { cars: [] as AdminCar[], total: 0, page: 1, pageSize: 8, pageCount: 1, categories: [] as string[], filter, saved: false, failed: true };
  }
}

type CarAction = { ok: boolean; message: string; id: string; offerInactive?: boolean };

export async function action({ request, context }: Route.ActionArgs): Promise<CarAction> {
  const { db, storage, log } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const lng = await adminLanguage(db.kysely);
  const saveFailed = adminText(lng, "carForm.messages.saveFailed");
  const say = (key: string) => adminText(lng, `cars.messages.${key}`);
  if (intent === "deactivate") {
    const done = await changeCarStatus(db.kysely, id, "inactive", adminAudit(context));
    return done ? { ok: true, id, message: say("deactivated") } : { ok: false, id, message: saveFailed };
  }
  if (intent === "delete") {
    // Deleting needs more than the list's write permission (cars.status): an admin's (policy.ts).
    requirePermission(context, "cars.delete");
    try {
      const result = await removeCar(db.kysely, storage, id, adminAudit(context));
      if (result.ok) return { ok: true, id, message: say("deleted") };
      if (result.reason === "in_use") return { ok: false, id, message: translate(lng, CAR_IN_USE), offerInactive: true };
    } catch (error) {
      log.error({ err: error }, "car delete failed");
    }
    return { ok: false, id, message: say("deleteFailed") };
  }
  return { ok: false, id, message: saveFailed };
}

const isCarStatus = (status: string): status is CarStatus => (CAR_STATUSES as readonly string[]).includes(status);

/** An unknown status shows as inactive on a card and as unknown in the details. */
function statusKey(status: string, where: "card" | "modal") {
  if (isCarStatus(status)) return `carStatus.${status}`;
  return where === "card" ? "carStatus.inactive" : "cars.unknownStatus";
}

function Img({ src, alt, className }: { src: string; alt: string; className: string }) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      loading="lazy"
      className={className}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}

export default function AdminCars({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { cars, total, page, pageSize, pageCount, categories, filter, saved, failed } = loaderData;
  const [open, setOpen] = useState<AdminCar | null>(null);
  const [shown, setShown] = useState(0);
  const location = useLocation();
  const current = { q: filter.q, category: filter.category, status: filter.status };
  const here = location.pathname + location.search;
  const filtered = Boolean(filter.q || filter.category || filter.status);
  const may = useCan();
  // A dispatcher sees the fleet and sets statuses; adding and deleting cars is an admin's (policy.ts).
  const addButton = may("cars.write") ? (
    <LinkButton to="/admin/cars/add" variant="primary">
      {t("cars.add")}
    </LinkButton>
  ) : null;
  return (
    <AdminPage title={t("nav.cars")} description={t("cars.description")} actions={addButton}>
      <title>{`${t("nav.cars")} · ${t("shell.brand")}`}</title>
      {saved ? <Alert tone="success" autoHideMs={4000}>{t("cars.saved")}</Alert> : null}
      {failed ? <Alert tone="error">{t("cars.messages.loadFailed")}</Alert> : null}
      {actionData ? (
        <Alert
          key={`${actionData.id}-${actionData.message}`}
          tone={actionData.ok ? "success" : "error"}
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

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <TextField id="car-q" label={t("ui.search")} type="search" name="q" defaultValue={filter.q ?? ""} placeholder={t("cars.searchPlaceholder")} />
        <SelectField
          id="car-category-filter"
          label={t("cars.category")}
          name="category"
          defaultValue={filter.category ?? ""}
          options={[{ value: "", label: t("ui.all") }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
        <SelectField
          id="car-status-filter"
          label={t("ui.status")}
          name="status"
          defaultValue={filter.status ?? ""}
          options={[{ value: "", label: t("ui.all") }, ...CAR_STATUSES.map((value) => ({ value, label: t(`carStatus.${value}`) }))]}
        />
        <button type="submit" className={buttonClass("primary")}>
          {t("ui.filter")}
        </button>
      </Form>

      {cars.length === 0 && !failed ? (
        <EmptyState
          title={t("cars.empty")}
          description={filtered ? t("cars.emptyFiltered") : t("cars.emptyFleet")}
          action={filtered ? <LinkButton to="/admin/cars">{t("ui.clearFilters")}</LinkButton> : addButton}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cars.map((car) => (
            <li
              key={car.id}
              // No overflow-hidden here: the delete confirmation (a panel without JavaScript) must
              // be able to reach past the card, even when it is the only one.
              className="flex rounded-xl border border-slate-200 bg-white shadow-sm sm:flex-col admin-dark:border-slate-800 admin-dark:bg-slate-900"
              data-testid="admin-car-card"
            >
              {/* A thumbnail beside the text on a phone, the picture above it from sm up. */}
              <div className="relative mt-3 ml-3 w-28 shrink-0 self-start overflow-hidden rounded-lg sm:m-0 sm:w-auto sm:self-stretch sm:rounded-none sm:rounded-t-xl">
                <Img src={car.gallery[0]?.card ?? car.image} alt={car.name} className="aspect-[4/3] w-full object-cover sm:aspect-[16/10]" />
                <span className="absolute top-1 right-1 sm:top-2 sm:right-2">
                  <StatusBadge label={t(statusKey(car.status, "card"))} tone={CAR_TONES[car.status] ?? "neutral"} />
                </span>
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
                <h2 className="font-semibold [overflow-wrap:anywhere]">{car.name}</h2>
                <p className="text-sm text-slate-600 admin-dark:text-slate-400">{car.category}</p>
                {car.plate_number || car.colour ? (
                  <p className="text-sm text-slate-600 admin-dark:text-slate-400" data-testid="admin-car-plate">
                    {car.plate_number ? (
                      <span className="rounded border border-slate-300 px-1.5 font-mono text-xs font-semibold tracking-wide text-slate-800 admin-dark:border-slate-600 admin-dark:text-slate-200">
                        <span className="sr-only">{t("cars.plateNumber")}: </span>
                        {car.plate_number}
                      </span>
                    ) : null}
                    {car.plate_number && car.colour ? " · " : ""}
                    {car.colour ?? ""}
                  </p>
                ) : null}
                <p className="text-sm text-slate-600 admin-dark:text-slate-400">
                  {t("units.passengers", { count: car.seats || DEFAULT_SEATS })} · {t("units.bags", { count: car.luggage })}
                  {car.bookings_count ? ` · ${t("units.bookings", { count: car.bookings_count })}` : ""}
                </p>
                <MaintenanceWindowText car={car} />
                <div className="mt-auto flex flex-wrap items-center gap-1 pt-3">
                  <Link
                    to={`/admin/cars/edit/${car.id}`}
                    className={buttonClass("ghost", "sm")}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                      e.preventDefault();
                      setShown(0);
                      setOpen(car);
                    }}
                  >
                    {t("ui.details")}
                    <span className="sr-only">: {car.name}</span>
                  </Link>
                  <LinkButton to={`/admin/cars/edit/${car.id}`} size="sm" variant="secondary">
                    {t("ui.edit")}
                    <span className="sr-only">: {car.name}</span>
                  </LinkButton>
                  <LinkButton to={`/admin/cars/${car.id}/documents`} size="sm" variant="ghost">
                    {t("documents.link")}
                    <span className="sr-only">: {car.name}</span>
                  </LinkButton>
                  {/* Last and at the card's right edge: its panel opens leftwards inside the screen. */}
                  {may("cars.delete") ? (
                    <div className="ml-auto">
                      <ConfirmDialog
                        // A refused delete keeps the card: remounting closes the confirmation's modal.
                        key={`confirm-${actionData?.id ?? ""}-${actionData?.message ?? ""}`}
                        trigger={
                          <>
                            {t("ui.delete")}
                            <span className="sr-only">: {car.name}</span>
                          </>
                        }
                        triggerVariant="ghost"
                        title={t("cars.deleteTitle")}
                        message={t("cars.deleteConfirm")}
                        confirmLabel={t("ui.delete")}
                        action={here}
                        fields={{ id: car.id, intent: "delete" }}
                      />
                    </div>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="cars" hrefFor={(p) => listHref("/admin/cars", current, { page: p })} />

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.name ?? ""}
        wide
        footer={
          open ? (
            <>
              <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(null)}>
                {t("ui.close")}
              </button>
              <LinkButton to={`/admin/cars/edit/${open.id}`} variant="primary">
                {t("ui.edit")}
              </LinkButton>
            </>
          ) : null
        }
      >
        {open ? (
          <div className="space-y-4">
            <Img src={open.images[shown] ?? open.image} alt={t("cars.photoAlt", { name: open.name, n: shown + 1 })} className="aspect-[16/9] w-full rounded-lg object-cover" />
            {open.images.length > 1 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t("cars.photos")}>
                {open.gallery.map((image, i) => (
                  <li key={image.url}>
                    <button
                      type="button"
                      onClick={() => setShown(i)}
                      aria-pressed={i === shown}
                      aria-label={t("cars.photo", { n: i + 1 })}
                      className={`overflow-hidden rounded border-2 ${i === shown ? "border-brand" : "border-transparent"}`}
                    >
                      <Img src={image.card ?? image.url} alt="" className="h-14 w-20 object-cover" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              {[
                [t("cars.fields.make"), open.make],
                [t("cars.fields.model"), open.model],
                [t("cars.category"), open.category],
                [t("ui.status"), t(statusKey(open.status, "modal"))],
                [t("cars.fields.seats"), format.number(open.seats || DEFAULT_SEATS)],
                [t("cars.fields.luggage"), format.number(open.luggage)],
                [t("cars.fields.year"), open.year ? String(open.year) : "—"],
                [t("cars.plateNumber"), open.plate_number ?? "—"],
                [t("cars.colour"), open.colour ?? "—"],
                [t("cars.fields.fuel"), open.fuel_type ? t(`carForm.fuels.${open.fuel_type}`, { defaultValue: open.fuel_type }) : "—"],
                // money stays tr-TR with ₺ whatever the admin language
                [t("cars.fields.perKm"), open.price_per_km === null ? "—" : `₺${open.price_per_km.toLocaleString("tr-TR")}`],
                [t("cars.fields.perHour"), open.price_per_hour === null ? "—" : `₺${open.price_per_hour.toLocaleString("tr-TR")}`],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500 admin-dark:text-slate-400">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            {open.description ? <p className="text-sm whitespace-pre-line">{open.description}</p> : null}
            {open.features.length ? (
              <div>
                <h3 className="mb-1 text-sm font-semibold">{t("cars.features")}</h3>
                <ul className="flex flex-wrap gap-2">
                  {open.features.map((f) => (
                    <li key={f} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs admin-dark:bg-slate-800">
                      {f}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
