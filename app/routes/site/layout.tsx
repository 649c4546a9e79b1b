import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { useRootData } from "~/root";

const NAV = [
  { to: "/", key: "nav.home" },
  { to: "/fleet", key: "nav.fleet" },
  { to: "/services", key: "nav.services" },
  { to: "/about", key: "nav.about" },
  { to: "/contact", key: "nav.contact" },
] as const;

function telHref(phone: string) {
  return `tel:${phone.replace(/[^+0-9]/g, "")}`;
}

export default function SiteLayout() {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const siteName = site?.siteName ?? "";
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-ink">
        {t("nav.skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 text-white backdrop-blur">
        <div className="container-page flex h-16 items-center justify-between gap-6">
          <a href="/" className="flex items-center gap-2 font-display text-lg font-semibold tracking-wide">
            <span aria-hidden className="grid h-8 w-8 place-items-center rounded-full bg-brand text-sm font-bold text-ink">
              {siteName.slice(0, 1)}
            </span>
            <span>{siteName}</span>
          </a>
          <nav aria-label={t("nav.main")} className="hidden lg:block">
            <ul className="flex items-center gap-8 text-sm font-medium">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `transition hover:text-brand ${isActive ? "text-brand" : "text-slate-200"}`
                    }
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden items-center gap-4 lg:flex">
            <LanguageSwitch />
          </div>
          {/* <details> opens and closes with keyboard and without JavaScript. */}
          <details className="group relative lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">{t("nav.openMenu")}</span>
              <span className="hidden group-open:inline">{t("nav.closeMenu")}</span>
              <svg aria-hidden width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
                <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
              </svg>
            </summary>
            <nav aria-label={t("nav.main")} className="absolute right-0 mt-3 w-64 rounded-2xl border border-white/10 bg-ink p-4 shadow-2xl">
              <ul className="flex flex-col gap-1 text-base">
                {NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end className="block rounded-lg px-3 py-2 hover:bg-white/10">
                      {t(item.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <LanguageSwitch className="mt-4 border-t border-white/10 pt-4" />
            </nav>
          </details>
        </div>
      </header>
      <Outlet />
      <footer className="bg-ink text-slate-300">
        <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <p className="font-display text-xl font-semibold text-white">{siteName}</p>
            <p className="mt-3 max-w-sm text-sm leading-relaxed">{site?.siteDescription}</p>
          </div>
          <nav aria-label={t("footer.quickLinks")}>
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("footer.quickLinks")}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {NAV.map((item) => (
                <li key={item.to}>
                  <a href={item.to} className="hover:text-brand">
                    {t(item.key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("footer.contact")}</h2>
            {site && (
              <address className="mt-4 space-y-2 text-sm not-italic">
                <p>{site.address}</p>
                <p>
                  <a className="hover:text-brand" href={telHref(site.contactPhone)}>
                    {site.contactPhone}
                  </a>
                </p>
                <p>
                  <a className="hover:text-brand" href={`mailto:${site.contactEmail}`}>
                    {site.contactEmail}
                  </a>
                </p>
              </address>
            )}
          </div>
        </div>
        <div className="border-t border-white/10">
          <p className="container-page py-6 text-xs text-slate-400">
            © {new Date().getFullYear()} {siteName}. {t("footer.rights")}
          </p>
        </div>
      </footer>
    </>
  );
}
