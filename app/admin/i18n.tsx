/**
 * An i18next instance for the back office in the admin language, made synchronously from its
 * catalogue (locales/{lng}/admin.json), so server and browser render the same texts.
 *
 * The server has the four catalogues bundled. The browser loads the one it needs as a chunk of
 * its own (cached like every asset) and keeps it: this module, imported by every back-office
 * route, waits for the page's language (<html lang>, the admin language there: root.tsx) before
 * the page hydrates, so hydration finds the same texts at once. Another language (the setting
 * changed) is loaded when a page asks for it, the navigation waiting meanwhile. The catalogue used
 * to come in the admin layout's loader data, some 60 KB of every back-office answer to encode and
 * send again (issue 18).
 */
import { createInstance, type i18n } from "i18next";
import { use, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { useTranslation } from "~/i18n/react";
import { formatAdminDate, formatAdminDay, formatAdminNumber, formatCalendarDay, formatPercent } from "./format";

export function createAdminI18n(lng: string, catalogue: object): i18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    ns: ["admin"],
    defaultNS: "admin",
    resources: { [lng]: { admin: catalogue } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

type Catalogue = object;

const fileOf = (lng: string) => `../../locales/${lng}/admin.json`;
/** Server only (the browser's bundle leaves them out): every catalogue, there at once. */
const bundled: Record<string, Catalogue> = import.meta.env.SSR ? import.meta.glob<Catalogue>("../../locales/*/admin.json", { eager: true, import: "default" }) : {};
/** The browser: a chunk per language. */
const chunks = import.meta.glob<Catalogue>("../../locales/*/admin.json", { import: "default" });
const loading = new Map<string, Promise<Catalogue>>();
const loaded = new Map<string, Catalogue>();

/** The catalogue of `lng` (Turkish for a language without one), or the promise of it while its chunk loads. */
function catalogueOf(lng: string): Catalogue | Promise<Catalogue> {
  const file = bundled[fileOf(lng)] || chunks[fileOf(lng)] ? fileOf(lng) : fileOf("tr");
  const ready = bundled[file] ?? loaded.get(file);
  if (ready) return ready;
  let promise = loading.get(file);
  if (!promise) {
    promise = chunks[file]!().then(
      (catalogue) => {
        loaded.set(file, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(file); // asked again, it is fetched again
        throw error;
      },
    );
    loading.set(file, promise);
  }
  return promise;
}

// The page's catalogue before it hydrates (a failure here is met again, and shown, when the page renders).
if (!import.meta.env.SSR && typeof document !== "undefined") await Promise.resolve(catalogueOf(document.documentElement.lang)).catch(() => undefined);

/**
 * The instance for a catalogue and language, made once: every page shares one instance per
 * language and with it the texts `useTranslation` keeps (~/i18n/react; a fresh instance per
 * request translated every text of a page anew).
 */
const instances = new WeakMap<object, Map<string, i18n>>();

function adminI18nFor(lng: string, catalogue: object): i18n {
  let byLanguage = instances.get(catalogue);
  if (!byLanguage) instances.set(catalogue, (byLanguage = new Map()));
  let instance = byLanguage.get(lng);
  if (!instance) byLanguage.set(lng, (instance = createAdminI18n(lng, catalogue)));
  return instance;
}

/** The back office's texts in `lng` for everything inside. */
export function AdminI18nProvider({ lng, children }: { lng: string; children: ReactNode }) {
  const found = catalogueOf(lng);
  const catalogue = found instanceof Promise ? use(found) : found;
  const instance = useMemo(() => adminI18nFor(lng, catalogue), [lng, catalogue]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/**
 * The back office's formats bound to the admin language (~/admin/format): dates and days (with the
 * language's "not specified"), whole numbers, kilometres, durations and percentages.
 */
export function useAdminFormat() {
  const { t, i18n } = useTranslation("admin");
  const lng = i18n.language;
  return useMemo(() => {
    const number = (value: number) => formatAdminNumber(value, lng);
    return {
      /** an instant: "30.11.2026 14:05" (en "30/11/2026 14:05"), Istanbul time */
      date: (iso: string | null | undefined) => formatAdminDate(iso, t("ui.notSpecified"), lng),
      /** an instant's Istanbul day: "30.11.2026" */
      dayOf: (iso: string | null | undefined) => formatAdminDay(iso, t("ui.notSpecified"), lng),
      /** a calendar day "2026-11-30" (a form value, a trip's day): "30.11.2026" */
      day: (day: string | null | undefined) => (day ? formatCalendarDay(day, lng) : t("ui.notSpecified")),
      number,
      km: (value: number) => t("units.km", { value: number(value) }),
      /** spec §9: "{h} saat {m} dk", or "{m} dk" under an hour */
      duration: (seconds: number) => {
        const minutes = Math.round(seconds / 60);
        const h = Math.floor(minutes / 60);
        const m = minutes % 60;
        return h > 0 ? t("units.hoursMinutes", { h, m }) : t("units.minutes", { m });
      },
      /** at most `digits` decimals, whole by default */
      percent: (value: number, digits = 0) => formatPercent(value, lng, digits),
    };
  }, [t, lng]);
}
