import { data, redirect } from "react-router";
import type { Route } from "./+types/drivers.$id.shifts";
import { adminLanguage } from "~/admin/i18n.server";
import { AdminPage, Alert, LinkButton } from "~/admin/ui";
import { adminUser } from "~/auth/guard.server";
import { handleShiftsForm, hoursValues, loadShiftsPage, SHIFTS_FLASHES } from "~/drivers/shifts-admin.server";
import { LeaveList, WeekHoursForm } from "~/drivers/shifts-view";
import { useTranslation } from "~/i18n/react";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const page = isPlausibleId(params.id) ? await loadShiftsPage(db.kysely, params.id) : undefined;
  if (!page) throw data(null, { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved");
  return { ...page, hours: hoursValues(page.schedule), flash: SHIFTS_FLASHES.find((f) => f === saved) ?? null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) throw data(null, { status: 404 });
  const user = adminUser(context);
  const outcome = await handleShiftsForm(db.kysely, request, {
    id: params.id,
    lng: await adminLanguage(db.kysely),
    actor: { id: user.id, label: user.name || user.email },
  });
  if ("saved" in outcome) throw redirect(`/admin/drivers/${params.id}/shifts?saved=${outcome.saved}`);
  if (!outcome.state) throw data(null, { status: outcome.status });
  return data({ state: outcome.state }, { status: outcome.status });
}

export default function DriverShiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { driver, schedule, today, todayDuty, hours, flash } = loaderData;
  const state = actionData?.state ?? null;
  const title = t("drivers.shifts.title", { name: driver.name });
  const duty =
    typeof todayDuty === "string"
      ? t(`drivers.shifts.duty.${todayDuty}`)
      : `${todayDuty.from}–${todayDuty.to}${todayDuty.to < todayDuty.from ? ` (${t("drivers.shifts.nextDay")})` : ""}`;
  return (
    <AdminPage
      title={title}
      description={t("drivers.shifts.description")}
      actions={
        <>
          <LinkButton to={`/admin/drivers/edit/${driver.id}`}>{t("drivers.shifts.backToDriver")}</LinkButton>
          <LinkButton to="/admin/drivers">{t("drivers.backToDrivers")}</LinkButton>
        </>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      <div className="space-y-6">
        {flash && !actionData ? <Alert tone="success">{t(`drivers.shifts.saved.${flash}`)}</Alert> : null}
        {state?.message ? <Alert tone="error">{state.message}</Alert> : null}
        {schedule.week ? null : (
          <Alert tone="info">
            <span data-testid="shift-always">{t("drivers.shifts.noSchedule")}</span>
          </Alert>
        )}
        <p className="text-sm" data-testid="shift-today">
          <span className="font-medium">{t("drivers.shifts.today")}</span> {duty}
        </p>
        <WeekHoursForm
          key={state?.form === "hours" ? JSON.stringify(state.values) : JSON.stringify(hours)}
          values={state?.form === "hours" ? state.values : hours}
          fields={state?.form === "hours" ? state.fields : {}}
          hasSchedule={Boolean(schedule.week)}
        />
        <LeaveList
          key={state?.form === "leave" ? JSON.stringify(state.values) : schedule.leaves.length}
          leaves={schedule.leaves}
          today={today}
          state={state?.form === "leave" ? state : null}
        />
      </div>
    </AdminPage>
  );
}
