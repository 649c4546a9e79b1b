/**
 * The car form of /admin/cars/add and /admin/cars/edit/{id} (spec §5). One <form> that works
 * without JavaScript (multipart post; the feature and image buttons are Conform list intents —
 * insert, remove, reorder — that the server applies and sends the page back changed, nothing typed
 * lost) and better with it (Conform applies the same intents in place, photos upload as soon as
 * they are chosen, drag to reorder).
 */
import { getFormProps, getInputProps, parse, useForm } from "@conform-to/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { Alert, buttonClass, Card, CONTROL, ErrorList, SelectField, TextareaField, TextField } from "~/admin/ui";
import { CAR_STATUSES } from "~/server/db/schema";
import { CAR_CATEGORIES, PLACEHOLDER_IMAGE, type StoredImage } from "./car";
import { digitsOnly, MAX_IMAGES } from "./car-form";

export interface CarFormState {
  values: Record<string, string>;
  features: string[];
  images: StoredImage[];
  fields: Record<string, string[]>;
  message?: string;
}

/** The form's lists, kept by Conform: feature rows and image URLs in order. */
type CarFormLists = { features: string[]; images: string[] };

/** The fuel types the public site translates (common.json car.fuels); the field still takes any text. */
const FUELS = ["Diesel", "Petrol", "Hybrid", "Electric"] as const;
/** What a refused upload (POST /api/files/upload-multiple) means, by its status. */
const UPLOAD_ERRORS: Record<number, string> = { 400: "uploads.messages.invalid", 413: "uploads.messages.tooLarge", 503: "uploads.messages.storage" };

