/**
 * A car's or a driver's documents page (issue 34): one panel per kind with its state, its last
 * valid day, its scan (opened by staff through the page's file route) and a form of its own, a
 * plain multipart post that works without JavaScript; a refusal comes back to that panel with the
 * typed date kept.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import {
  AdminPage,
  Alert,
  Button,
  Card,
  LinkButton,
  Checkbox,
  ConfirmDialog,
  StatusBadge,
  TextField,
  type Tone,
} from "~/admin/ui";
import { useAdminFormat } from "~/admin/i18n";
import { documentKindKey, type DocumentOwnerKind, type DocumentState } from "./documents";
import type { DocumentView } from "./documents.server";

const DOCUMENT_TONES: Record<DocumentState, Tone> = {
  valid: "success",
  expiring: "warning",
  expired: "danger",
  missing: "neutral",
};

export interface DocumentRefusal {
  kind: string;
  expiresOn: string;
  error: string;
}

function DocumentPanel({ doc, base, refusal }: { doc: DocumentView; base: string; refusal?: DocumentRefusal }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const name = t(documentKindKey(doc.kind));
  const id = `doc-${doc.kind}`;
  return (
    <section data-testid={`document-${doc.kind}`} aria-label={name}>
      <Card
        title={name}
        actions={<StatusBadge label={t(`documents.state.${doc.state}`)} tone={DOCUMENT_TONES[doc.state]} />}
      >
        <div className="space-y-4">
          {doc.expiresOn ? (
            <p className="text-sm">
              <span className="text-slate-600 admin-dark:text-slate-400">{t("documents.expiresOn")}: </span>
              <span className="font-semibold tabular-nums">{format.day(doc.expiresOn)}</span>
            </p>
          ) : null}
          <p className="text-sm">
            {doc.file ? (
              <a
                href={`${base}/${doc.kind}`}
                className="font-medium text-brand-strong underline admin-dark:text-brand"
                target="_blank"
                rel="noreferrer"
              >
                {t("documents.viewFile", { name: doc.file.name })}
              </a>
            ) : (
              <span className="text-slate-600 admin-dark:text-slate-400">{t("documents.noFile")}</span>
            )}
          </p>
          <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label={name}>
            <input type="hidden" name="kind" value={doc.kind} />
            <TextField
              id={`${id}-date`}
              type="date"
              name="expiresOn"
              label={t("documents.expiresOn")}
              defaultValue={refusal ? refusal.expiresOn : (doc.expiresOn ?? "")}
              errors={refusal ? [refusal.error] : undefined}
              required
            />
            <div>
              <label
                htmlFor={`${id}-file`}
                className="mb-1 block text-sm font-medium text-slate-700 admin-dark:text-slate-300"
              >
                {doc.file ? t("documents.replaceFile") : t("documents.file")}
              </label>
              <input
                id={`${id}-file`}
                type="file"
                name="file"
                accept="application/pdf,image/jpeg,image/png,image/webp"
                className="block w-full max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium admin-dark:file:bg-slate-800 admin-dark:file:text-slate-100"
              />
            </div>
            {doc.file ? <Checkbox id={`${id}-remove`} name="removeFile" label={t("documents.removeFile")} /> : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                name="intent"
                value="save"
                variant="primary"
                aria-label={t("documents.saveLabel", { document: name })}
              >
                {t("documents.save")}
              </Button>
            </div>
          </Form>
          {doc.expiresOn ? (
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 admin-dark:border-slate-800">
              <p className="text-xs text-slate-500 admin-dark:text-slate-400">
                {t("documents.updated", { date: format.date(doc.updatedAt), by: doc.updatedBy || "—" })}
              </p>
              <ConfirmDialog
                trigger={t("documents.clear")}
                message={t("documents.clearConfirm", { document: name })}
                confirmLabel={t("documents.clear")}
                action={base}
                fields={{ kind: doc.kind, intent: "clear" }}
              />
            </div>
          ) : null}
        </div>
      </Card>
    </section>
  );
}

/** The page's body: the last post's outcome, then every kind's panel. */
function DocumentsPanels({
  documents,
  base,
  refusal,
  done,
}: {
  documents: DocumentView[];
  /** the page's URL; a kind's scan is at `${base}/${kind}` */
  base: string;
  refusal?: DocumentRefusal;
  done?: { kind: string; intent: "save" | "clear" } | null;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      {done && !refusal ? (
        <Alert tone="success">
          {t(done.intent === "clear" ? "documents.cleared" : "documents.saved", {
            document: t(documentKindKey(done.kind)),
          })}
        </Alert>
      ) : null}
      {refusal && !documents.some((d) => d.kind === refusal.kind) ? (
        <Alert tone="error">{t(refusal.error)}</Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {documents.map((doc) => (
          <DocumentPanel
            key={`${doc.kind}:${doc.expiresOn ?? ""}:${doc.updatedAt ?? ""}`}
            doc={doc}
            base={base}
            refusal={refusal?.kind === doc.kind ? refusal : undefined}
          />
        ))}
      </div>
    </>
  );
}

/** A car's or a driver's documents page: its title, the way back to the owner, the panels. */
export function DocumentsPage({
  owner,
  page,
  refusal,
}: {
  owner: DocumentOwnerKind;
  page: {
    id: string;
    name: string;
    documents: DocumentView[];
    done: { kind: string; intent: "save" | "clear" } | null;
  };
  refusal?: DocumentRefusal;
}) {
  const { t } = useTranslation("admin");
  const title = t("documents.title", { name: page.name });
  const section = owner === "car" ? "cars" : "drivers";
  return (
    <AdminPage
      title={title}
      description={t("documents.description")}
      actions={
        <LinkButton to={`/admin/${section}/edit/${page.id}`}>
          {t(owner === "car" ? "documents.backToCar" : "documents.backToDriver")}
        </LinkButton>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      <DocumentsPanels
        documents={page.documents}
        base={`/admin/${section}/${page.id}/documents`}
        refusal={refusal}
        done={refusal ? null : page.done}
      />
    </AdminPage>
  );
}

/** One line of the overview: expired or expiring within 30 days, with its owner's documents page. */
export interface ExpiringRow {
  owner: "car" | "driver";
  ownerName: string;
  kind: string;
  expiresOn: string;
  state: DocumentState;
  link: string;
}

/** Shown at most on the dashboard; the rest are counted. */
const OVERVIEW_ROWS = 8;

/** The dashboard's "Süresi dolan / yaklaşan belgeler": the most urgent first, each a link to where it is renewed. */
export function ExpiringDocumentsCard({ rows }: { rows: ExpiringRow[] }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const shown = rows.slice(0, OVERVIEW_ROWS);
  return (
    <Card title={t("documents.overview.title")}>
      <div data-testid="expiring-documents">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("documents.overview.empty")}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("documents.overview.note")}</p>
            <ul className="mt-3 divide-y divide-slate-100 text-sm admin-dark:divide-slate-800">
              {shown.map((row) => (
                <li
                  key={`${row.link}:${row.kind}`}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                >
                  <Link
                    to={row.link}
                    className="min-w-0 font-medium text-brand-strong hover:underline admin-dark:text-brand [overflow-wrap:anywhere]"
                  >
                    {row.ownerName} · {t(documentKindKey(row.kind))}
                    <span className="sr-only"> ({t(`documents.owner.${row.owner}`)})</span>
                  </Link>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums">{format.day(row.expiresOn)}</span>
                    <StatusBadge label={t(`documents.state.${row.state}`)} tone={DOCUMENT_TONES[row.state]} />
                  </span>
                </li>
              ))}
            </ul>
            {rows.length > shown.length ? (
              <p className="mt-2 text-xs text-slate-500 admin-dark:text-slate-400">
                {t("documents.overview.more", { count: rows.length - shown.length })}
              </p>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
