/**
 * The driver pages' texts (`driver` namespace) in the driver's language, made synchronously from the
 * catalogue the loader sends, so the server and the browser render the same words whatever the
 * public site's language is on that phone. Also the pages' small frame: the language switcher.
 */
import { createInstance, type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { useTranslation } from "~/i18n/react";

/** Turkish first: the drivers are local. */
const DRIVER_PAGE_LANGUAGES = ["tr", "en", "de", "ru"] as const;

function createDriverI18n(lng: string, catalogue: object): i18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    ns: ["driver"],
    defaultNS: "driver",
    resources: { [lng]: { driver: catalogue } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

export function DriverI18nProvider({
  lng,
  catalogue,
  children,
}: {
  lng: string;
  catalogue: object;
  children: ReactNode;
}) {
  const instance = useMemo(() => createDriverI18n(lng, catalogue), [lng, catalogue]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

/** Plain links (?lng=xx): work without JavaScript; the choice is kept in the driver pages' cookie. */
export function DriverLanguages({ path }: { path: string }) {
  const { t, i18n } = useTranslation("driver");
  return (
    <nav aria-label={t("job.language")} className="flex flex-wrap gap-1 text-sm">
      {DRIVER_PAGE_LANGUAGES.map((l) => (
        <a
          key={l}
          href={`${path}?lng=${l}`}
          lang={l}
          hrefLang={l}
          aria-current={i18n.language === l ? "true" : undefined}
          className={`rounded-full px-3 py-2 font-semibold ${i18n.language === l ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-700 underline dark:text-slate-200"}`}
        >
          {t(`languages.${l}`)}
        </a>
      ))}
    </nav>
  );
}
