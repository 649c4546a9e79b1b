import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/outbox";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { AdminPage, Alert, Card, EmptyState, StatusBadge, buttonClass, type Tone } from "~/admin/ui";
import { listHref, Pagination } from "~/admin/ui/list";
import { parsePage } from "~/utils/paging";
import { getApp } from "~/server/context";
import type { MailStatus } from "~/server/db/schema";
import { listOutbox, parseOutboxStatus, resendMail } from "~/server/outbox.server";
import { mailKindLabelKey } from "~/mail/kinds";
import { mailSetupGaps } from "~/mail/sender";
import { getSettings } from "~/settings/settings.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, mailer, env } = getApp(context);
  const params = new URL(request.url).searchParams;
  const status = parseOutboxStatus(params.get("status"));
  const [page, settings] = await Promise.all([listOutbox(db.kysely, status, parsePage(params.get("page"))), getSettings(db.kysely)]);
  // What keeps a guest's reply from reaching the office (app/mail/sender.ts).
  const gaps = mailSetupGaps(env.MAIL_FROM, settings.general.contactEmail);
  return { ...page, status, smtp: mailer.smtp, gaps };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "").slice(0, 100);
  const lng = await adminLanguage(db.kysely);
  if (String(form.get("intent") ?? "") === "resend" && id && (await resendMail(db.kysely, id))) {
    mailer.wake();
    return { ok: true, message: adminText(lng, "outbox.resent") };
  }
  return { ok: false, message: adminText(lng, "outbox.resendFailed") };
}

const TONE: Record<MailStatus, Tone> = { pending: "warning", sent: "success", failed: "danger" };
const TABS: MailStatus[] = ["pending", "sent", "failed"];

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { items, counts, status, total, page, pageSize, pageCount } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <AdminPage title={t("outbox.title")} description={t("outbox.description")}>
      <title>{`${t("outbox.title")} · ${t("shell.brand")}`}</title>
      <nav aria-label={t("outbox.tabsLabel")} className="flex flex-wrap gap-1 border-b border-slate-200 admin-dark:border-slate-800">
        {TABS.map((s) => (
          <Link
            key={s}
            to={listHref("/admin/outbox", {}, { status: s === "pending" ? undefined : s })}
            aria-current={s === status ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              s === status
                ? "border-brand text-slate-900 admin-dark:text-white"
                : "border-transparent text-slate-600 hover:text-slate-900 admin-dark:text-slate-400 admin-dark:hover:text-white"
            }`}
          >
            {t(`outbox.tabs.${s}`)} <span className="tabular-nums">({format.number(counts[s])})</span>
          </Link>
        ))}
      </nav>
      {loaderData.gaps.length > 0 ? (
        <section
          data-testid="mail-setup-warning"
          aria-labelledby="mail-setup-title"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 admin-dark:border-amber-800 admin-dark:bg-amber-950 admin-dark:text-amber-200"
        >
          <h2 id="mail-setup-title" className="font-semibold">
            {t("outbox.mailSetup.title")}
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {loaderData.gaps.map((gap) => (
              <li key={gap}>{t(`outbox.mailSetup.${gap}`)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {actionData ? (
        <Alert key={actionData.message} tone={actionData.ok ? "success" : "error"} autoHideMs={actionData.ok ? 4000 : undefined}>
          {actionData.message}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title={t(`outbox.empty.${status}`)} />
      ) : (
        <ul className="space-y-3">
          {items.map((m) => (
            <li key={m.id}>
              <Card
                title={<span className="break-words">{m.subject}</span>}
                actions={
                  <StatusBadge label={m.sending ? t("outbox.sending") : t(`outbox.tabs.${m.status}`)} tone={m.sending ? "info" : TONE[m.status]} />
                }
              >
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
                  <Field label={t("outbox.to")}>
                    <span className="break-all">{m.to_address}</span>
                  </Field>
                  <Field label={t("outbox.kind")}>{t(mailKindLabelKey(m.kind), { defaultValue: m.kind })}</Field>
                  <Field label={t("outbox.attempts")}>{format.number(m.attempts)}</Field>
                  <Field label={t("outbox.created")}>{format.date(m.created_at)}</Field>
                  {m.status === "sent" ? (
                    <Field label={t("outbox.sentAt")}>{format.date(m.sent_at)}</Field>
                  ) : m.status === "pending" ? (
                    <Field label={t("outbox.nextAttempt")}>{format.date(m.next_attempt_at)}</Field>
                  ) : null}
                </dl>
                {m.last_error ? (
                  <p className="mt-3 text-sm break-words text-red-800 admin-dark:text-red-300">
                    <span className="font-medium">{t("outbox.lastError")}:</span> {m.last_error}
                  </p>
                ) : null}
                {m.resendable ? (
                  <Form method="post" action={here} className="mt-4">
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="intent" value="resend" />
                    <button type="submit" className={buttonClass("secondary", "sm")}>
                      {t("outbox.resend")}
                    </button>
                  </Form>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        total={total}
        pageSize={pageSize}
        noun="mails"
        hrefFor={(p) => listHref("/admin/outbox", { status: status === "pending" ? undefined : status }, { page: p })}
      />
    </AdminPage>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 admin-dark:text-slate-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
