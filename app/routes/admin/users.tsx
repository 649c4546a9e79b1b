/**
 * Kullanıcılar (/admin/users, admin only: policy.ts `users`): the staff accounts. A table on a
 * wide screen that becomes one card per account on a phone; an add form (the new member is mailed
 * a set-password link); per row an edit panel (name, phone, role) and plain POST forms with an
 * `intent` (deactivate, activate, resetTwoFactor, resendInvite), the risky ones behind a
 * confirmation. Everything works without JavaScript: a success redirects (PRG) with `done`, a
 * refusal answers the form with its errors and what was typed.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { adminLanguage } from "~/admin/i18n.server";
import { useAdminFormat } from "~/admin/i18n";
import { baseUrlOf } from "~/admin/open-page.server";
import { AdminPage, Alert, ConfirmDialog, ErrorList, SelectField, StatusBadge, TextField, buttonClass } from "~/admin/ui";
import { adminSession } from "~/auth/guard.server";
import { problem } from "~/i18n/problem";
import { translate } from "~/i18n/translate.server";
import { getApp } from "~/server/context";
import { createStaffFormSchema, MAX_STAFF_NAME, staffActionSchema, updateStaffFormSchema, USER_ROLES, USERS, type StaffRowIntent } from "~/users/users";
import {
  createStaff,
  deactivateStaff,
  listStaff,
  reactivateStaff,
  resendInvite,
  resetStaffTwoFactor,
  updateStaff,
  type StaffMember,
  type StaffResult,
} from "~/users/users.server";

const DONE = ["created", "updated", "deactivated", "activated", "resetTwoFactor", "invited"] as const;
type Done = (typeof DONE)[number];
const DONE_OF: Record<StaffRowIntent, Done> = {
  update: "updated",
  deactivate: "deactivated",
  activate: "activated",
  resetTwoFactor: "resetTwoFactor",
  resendInvite: "invited",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  const staff = await listStaff(db.kysely);
  const about = staff.find((m) => m.id === params.get("id"));
  return { staff, me: adminSession(context).user.id, done: DONE.includes(done as Done) ? (done as Done) : null, doneEmail: about?.email ?? "" };
}

/** The form a refusal belongs to: the add form, or one account's row. */
type Answer = { formId: string; result?: SubmissionResult<string[]>; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, mailer, clientIp } = getApp(context);
  const { user } = adminSession(context);
  const staffContext = { actor: { id: user.id, label: user.name || user.email }, ip: clientIp, mailer, baseUrl: baseUrlOf(request, env.PUBLIC_URL) };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const reply = (formId: string, status: number, answer: Omit<Answer, "formId">) => data<Answer>({ formId, ...answer }, { status });
  /** A refused save: the field problems on their fields, anything else above the form. */
  const refusal = (result: Extract<StaffResult, { ok: false }>) => {
    const fieldErrors = Object.fromEntries(Object.entries(result.fields).map(([field, problems]) => [field, problems.map((p) => p.code)]));
    return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [result.problem.code] };
  };

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: createStaffFormSchema });
    if (submission.status !== "success") return reply("user-add", 400, { result: submission.reply() });
    const result = await createStaff(db.kysely, submission.value, staffContext);
    if (!result.ok) return reply("user-add", result.status, { result: submission.reply(refusal(result)) });
    throw redirect(`/admin/users?done=created&id=${result.member.id}#user-${result.member.id}`);
  }
  if (intent === "update") {
    const submission = parseWithZod(form, { schema: updateStaffFormSchema });
    const formId = `user-edit-${String(form.get("id") ?? "").slice(0, 64)}`;
    if (submission.status !== "success") return reply(formId, 400, { result: submission.reply() });
    const { id, name, phone, role } = submission.value;
    const result = await updateStaff(db.kysely, id, { name, phone, role }, staffContext);
    if (!result.ok) return reply(formId, result.status, { result: submission.reply(refusal(result)) });
    throw redirect(`/admin/users?done=updated&id=${id}#user-${id}`);
  }
  const parsed = staffActionSchema.safeParse({ intent, id: form.get("id") });
  const lng = await adminLanguage(db.kysely);
  if (!parsed.success) return reply("user-row", 400, { message: translate(lng, problem(USERS.notFound)) });
  const { id } = parsed.data;
  const run = { deactivate: deactivateStaff, activate: reactivateStaff, resetTwoFactor: resetStaffTwoFactor, resendInvite }[parsed.data.intent];
  const result = await run(db.kysely, id, staffContext);
  if (!result.ok) return reply(`user-${id}`, result.status, { message: translate(lng, result.problem) });
  throw redirect(`/admin/users?done=${DONE_OF[parsed.data.intent]}&id=${id}#user-${id}`);
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { staff, me, done, doneEmail } = loaderData;
  const answer = actionData as Answer | undefined;
  const title = t("users.title");
  return (
    <AdminPage title={title} description={t("users.description")}>
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {done && !answer ? (
        <Alert tone="success" autoHideMs={6000}>
          {t(`users.done.${done}`, { email: doneEmail })}
        </Alert>
      ) : null}
      {answer?.message ? (
        <Alert key={`${answer.formId}-${answer.message}`} tone="error">
          {answer.message}
        </Alert>
      ) : null}
      <StaffTable staff={staff} me={me} answer={answer} />
      <AddStaffForm lastResult={answer?.formId === "user-add" ? answer.result : undefined} />
    </AdminPage>
  );
}

