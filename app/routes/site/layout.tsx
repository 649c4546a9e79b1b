/**
 * The public site's frame (spec §2): header with the main links, language buttons and a mobile
 * menu (a <details>, so it opens with the keyboard and without JavaScript), the footer with quick
 * links, service links, contact details from settings, the newsletter box and the legal pages, and
 * the WhatsApp link: in the header's bar while the page has no margin to float it in (below 1420 px,
 * where a floating button would cover form lines and the footer's address), floating in the right
 * margin beside the 1280 px content column above that.
 */
import { useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, NavLink, Outlet } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { CurrencySwitch, RatesNote } from "~/components/site/currency-switch";
import { Icon } from "~/components/site/icons";
import { telHref } from "~/components/site/links";
import { Logo } from "~/components/site/logo";
import { NewsletterForm } from "~/components/site/newsletter-form";
import { WhatsAppButton } from "~/components/site/whatsapp";
import { useRootData } from "~/root";
import interCyrillic from "@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import playfairCyrillic from "@fontsource-variable/playfair-display/files/playfair-display-cyrillic-wght-normal.woff2?url";
import playfairLatin from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url";
import interTurkish from "~/styles/fonts/inter-turkish-wght-normal.woff2?url&no-inline";
import playfairTurkish from "~/styles/fonts/playfair-display-turkish-wght-normal.woff2?url&no-inline";
import type { I18nHandle } from "~/i18n/resources";
import type { Route } from "./+types/layout";

/** The layout's texts are all in `common`; each page names its own catalogues (app/i18n/resources.ts). */
export const handle: I18nHandle = { i18n: [] };

/**
 * The font files every page shows above the fold are fetched with the document: the latin files of
 * the two brand fonts (86 KB) and Inter's 3 KB Turkish letters (the office address in the footer is
 * Turkish on every page). They usually arrive with the stylesheet, so the first paint is already in
 * Inter and Playfair and no second layout follows; they never hold the paint back (font-display:
 * swap onto metric-matched fallbacks, app/styles/fonts.css). LANGUAGE_FONTS adds what a language's
 * headings and text need; other subsets load only when a page shows their characters.
 */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "font", type: "font/woff2", href: playfairLatin, crossOrigin: "anonymous" },
  { rel: "preload", as: "font", type: "font/woff2", href: interLatin, crossOrigin: "anonymous" },
  { rel: "preload", as: "font", type: "font/woff2", href: interTurkish, crossOrigin: "anonymous" },
];

const LANGUAGE_FONTS: Partial<Record<string, string[]>> = {
  tr: [playfairTurkish],
  ru: [interCyrillic, playfairCyrillic],
};

const NAV = [
  { to: "/", key: "nav.home" },
  { to: "/fleet", key: "nav.fleet" },
  { to: "/services", key: "nav.services" },
  { to: "/about", key: "nav.about" },
  { to: "/contact", key: "nav.contact" },
] as const;

const FOOTER_SERVICES = ["airport", "vip", "chauffeur", "wedding", "corporate"] as const;

export default function SiteLayout() {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const siteName = site?.siteName ?? "";
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute("open");
  const languageFonts = LANGUAGE_FONTS[useRootData()?.locale ?? ""] ?? [];

  return (
    <>
      {/* React puts these in <head>. */}
      {languageFonts.map((href) => (
        <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
      ))}
      <a
        href="#main"
        className="fixed -top-24 left-2 z-50 rounded bg-white px-4 py-2 text-ink focus:top-2"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 text-white backdrop-blur">
        <div className="container-page flex h-16 items-center justify-between gap-3 sm:gap-6">
          <Logo name={siteName} />
          <nav aria-label={t("nav.main")} className="hidden lg:block">
            <ul className="flex items-center gap-8 text-sm font-medium">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `inline-block border-b-2 py-2 transition hover:text-brand ${isActive ? "border-brand text-brand" : "border-transparent text-slate-200"}`
                    }
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2 sm:gap-4 lg:ml-0">
            <CurrencySwitch />
            <div className="hidden lg:block">
              <LanguageSwitch />
            </div>
            {site?.whatsappNumber && <WhatsAppButton number={site.whatsappNumber} className="h-10 w-10 shrink-0 min-[1420px]:hidden" />}
          </div>
          <details ref={menu} className="group lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-white/20 px-4 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">{t("nav.openMenu")}</span>
              <span className="hidden group-open:inline">{t("nav.closeMenu")}</span>
              <Icon name={"menu"} className="h-5 w-5 group-open:hidden" />
              <Icon name={"close"} className="hidden h-5 w-5 group-open:block" />
            </summary>
            <nav
              aria-label={t("nav.mobile")}
              className="absolute inset-x-0 top-16 border-b border-white/10 bg-ink px-5 pt-2 pb-6 shadow-2xl sm:px-8"
            >
              <ul className="flex flex-col text-lg">
                {NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      onClick={closeMenu}
                      className={({ isActive }) =>
                        `block border-b border-white/5 py-3 ${isActive ? "text-brand" : "text-slate-100"}`
                      }
                    >
                      {t(item.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <LanguageSwitch className="mt-4" />
            </nav>
          </details>
        </div>
      </header>
      <Outlet />
      <footer className="bg-ink text-slate-300">
        <div className="container-page grid gap-10 py-16 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <Logo name={siteName} />
            <p className="mt-4 max-w-xs text-sm leading-relaxed">{t("footer.about")}</p>
            <nav aria-label={t("footer.quickLinks")} className="mt-8">
              <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("footer.quickLinks")}</h2>
              <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
                {NAV.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="hover:text-brand">
                      {t(item.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <nav aria-label={t("footer.services")}>
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("footer.services")}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {FOOTER_SERVICES.map((key) => (
                <li key={key}>
                  <Link to={`/services#${key}`} className="hover:text-brand">
                    {t(`footer.serviceLinks.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">{t("footer.contact")}</h2>
            {site && (
              <address className="mt-4 space-y-3 text-sm not-italic">
                <p className="flex gap-2">
                  <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
                  {site.address}
                </p>
                <p className="flex gap-2">
                  <Icon name="phone" className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
                  <a className="hover:text-brand" href={telHref(site.contactPhone)}>
                    {site.contactPhone}
                  </a>
                </p>
                <p className="flex gap-2">
                  <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
                  <a className="hover:text-brand" href={`mailto:${site.contactEmail}`}>
                    {site.contactEmail}
                  </a>
                </p>
              </address>
            )}
          </div>
          <NewsletterForm />
        </div>
        <div className="border-t border-white/10">
          <div className="container-page flex flex-col gap-3 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
            <p>
              © {new Date().getFullYear()} {siteName}. {t("footer.rights")}
            </p>
            <RatesNote />
            <ul className="flex gap-6">
              <li>
                <Link to="/privacy" className="hover:text-white">
                  {t("footer.privacy")}
                </Link>
              </li>
              <li>
                <Link to="/terms" className="hover:text-white">
                  {t("footer.terms")}
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </footer>
      {site?.whatsappNumber && (
        <aside aria-label={t("whatsapp.region")} className="hidden min-[1420px]:block">
          <WhatsAppButton
            number={site.whatsappNumber}
            className="fixed right-3 bottom-6 z-30 h-14 w-14 shadow-lg ring-4 ring-white/60 dark:ring-slate-900/60"
          />
        </aside>
      )}
    </>
  );
}
