import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { LANGUAGES } from "~/i18n/config";

/** EN/TR/DE/RU as plain links (`?lng=xx`, kept in a cookie by the server); works without JavaScript. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <ul className={`flex items-center gap-1 ${className}`} aria-label={t("nav.language")}>
      {LANGUAGES.map((lng) => {
        const params = new URLSearchParams(location.search);
        params.set("lng", lng);
        const current = i18n.language === lng;
        return (
          <li key={lng}>
            <a
              href={`${location.pathname}?${params.toString()}${location.hash}`}
              hrefLang={lng}
              lang={lng}
              aria-current={current ? "true" : undefined}
              className={`inline-grid min-h-8 min-w-9 place-items-center rounded-md px-2 py-1 text-xs font-semibold tracking-widest transition ${
                current ? "bg-brand text-ink" : "text-slate-300 hover:text-white"
              }`}
            >
              {lng.toUpperCase()}
              <span className="sr-only"> ({t(`languages.${lng}`)})</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
