/**
 * An i18next instance for the back office in the admin language, made synchronously from the
 * catalogue the loader sends, so server and browser render the same texts.
 */
import { createInstance, type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";

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

export function AdminI18nProvider({ lng, catalogue, children }: { lng: string; catalogue: object; children: ReactNode }) {
  const instance = useMemo(() => createAdminI18n(lng, catalogue), [lng, catalogue]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
