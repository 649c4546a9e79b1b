/**
 * An i18next instance for the back office in the admin language, made synchronously from the
 * catalogue the loader sends, so server and browser render the same texts.
 */
import { createInstance, type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { useTranslation } from "~/i18n/react";
import { formatAdminDate, formatAdminNumber, formatPercent } from "./format";

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

/**
 * The instance for a catalogue and language, made once: on the server the catalogue is the same
 * object for every request, so every page shares one instance per language and with it the texts
 * `useTranslation` keeps (~/i18n/react; a fresh instance per request translated every text of a
 * page anew). In the browser each catalogue the loader sends is a new object, as before.
 */
const instances = new WeakMap<object, Map<string, i18n>>();

function adminI18nFor(lng: string, catalogue: object): i18n {
  let byLanguage = instances.get(catalogue);
  if (!byLanguage) instances.set(catalogue, (byLanguage = new Map()));
  let instance = byLanguage.get(lng);
  if (!instance) byLanguage.set(lng, (instance = createAdminI18n(lng, catalogue)));
  return instance;
}

export function AdminI18nProvider({ lng, catalogue, children }: { lng: string; catalogue: object; children: ReactNode }) {
  const instance = useMemo(() => adminI18nFor(lng, catalogue), [lng, catalogue]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/**
 * The back office's formats bound to the admin language (~/admin/format): dates (with the
 * language's "not specified"), whole numbers, kilometres, durations and percentages.
 */
export function useAdminFormat() {
  const { t, i18n } = useTranslation("admin");
  const lng = i18n.language;
  return useMemo(() => {
    const number = (value: number) => formatAdminNumber(value, lng);
    return {
      date: (iso: string | null | undefined) => formatAdminDate(iso, t("ui.notSpecified")),
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
