import { Link } from "react-router";
import type { TimelineView } from "#app/.server/services/timeline-view.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import { NoBreak } from "../no-break.tsx";

const DOT = { inUse: "bg-green-600", queued: "bg-sky-600", ended: "bg-neutral-400" } as const;

/** The renewal reminder: the service the device uses stops within 7 days, and the way to renew it. */
export function RenewReminder({ reminder }: { reminder: NonNullable<TimelineView["reminder"]> }) {
  const { t } = useTranslation();
  return (
    <p role="note" aria-label={t("reminders.label")} className="m-3 flex items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <span>
        <NoBreak text={reminder.text} />
      </span>
      <Link to={reminder.renewHref} preventScrollReset className="tap-target inline-flex shrink-0 items-center rounded-full bg-amber-500 px-4 font-semibold text-black">
        {t("reminders.renew")}
      </Link>
    </p>
  );
}

/** A service's periods, one row each (timelineView); none at all reads "not opened yet". */
export function ServiceTimeline({ view }: { view: TimelineView }) {
  const { t } = useTranslation();
  if (view.rows.length === 0) return <p className="text-sm text-neutral-600">{t("services.nothing")}</p>;
  return (
    <ol className="grid gap-2 text-sm">
      {view.rows.map((row, index) => (
        <li key={index} className="flex items-start gap-2">
          <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[row.kind]}`} />
          <span>
            <span dir="auto" className="block font-medium">
              {row.name}
            </span>
            <span className="text-neutral-600">
              <NoBreak text={row.text} />
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** On a purchase screen, under its head: the renewal reminder, and what is in use and queued for this service. */
export function PurchasePlan({ plan }: { plan: TimelineView | null }) {
  const { t } = useTranslation();
  if (!plan) return null;
  return (
    <>
      {plan.reminder && <RenewReminder reminder={plan.reminder} />}
      {plan.rows.length > 0 && (
        <section aria-labelledby="plan-heading" className="m-3 rounded-2xl bg-white p-4">
          <h2 id="plan-heading" className="mb-2 text-base font-semibold">
            {t("services.planTitle")}
          </h2>
          <ServiceTimeline view={plan} />
        </section>
      )}
    </>
  );
}
