/** The office's ways to be reached, from settings: call, WhatsApp (with a prefilled message), e-mail. */
import { useTranslation } from "~/i18n/react";
import { Icon, WhatsAppIcon } from "~/components/site/icons";
import { telHref, whatsappHref } from "~/components/site/links";
import { useWhatsAppText } from "~/components/site/whatsapp";
import { useRootData } from "~/root";

export function ContactOptions({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const site = useRootData()?.site;
  const whatsappText = useWhatsAppText();
  if (!site) return null;
  const item = "flex items-center gap-3 rounded-2xl border border-slate-200 px-4 py-3 hover:border-brand dark:border-slate-700";
  return (
    <ul className={`grid gap-3 text-left sm:grid-cols-3 ${className}`}>
      <li>
        <a className={item} href={telHref(site.contactPhone)}>
          <Icon name="phone" className="h-5 w-5 shrink-0 text-brand-strong" />
          <span>
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{t("contactOptions.call")}</span>
            <span className="block font-medium whitespace-nowrap">{site.contactPhone}</span>
          </span>
        </a>
      </li>
      {site.whatsappNumber && (
        <li>
          <a className={item} href={whatsappHref(site.whatsappNumber, whatsappText)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon className="h-5 w-5 shrink-0 text-[#128c4b]" />
            <span>
              <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">WhatsApp</span>
              <span className="block font-medium">{t("contactOptions.whatsapp")}</span>
            </span>
          </a>
        </li>
      )}
      <li>
        <a className={item} href={`mailto:${site.contactEmail}`}>
          <Icon name="mail" className="h-5 w-5 shrink-0 text-brand-strong" />
          <span className="min-w-0">
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{t("contactOptions.email")}</span>
            <span className="block font-medium break-all">{site.contactEmail}</span>
          </span>
        </a>
      </li>
    </ul>
  );
}
