import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { FALLBACK_LANGUAGE, i18nOptions, isLanguage } from "./i18n/config";
import { loadLanguage, SERVER_ONLY_NAMESPACES } from "./i18n/resources";

async function hydrate() {
  // The server chose the language and wrote it to <html lang>; load only that catalogue.
  const asked = document.documentElement.lang;
  const lng = isLanguage(asked) ? asked : FALLBACK_LANGUAGE;
  // Every catalogue is complete (a unit test fails otherwise), so no fallback language is loaded.
  const page = await loadLanguage(lng, SERVER_ONLY_NAMESPACES);
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng,
    ns: Object.keys(page),
    resources: { [lng]: page },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
