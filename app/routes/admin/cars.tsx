import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/cars";
import { requireAdmin } from "~/auth/session.server";
import { AdminPage, Alert, ConfirmDialog, EmptyState, LinkButton, Modal, StatusBadge, buttonClass, type Tone, SelectField, TextField } from "~/admin/ui";
import { listHref, Pagination } from "~/booking/admin-list-ui";
import { PLACEHOLDER_IMAGE, DEFAULT_SEATS } from "~/fleet/car";
import { CAR_STATUS_LABELS } from "~/fleet/car-form-view";
import { listAdminCars, removeCar, type AdminCar } from "~/fleet/cars-api.server";
import { CAR_IN_USE_MESSAGE, listCategories, setCarStatus } from "~/fleet/cars.server";
import { getApp } from "~/server/context";
import { CAR_STATUSES, type CarStatus } from "~/server/db/schema";

export const meta: Route.MetaFunction = () => [{ title: "Araçlar · Yönetim Paneli" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, log } = getApp(context);
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  const filter = {
    q: params.get("q")?.trim().slice(0, 100) || undefined,
    category: params.get("category")?.trim() || undefined,
    status: (CAR_STATUSES as readonly string[]).includes(status) ? (status as CarStatus) : undefined,
  };
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
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
  await requireAdmin(request, context);
  const { db, storage, log } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (intent === "deactivate") {
    const done = await setCarStatus(db.kysely, id, "inactive");
    return done
      ? { ok: true, id, message: "Araç pasif yapıldı; artık sitede görünmüyor." }
      : { ok: false, id, message: "Araç kaydedilirken bir hata oluştu." };
  }
  if (intent === "delete") {
    try {
      const result = await removeCar(db.kysely, storage, id);
      if (result.ok) return { ok: true, id, message: "Araç silindi." };
      if (result.reason === "in_use") return { ok: false, id, message: CAR_IN_USE_MESSAGE, offerInactive: true };
    } catch (error) {
      log.error({ err: error }, "car delete failed");
    }
    return { ok: false, id, message: "Araç silinirken bir hata oluştu." };
  }
  return { ok: false, id, message: "Araç kaydedilirken bir hata oluştu." };
}

const STATUS_TONE: Record<string, Tone> = { active: "success", maintenance: "warning", inactive: "neutral" };

