/** A legal text (privacy, terms) from the `legal` catalogue: a title, an intro and numbered sections. */
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/root";
import { PageHero } from "./section-heading";

interface Section {
  title: string;
  body: string[];
}

/** `values` fill the page's own placeholders (the terms' lead time and the office's cancellation and payment terms). */
export function LegalPage({ page, values = {} }: { page: "privacy" | "terms"; values?: Record<string, string> }) {
  const { t } = useTranslation("legal");
  const site = useRootData()?.site;
  const vars: Record<string, string> = { ...values, company: site?.siteName ?? "", email: site?.contactEmail ?? "", address: site?.address ?? "", phone: site?.contactPhone ?? "" };
  const sections = t(`${page}.sections`, { returnObjects: true, ...vars }) as Section[];
  return (
    <main id="main">
      <PageHero eyebrow={t("eyebrow")} title={t(`${page}.title`)} lead={t(`${page}.intro`, vars)} />
      <article className="container-page max-w-3xl py-16">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("updated")}</p>
        {Array.isArray(sections) &&
          sections.map((section, i) => (
            <section key={section.title} className="mt-10">
              <h2 className="font-display text-2xl font-semibold">
                {i + 1}. {section.title}
              </h2>
              {section.body.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                  {p.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "")}
                </p>
              ))}
            </section>
          ))}
      </article>
    </main>
  );
}