const CELL = "block px-0 py-1 lg:table-cell lg:px-3 lg:py-3 lg:align-top";

/** A cell that names its column on a phone, where the header row is hidden. */
function Cell({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`${CELL} ${className}`}>
      <span className="mr-2 text-xs text-slate-500 lg:hidden admin-dark:text-slate-400">{label}:</span>
      {children}
    </td>
  );
}

function StaffTable({ staff, me, answer }: { staff: StaffMember[]; me: string; answer: Answer | undefined }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const heads = [t("users.fields.name"), t("users.fields.email"), t("users.fields.phone"), t("users.fields.role"), t("users.fields.status"), t("users.fields.lastLogin"), t("users.fields.twoFactor")];
  return (
    <table className="block w-full text-sm lg:table lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm lg:admin-dark:border-slate-800 lg:admin-dark:bg-slate-900" aria-label={t("users.listLabel")}>
      <thead className="sr-only lg:not-sr-only lg:table-header-group">
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500 admin-dark:border-slate-800 admin-dark:text-slate-400">
          {heads.map((h) => (
            <th key={h} scope="col" className="px-3 py-2 font-medium">
              {h}
            </th>
          ))}
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">{t("ui.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 lg:table-row-group lg:space-y-0">
        {staff.map((m) => {
          const edit = answer?.formId === `user-edit-${m.id}` ? answer.result : undefined;
          return (
            <tr
              key={m.id}
              id={`user-${m.id}`}
              data-testid="staff-row"
              className="block scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:table-row lg:rounded-none lg:border-0 lg:border-b lg:p-0 lg:shadow-none admin-dark:border-slate-800 admin-dark:bg-slate-900"
            >
              <th scope="row" className={`${CELL} text-left font-semibold text-slate-900 [overflow-wrap:anywhere] admin-dark:text-white`}>
                {m.name || "—"}
                {m.id === me ? <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap admin-dark:bg-slate-800">{t("users.you")}</span> : null}
              </th>
              <Cell label={t("users.fields.email")} className="[overflow-wrap:anywhere] lg:whitespace-nowrap">
                {m.email}
              </Cell>
              <Cell label={t("users.fields.phone")}>{m.phone ? <a href={`tel:${m.phone.replace(/\s+/g, "")}`}>{m.phone}</a> : "—"}</Cell>
              <Cell label={t("users.fields.role")}>{t(`users.roles.${m.role}`)}</Cell>
              <Cell label={t("users.fields.status")} className="lg:whitespace-nowrap">
                <StatusBadge label={m.active ? t("users.active") : t("users.inactive")} tone={m.active ? "success" : "neutral"} />
                {m.invitePending && m.active ? <StatusBadge label={t("users.invitePending")} tone="info" /> : null}
              </Cell>
              <Cell label={t("users.fields.lastLogin")} className="tabular-nums">
                {m.lastLoginAt ? format.date(m.lastLoginAt) : t("users.neverSignedIn")}
              </Cell>
              <Cell label={t("users.fields.twoFactor")}>{m.twoFactor ? t("users.twoFactorOn") : t("users.twoFactorOff")}</Cell>
              <td className={`${CELL} pt-3`}>
                <RowActions member={m} self={m.id === me} editResult={edit} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function RowActions({ member: m, self, editResult }: { member: StaffMember; self: boolean; editResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const who = m.name || m.email;
  const named = (label: string) => (
    <>
      {label}
      <span className="sr-only"> ({who})</span>
    </>
  );
  return (
    // one line per button (a wrapped two-line label in a narrow cell crowds its neighbours below the 24 px target spacing)
    <div className="flex flex-wrap items-center gap-2 lg:justify-end [&_button]:whitespace-nowrap [&_summary]:whitespace-nowrap">
      <details className="group relative" open={editResult ? true : undefined}>
        <summary className={buttonClass("secondary", "sm", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>{named(t("users.edit"))}</summary>
        <div className="absolute left-0 z-40 mt-2 w-[min(20rem,85vw)] rounded-lg border border-slate-200 bg-white p-4 shadow-xl lg:right-0 lg:left-auto admin-dark:border-slate-700 admin-dark:bg-slate-900">
          <EditStaffForm member={m} lastResult={editResult} />
        </div>
      </details>
      {m.active && !self ? (
        <ConfirmDialog
          trigger={named(t("users.deactivate"))}
          triggerVariant="danger"
          title={t("users.deactivateTitle")}
          message={t("users.deactivateConfirm", { name: who })}
          confirmLabel={t("users.deactivate")}
          action="/admin/users"
          fields={{ intent: "deactivate", id: m.id }}
        />
      ) : null}
      {!m.active ? (
        <Form method="post" action="/admin/users">
          <input type="hidden" name="intent" value="activate" />
          <input type="hidden" name="id" value={m.id} />
          <button type="submit" className={buttonClass("secondary", "sm")}>
            {named(t("users.activate"))}
          </button>
        </Form>
      ) : null}
      {m.twoFactor ? (
        <ConfirmDialog
          trigger={named(t("users.resetTwoFactor"))}
          triggerVariant="ghost"
          title={t("users.resetTwoFactorTitle")}
          message={t("users.resetTwoFactorConfirm", { name: who })}
          confirmLabel={t("users.resetTwoFactor")}
          action="/admin/users"
          fields={{ intent: "resetTwoFactor", id: m.id }}
        />
      ) : null}
      {m.active && !m.lastLoginAt ? (
        <ConfirmDialog
          trigger={named(t("users.resendInvite"))}
          triggerVariant="ghost"
          title={t("users.resendInvite")}
          message={t("users.resendInviteConfirm", { email: m.email })}
          confirmLabel={t("users.send")}
          confirmVariant="primary"
          action="/admin/users"
          fields={{ intent: "resendInvite", id: m.id }}
        />
      ) : null}
    </div>
  );
}

type StaffFormShape = { intent: string; id?: string; name: string; email?: string; phone: string; role: string };

function EditStaffForm({ member, lastResult }: { member: StaffMember; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm<StaffFormShape, unknown>({
    id: `user-edit-${member.id}`,
    lastResult,
    defaultValue: { name: member.name, phone: member.phone, role: member.role },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateStaffFormSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === member.id;
  return (
    <Form method="post" action="/admin/users" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={member.id} />
      <StaffFields fields={fields} />
      <ErrorList errors={form.errors} />
      <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
        {t("users.save")}
      </button>
    </Form>
  );
}

function AddStaffForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm<StaffFormShape, unknown>({
    id: "user-add",
    lastResult,
    defaultValue: { role: "dispatcher" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createStaffFormSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section aria-labelledby="user-add-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900">
      <h2 id="user-add-title" className="font-semibold text-slate-900 admin-dark:text-white">
        {t("users.addTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 admin-dark:text-slate-400">{t("users.addIntro")}</p>
      <Form method="post" action="/admin/users" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label={t("users.fields.email")} autoComplete="off" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} />
          <StaffFields fields={fields} />
        </div>
        <ErrorList errors={form.errors} />
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {t("users.add")}
        </button>
      </Form>
    </section>
  );
}

type StaffFieldset = ReturnType<typeof useForm<StaffFormShape, unknown>>[1];

/** Name, phone and role: on the add form and on each row's edit panel. */
function StaffFields({ fields: f }: { fields: StaffFieldset }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <TextField label={t("users.fields.name")} autoComplete="off" maxLength={MAX_STAFF_NAME} errors={f.name.errors} {...getInputProps(f.name, { type: "text" })} key={f.name.key} />
      <TextField label={t("users.fields.phone")} help={t("users.phoneHelp")} autoComplete="off" errors={f.phone.errors} {...getInputProps(f.phone, { type: "tel" })} key={f.phone.key} />
      <SelectField
        label={t("users.fields.role")}
        errors={f.role.errors}
        options={USER_ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) }))}
        {...getSelectProps(f.role)}
        key={f.role.key}
      />
    </>
  );
}