function statusLabel(status: string, where: "card" | "modal") {
  if (status in CAR_STATUS_LABELS) return CAR_STATUS_LABELS[status]!;
  return where === "card" ? CAR_STATUS_LABELS.inactive! : "Bilinmiyor";
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
  const { cars, total, page, pageSize, pageCount, categories, filter, saved, failed } = loaderData;
  const [open, setOpen] = useState<AdminCar | null>(null);
  const [shown, setShown] = useState(0);
  const location = useLocation();
  const current = { q: filter.q, category: filter.category, status: filter.status };
  const here = location.pathname + location.search;
  return (
    <AdminPage
      title="Araçlar"
      description="Filodaki araçları yönetin: fotoğraflar, fiyatlar ve durum."
      actions={
        <LinkButton to="/admin/cars/add" variant="primary">
          Yeni Araç Ekle
        </LinkButton>
      }
    >
      {saved ? <Alert tone="success" autoHideMs={4000}>Araç kaydedildi.</Alert> : null}
      {failed ? <Alert tone="error">Araçlar yüklenirken bir hata oluştu.</Alert> : null}
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
                  Bunun yerine pasif yap
                </button>
              </Form>
            ) : undefined
          }
        >
          {actionData.message}
        </Alert>
      ) : null}

      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <TextField id="car-q" label="Ara" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Araç adı veya kategori" />
        <SelectField
          id="car-category-filter"
          label="Kategori"
          name="category"
          defaultValue={filter.category ?? ""}
          options={[{ value: "", label: "Tümü" }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
        <SelectField
          id="car-status-filter"
          label="Durum"
          name="status"
          defaultValue={filter.status ?? ""}
          options={[{ value: "", label: "Tümü" }, ...Object.entries(CAR_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <button type="submit" className={buttonClass("primary")}>
          Filtrele
        </button>
      </Form>

      {cars.length === 0 && !failed ? (
        <EmptyState
          title="Araç Bulunamadı"
          description={filter.q || filter.category || filter.status ? "Arama veya filtreleri değiştirmeyi deneyin." : "Filoya ilk aracı ekleyin."}
          action={
            filter.q || filter.category || filter.status ? (
              <LinkButton to="/admin/cars">Filtreleri temizle</LinkButton>
            ) : (
              <LinkButton to="/admin/cars/add" variant="primary">
                Yeni Araç Ekle
              </LinkButton>
            )
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cars.map((car) => (
            <li
              key={car.id}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900"
              data-testid="admin-car-card"
            >
              <div className="relative">
                <Img src={car.gallery[0]?.card ?? car.image} alt={car.name} className="aspect-[16/10] w-full object-cover" />
                <span className="absolute top-2 right-2">
                  <StatusBadge label={statusLabel(car.status, "card")} tone={STATUS_TONE[car.status] ?? "neutral"} />
                </span>
              </div>
              <div className="flex flex-1 flex-col gap-1 p-4">
                <h2 className="font-semibold">{car.name}</h2>
                <p className="text-sm text-slate-600 admin-dark:text-slate-400">{car.category}</p>
                <p className="text-sm text-slate-600 admin-dark:text-slate-400">
                  {car.seats || DEFAULT_SEATS} yolcu · {car.luggage} bagaj
                  {car.bookings_count ? ` · ${car.bookings_count} rezervasyon` : ""}
                </p>
                <div className="mt-auto flex flex-wrap gap-1 pt-3">
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
                    Detaylar<span className="sr-only">: {car.name}</span>
                  </Link>
                  <LinkButton to={`/admin/cars/edit/${car.id}`} size="sm" variant="secondary">
                    Düzenle<span className="sr-only">: {car.name}</span>
                  </LinkButton>
                  <ConfirmDialog
                    // A refused delete keeps the card: remounting closes the confirmation's modal.
                    key={`confirm-${actionData?.id ?? ""}-${actionData?.message ?? ""}`}
                    trigger={
                      <>
                        Sil<span className="sr-only">: {car.name}</span>
                      </>
                    }
                    triggerVariant="ghost"
                    title="Aracı sil"
                    message="Bu aracı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz."
                    confirmLabel="Sil"
                    action={here}
                    fields={{ id: car.id, intent: "delete" }}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} noun="araç" hrefFor={(p) => listHref("/admin/cars", current, { page: p })} />

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.name ?? ""}
        wide
        footer={
          open ? (
            <>
              <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(null)}>
                Kapat
              </button>
              <LinkButton to={`/admin/cars/edit/${open.id}`} variant="primary">
                Düzenle
              </LinkButton>
            </>
          ) : null
        }
      >
        {open ? (
          <div className="space-y-4">
            <Img src={open.images[shown] ?? open.image} alt={`${open.name}, fotoğraf ${shown + 1}`} className="aspect-[16/9] w-full rounded-lg object-cover" />
            {open.images.length > 1 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Fotoğraflar">
                {open.gallery.map((image, i) => (
                  <li key={image.url}>
                    <button
                      type="button"
                      onClick={() => setShown(i)}
                      aria-pressed={i === shown}
                      aria-label={`Fotoğraf ${i + 1}`}
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
                ["Marka", open.make],
                ["Model", open.model],
                ["Kategori", open.category],
                ["Durum", statusLabel(open.status, "modal")],
                ["Yolcu", String(open.seats || DEFAULT_SEATS)],
                ["Bagaj", String(open.luggage)],
                ["Model yılı", open.year ? String(open.year) : "—"],
                ["Yakıt", open.fuel_type ?? "—"],
                ["Km başı", open.price_per_km === null ? "—" : `₺${open.price_per_km.toLocaleString("tr-TR")}`],
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
                <h3 className="mb-1 text-sm font-semibold">Özellikler</h3>
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
