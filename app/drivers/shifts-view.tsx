/**
 * The shifts page's two parts (issue 34): the weekly grid (from–to per weekday, or off; a time
 * "to" before "from" is a night shift, said beside it) and the leave list with its add form.
 * Plain forms: they post and come back without JavaScript.
 */
import { Form } from "react-router";
import { buttonClass, Card, Checkbox, CONTROL, ErrorList, SelectField, TextField } from "~/admin/ui";
import { formatAdminDay } from "~/admin/format";
import { useTranslation } from "~/i18n/react";
import type { ShiftsFormState } from "./shifts-admin.server";
import {
  dayField,
  dayText,
  isNightShift,
  LEAVE_KINDS,
  MAX_LEAVE_NOTE,
  WEEKDAYS,
  type Leave,
  type Weekday,
} from "./shifts";

const LABEL = "mb-1 block text-xs font-medium text-slate-600 admin-dark:text-slate-400";

function TimeInput({
  weekday,
  part,
  values,
  fields,
}: {
  weekday: Weekday;
  part: "from" | "to";
  values: Record<string, string>;
  fields: Record<string, string[]>;
}) {
  const { t } = useTranslation("admin");
  const name = dayField(weekday, part);
  const errors = fields[name];
  const id = `shift-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={LABEL}>
        {t(`drivers.shifts.${part}`)}
        <span className="sr-only"> ({t(`drivers.shifts.weekdays.${weekday}`)})</span>
      </label>
      <input
        id={id}
        name={name}
        type="time"
        step={300}
        defaultValue={values[name] ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className={CONTROL}
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The week's hours: one row per weekday. */
export function WeekHoursForm({
  values,
  fields,
  hasSchedule,
}: {
  values: Record<string, string>;
  fields: Record<string, string[]>;
  hasSchedule: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <Card title={t("drivers.shifts.weekTitle")}>
      <p className="mb-4 text-sm text-slate-600 admin-dark:text-slate-400">{t("drivers.shifts.weekHelp")}</p>
      <Form method="post" className="space-y-4" data-testid="shift-hours-form">
        <input type="hidden" name="intent" value="hours" />
        <div className="divide-y divide-slate-200 admin-dark:divide-slate-800">
          {WEEKDAYS.map((d) => {
            const from = values[dayField(d, "from")] ?? "";
            const to = values[dayField(d, "to")] ?? "";
            const off = values[dayField(d, "off")] === "on";
            const night = !off && /^\d\d:\d\d$/.test(from) && /^\d\d:\d\d$/.test(to) && isNightShift({ from, to });
            return (
              <fieldset
                key={d}
                className="grid grid-cols-2 items-start gap-3 py-3 sm:grid-cols-[9rem_9rem_1fr_1fr_10rem]"
                data-testid={`shift-day-${d}`}
              >
                <legend className="float-left col-span-2 text-sm font-semibold sm:col-span-1 sm:pt-6">
                  {t(`drivers.shifts.weekdays.${d}`)}
                </legend>
                <Checkbox
                  id={`shift-${dayField(d, "off")}`}
                  name={dayField(d, "off")}
                  defaultChecked={off}
                  className="col-span-2 sm:col-span-1 sm:pt-6"
                  label={
                    <>
                      {t("drivers.shifts.off")}
                      <span className="sr-only"> ({t(`drivers.shifts.weekdays.${d}`)})</span>
                    </>
                  }
                />
                <TimeInput weekday={d} part="from" values={values} fields={fields} />
                <TimeInput weekday={d} part="to" values={values} fields={fields} />
                <p className="col-span-2 text-xs text-slate-600 sm:col-span-1 sm:pt-8 admin-dark:text-slate-400">
                  {night ? t("drivers.shifts.nightShift") : ""}
                </p>
              </fieldset>
            );
          })}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass("primary")}>
            {t("drivers.shifts.saveHours")}
          </button>
        </div>
      </Form>
      {hasSchedule ? (
        <Form method="post" className="mt-4 border-t border-slate-200 pt-4 admin-dark:border-slate-800">
          <input type="hidden" name="intent" value="clear" />
          <p className="mb-2 text-sm text-slate-600 admin-dark:text-slate-400">{t("drivers.shifts.clearHelp")}</p>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            {t("drivers.shifts.clear")}
          </button>
        </Form>
      ) : null}
    </Card>
  );
}

/** A leave's range as the office reads it. */
const rangeText = (leave: Pick<Leave, "from" | "to">) => {
  const day = (date: string) => formatAdminDay(`${date}T12:00:00+03:00`, dayText(date));
  return leave.from === leave.to ? day(leave.from) : `${day(leave.from)} – ${day(leave.to)}`;
};

/** The driver's leave and days off, each with its remove button, and the form that adds one. */
export function LeaveList({ leaves, today, state }: { leaves: Leave[]; today: string; state: ShiftsFormState | null }) {
  const { t } = useTranslation("admin");
  const values = state?.values ?? {};
  const fields = state?.fields ?? {};
  return (
    <Card title={t("drivers.shifts.leaveTitle")}>
      <p className="mb-4 text-sm text-slate-600 admin-dark:text-slate-400">{t("drivers.shifts.leaveHelp")}</p>
      {leaves.length === 0 ? (
        <p className="mb-4 text-sm text-slate-600 admin-dark:text-slate-400">{t("drivers.shifts.noLeave")}</p>
      ) : (
        <ul
          className="mb-6 divide-y divide-slate-200 rounded-lg border border-slate-200 admin-dark:divide-slate-800 admin-dark:border-slate-800"
          data-testid="shift-leaves"
        >
          {leaves.map((leave) => {
            const past = leave.to < today;
            return (
              <li
                key={leave.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                data-testid="shift-leave"
              >
                <div className={`min-w-0 text-sm ${past ? "text-slate-500 admin-dark:text-slate-400" : ""}`}>
                  <span className="font-medium">{t(`drivers.shifts.kinds.${leave.kind}`)}</span> · {rangeText(leave)}
                  {leave.note ? <span className="[overflow-wrap:anywhere]"> · {leave.note}</span> : null}
                  {past ? <span> · {t("drivers.shifts.past")}</span> : null}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-leave" />
                  <input type="hidden" name="leave" value={leave.id} />
                  <button type="submit" className={buttonClass("ghost", "sm")}>
                    {t("drivers.shifts.remove")}
                    <span className="sr-only">: {rangeText(leave)}</span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Form
        method="post"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_11rem_11rem_1fr_auto] lg:items-start"
        data-testid="shift-leave-form"
      >
        <input type="hidden" name="intent" value="add-leave" />
        <SelectField
          id="leave-kind"
          name="kind"
          label={t("drivers.shifts.kind")}
          defaultValue={values.kind || "leave"}
          errors={fields.kind}
          options={LEAVE_KINDS.map((k) => ({ value: k, label: t(`drivers.shifts.kinds.${k}`) }))}
        />
        <TextField
          id="leave-from"
          name="from"
          type="date"
          label={t("drivers.shifts.fromDate")}
          defaultValue={values.from ?? ""}
          errors={fields.from}
          required
        />
        <TextField
          id="leave-to"
          name="to"
          type="date"
          label={t("drivers.shifts.toDate")}
          help={t("drivers.shifts.toDateHelp")}
          defaultValue={values.to ?? ""}
          errors={fields.to}
        />
        <TextField
          id="leave-note"
          name="note"
          label={t("drivers.shifts.note")}
          placeholder={t("drivers.shifts.notePlaceholder")}
          maxLength={MAX_LEAVE_NOTE}
          defaultValue={values.note ?? ""}
          errors={fields.note}
        />
        <div className="lg:pt-6">
          <button type="submit" className={buttonClass("primary")}>
            {t("drivers.shifts.addLeave")}
          </button>
        </div>
      </Form>
    </Card>
  );
}