export function CarForm({ state, submitLabel }: { state: CarFormState; submitLabel: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  // Every value posts as text; a plain save resolves, a list intent is applied in place.
  const [form, fields] = useForm<CarFormLists>({
    id: "car-form",
    defaultValue: { features: state.features.length ? state.features : [""], images: state.images.map((i) => i.url) },
    onValidate: ({ formData }) => parse(formData, { resolve: (payload) => ({ value: payload as CarFormLists }) }),
  });
  const features = fields.features.getFieldList();
  const images = fields.images.getFieldList();
  /** What the page knows of each image URL (its card size): the server's and this visit's uploads. */
  const [known, setKnown] = useState<Record<string, StoredImage>>(() => Object.fromEntries(state.images.map((i) => [i.url, i])));
  const imageOf = (url: string | undefined): StoredImage => known[url ?? ""] ?? { url: url ?? "" };
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = navigation.state === "submitting";
  const v = (name: string) => state.values[name] ?? "";

  /** The props every field of the form shares: its id, name, value as typed and errors. */
  const field = (name: string) => ({ id: `car-${name}`, name, defaultValue: v(name), errors: state.fields[name] });
  const text = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, help?: string) => (
    <TextField label={label} help={help} {...field(name)} {...props} />
  );
  const digits = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, help?: string) =>
    text(name, label, {
      inputMode: "numeric",
      pattern: "[0-9]*",
      onInput: (e) => {
        const clean = digitsOnly(e.currentTarget.value);
        if (clean !== e.currentTarget.value) e.currentTarget.value = clean;
      },
      ...props,
    }, help);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    form.reorder({ name: fields.images.name, from, to });
  };

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    setUploadError(null);
    const list = [...files];
    if (list.length + images.length > MAX_IMAGES) {
      setUploadError(t("uploads.messages.tooMany"));
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    if (list.some((f) => f.size >= 5 * 1024 * 1024 || !["image/jpeg", "image/png", "image/webp"].includes(f.type))) {
      setUploadError(t("uploads.messages.invalid"));
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const body = new FormData();
    for (const f of list) body.append("files", f);
    body.append("bucket", "car-images");
    setUploading(true);
    try {
      const response = await fetch("/api/files/upload-multiple", { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as { success?: boolean; data?: Array<{ url: string; card_url?: string; width?: number; height?: number }> } | null;
      if (response.status === 401) {
        setUploadError(t("carForm.notSignedIn"));
        setTimeout(() => window.location.assign(`/admin/login?redirectTo=${encodeURIComponent(window.location.pathname)}`), 2000);
        return;
      }
      if (!response.ok || !json?.success || !json.data) {
        setUploadError(t(UPLOAD_ERRORS[response.status] ?? "uploads.messages.failed"));
        return;
      }
      const uploaded = json.data.map((d) => ({ url: d.url, ...(d.card_url ? { card: d.card_url } : {}), width: d.width, height: d.height }));
      setKnown((current) => ({ ...current, ...Object.fromEntries(uploaded.map((i) => [i.url, i])) }));
      for (const image of uploaded) form.insert({ name: fields.images.name, defaultValue: image.url });
    } catch {
      setUploadError(t("uploads.messages.failed"));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      {/* The form's default button, so Enter in a field saves (and not the first feature's "Kaldır"). */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {submitLabel}
      </button>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Card title={t("carForm.info")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", t("carForm.name"), { required: true, maxLength: 120 })}
          <SelectField
            label={t("cars.category")}
            {...field("category")}
            defaultValue={v("category") || "Sedan"}
            options={CAR_CATEGORIES.map((c) => ({ value: c, label: c }))}
          />
          {text("make", t("carForm.make"), { required: true, maxLength: 120 })}
          {text("model", t("carForm.model"), { required: true, maxLength: 120 })}
          {digits("year", t("carForm.year"), { maxLength: 4 })}
          {text("fuel_type", t("carForm.fuelType"), { maxLength: 40, list: "fuel-types" })}
          <datalist id="fuel-types">
            {FUELS.map((fuel) => (
              <option key={fuel} value={fuel} label={t(`carForm.fuels.${fuel}`)} />
            ))}
          </datalist>
          {text("plate_number", t("cars.plateNumber"), { maxLength: 16, autoCapitalize: "characters" }, t("cars.plateHelp"))}
          {text("colour", t("cars.colour"), { maxLength: 30 })}
          {digits("seats", t("carForm.seats"), { maxLength: 2 })}
          {digits("luggage", t("carForm.luggage"), { maxLength: 2 })}
          {digits("price_per_km", t("carForm.pricePerKm"), { maxLength: 6 })}
          {digits("price_per_day", t("carForm.pricePerDay"), { maxLength: 8 })}
          {digits("price_per_hour", t("carForm.pricePerHour"), { maxLength: 7 }, t("carForm.pricePerHourHelp"))}
          <SelectField
            label={t("ui.status")}
            {...field("status")}
            defaultValue={v("status") || "active"}
            options={CAR_STATUSES.map((value) => ({ value, label: t(`carStatus.${value}`) }))}
          />
          <TextareaField label={t("carForm.description")} {...field("description")} rows={4} maxLength={4000} className="sm:col-span-2" />
        </div>
      </Card>

      <Card title={t("carMaintenance.title")}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">
          {t("carMaintenance.help")}
        </p>
        {/* color-scheme is inherited: the date pickers' own icons follow the dark theme */}
        <div className="grid gap-4 sm:grid-cols-2 admin-dark:[color-scheme:dark]">
          {text("maintenance_from", t("carMaintenance.from"), { type: "datetime-local" })}
          {text("maintenance_to", t("carMaintenance.to"), { type: "datetime-local" })}
        </div>
      </Card>

      <Card title={t("cars.features")}>
        <ul className="space-y-2">
          {features.map((feature, i) => (
            <li key={feature.key} className="flex gap-2">
              <label htmlFor={feature.id} className="sr-only">
                {t("carForm.feature", { n: i + 1 })}
              </label>
              <input {...getInputProps(feature, { type: "text" })} maxLength={80} className={CONTROL} />
              <button
                {...form.remove.getButtonProps({ name: fields.features.name, index: i })}
                disabled={features.length <= 1}
                className={buttonClass("ghost", "sm")}
              >
                {t("carForm.remove")}
                <span className="sr-only"> {t("carForm.featureRef", { n: i + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
        <button {...form.insert.getButtonProps({ name: fields.features.name, defaultValue: "" })} className={buttonClass("secondary", "sm", "mt-3")}>
          {t("carForm.addFeature")}
        </button>
        <p className="mt-2 text-xs text-slate-500 admin-dark:text-slate-400">{t("carForm.blankFeatures")}</p>
      </Card>

      <Card title={t("carForm.photosTitle", { count: images.length, max: MAX_IMAGES })}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("carForm.photosHelp")}</p>
        {images.length > 0 ? (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t("carForm.photoOrder")}>
            {images.map((row, i) => {
              const image = imageOf(row.value ?? row.initialValue);
              return (
                <li
                  key={row.key}
                  draggable
                  onDragStart={() => setDragIndex(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragIndex !== null) move(dragIndex, i);
                    setDragIndex(null);
                  }}
                  className={`relative rounded-lg border bg-slate-50 p-2 admin-dark:bg-slate-950 ${
                    i === 0 ? "border-brand" : "border-slate-200 admin-dark:border-slate-700"
                  } ${dragIndex === i ? "opacity-50" : ""}`}
                  data-testid="car-image"
                >
                  <input {...getInputProps(row, { type: "hidden" })} />
                  <img
                    src={image.card ?? image.url}
                    alt={t("cars.photo", { n: i + 1 })}
                    className="aspect-[4/3] w-full cursor-move rounded object-cover"
                    onError={(e) => {
                      if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
                    }}
                  />
                  {i === 0 ? (
                    <span className="absolute top-3 left-3 rounded bg-brand px-1.5 py-0.5 text-xs font-semibold text-ink">{t("carForm.mainImage")}</span>
                  ) : null}
                  <div className="mt-2 flex justify-between gap-1">
                    <button
                      {...form.reorder.getButtonProps({ name: fields.images.name, from: i, to: i - 1 })}
                      disabled={i === 0}
                      className={buttonClass("ghost", "sm", "px-2")}
                      aria-label={t("carForm.moveUp", { n: i + 1 })}
                    >
                      ←
                    </button>
                    <button
                      {...form.remove.getButtonProps({ name: fields.images.name, index: i })}
                      className={buttonClass("ghost", "sm", "px-2 text-red-600")}
                      aria-label={t("carForm.removePhoto", { n: i + 1 })}
                    >
                      {t("carForm.remove")}
                    </button>
                    <button
                      {...form.reorder.getButtonProps({ name: fields.images.name, from: i, to: i + 1 })}
                      disabled={i === images.length - 1}
                      className={buttonClass("ghost", "sm", "px-2")}
                      aria-label={t("carForm.moveDown", { n: i + 1 })}
                    >
                      →
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
        <div className="mt-4">
          <label htmlFor="car-files" className="mb-1 block text-sm font-medium">
            {t("carForm.addPhotos")}
          </label>
          <input
            ref={fileInput}
            id="car-files"
            type="file"
            name="files"
            multiple
            accept="image/jpeg,image/png,image/webp"
            disabled={images.length >= MAX_IMAGES}
            aria-describedby="car-files-error"
            onChange={(e) => {
              void upload(e.currentTarget.files);
            }}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium admin-dark:file:bg-slate-800 admin-dark:file:text-slate-100"
          />
          {uploading ? <p role="status" className="mt-1 text-sm">{t("ui.loading")}</p> : null}
          <ErrorList id="car-files-error" errors={uploadError ? [uploadError] : state.fields.images} />
        </div>
      </Card>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy || uploading}>
          {busy ? t("ui.saving") : submitLabel}
        </button>
        <a href="/admin/cars" className={buttonClass("secondary")}>
          {t("ui.discard")}
        </a>
      </div>
    </Form>
  );
}

/**
 * The car page for a role that may change only the status and the maintenance window (a
 * dispatcher): those fields in a plain form, the rest (name, rates) shown read-only.
 */
export function CarStatusForm({ state, submitLabel }: { state: CarFormState; submitLabel: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const v = (name: string) => state.values[name] ?? "";
  const field = (name: string) => ({ id: `car-${name}`, name, defaultValue: v(name), errors: state.fields[name] });
  const shown: Array<[string, string]> = [
    [t("carForm.name"), v("name")],
    [t("cars.category"), v("category")],
    [t("carForm.make"), v("make")],
    [t("carForm.model"), v("model")],
    [t("carForm.pricePerKm"), v("price_per_km")],
    [t("carForm.pricePerDay"), v("price_per_day")],
    [t("carForm.pricePerHour"), v("price_per_hour")],
  ];
  return (
    <Form method="post" className="space-y-6" data-testid="car-status-form">
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <Card title={t("carForm.info")}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("roles.carReadOnly")}</p>
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="car-read-only">
          {shown.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-slate-600 admin-dark:text-slate-400">{label}</dt>
              <dd className="mt-0.5">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("ui.status")}
            {...field("status")}
            defaultValue={v("status") || "active"}
            options={CAR_STATUSES.map((value) => ({ value, label: t(`carStatus.${value}`) }))}
          />
        </div>
      </Card>
      <Card title={t("carMaintenance.title")}>
        <p className="mb-3 text-sm text-slate-600 admin-dark:text-slate-400">{t("carMaintenance.help")}</p>
        <div className="grid gap-4 sm:grid-cols-2 admin-dark:[color-scheme:dark]">
          <TextField label={t("carMaintenance.from")} type="datetime-local" {...field("maintenance_from")} />
          <TextField label={t("carMaintenance.to")} type="datetime-local" {...field("maintenance_to")} />
        </div>
      </Card>
      <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting"}>
        {submitLabel}
      </button>
    </Form>
  );
}
