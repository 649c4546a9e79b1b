import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { FALLBACK_LANGUAGE, i18nOptions, isLanguage } from "./i18n/config";
import { loadLanguage, loadNamespace, pageNamespaces, SERVER_ONLY_NAMESPACES } from "./i18n/resources";

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

/** A namespace a later page needs and this page did not load comes from its chunk. */
const lazyCatalogues: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, done) {
    loadNamespace(lng, ns).then(
      (catalogue) => done(null, catalogue),
      (error: Error) => done(error, false),
    );
  },
};

async function hydrate() {
  // The server chose the language and wrote it to <html lang>; load only that catalogue.
  const asked = document.documentElement.lang;
  const lng = isLanguage(asked) ? asked : FALLBACK_LANGUAGE;
  // Of it, what this page's routes name (React Router's inline script has imported their modules
  // before this one); every public namespace for a route that names none.
  const wanted = pageNamespaces(window.__reactRouterRouteModules ?? {});
  const page = wanted
    ? Object.fromEntries(await Promise.all(wanted.map(async (ns) => [ns, await loadNamespace(lng, ns)] as const)))
    : await loadLanguage(lng, SERVER_ONLY_NAMESPACES);
  await i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng,
      // Every catalogue is complete (a unit test fails otherwise), so no fallback language is loaded.
      fallbackLng: false,
      ns: Object.keys(page),
      resources: { [lng]: page },
      partialBundledLanguages: true,
      // A page whose namespace is not loaded yet waits for it (navigations are transitions, so the
      // current page stays on screen meanwhile) instead of rendering keys.
      react: { ...i18nOptions.react, useSuspense: true },
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
