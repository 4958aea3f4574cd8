import { Link } from "react-router";
import type { TimelineView } from "../../.server/services/timeline-view.ts";
import { useTranslation } from "../../i18n/context.tsx";

/** The renewal reminder: the service the device uses stops within 7 days, and the way to renew it. */
export function RenewReminder({ reminder }: { reminder: NonNullable<TimelineView["reminder"]> }) {
  const { t } = useTranslation();
  return (
    <p role="note" aria-label={t("reminders.label")} className="m-3 flex items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <span dir="auto">{reminder.text}</span>
      <Link to={reminder.renewHref} preventScrollReset className="shrink-0 rounded-full bg-amber-700 px-4 py-2 font-semibold text-white">
        {t("reminders.renew")}
      </Link>
    </p>
  );
}

/**
 * A service's periods: in use, then queued, then (unless `compact`, as in the purchase screens' head)
 * those ended lately. Nothing at all renders as "not opened yet".
 */
export function ServiceTimeline({ view, compact = false, headingId }: { view: TimelineView; compact?: boolean; headingId?: string }) {
  const { t } = useTranslation();
  const rows = [
    ...(view.inUse ? [{ ...view.inUse, kind: "inUse" as const }] : []),
    ...view.queued.map((p) => ({ ...p, kind: "queued" as const })),
    ...(compact ? [] : view.ended.map((p) => ({ ...p, kind: "ended" as const }))),
  ];
  if (rows.length === 0) return <p className="text-sm text-neutral-600">{t("services.nothing")}</p>;
  return (
    <ol aria-labelledby={headingId} className="grid gap-2">
      {rows.map((row, index) => (
        <li key={index} className="flex items-start gap-2 text-sm">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${row.kind === "inUse" ? "bg-green-600" : row.kind === "queued" ? "bg-sky-600" : "bg-neutral-400"}`}
          />
          <span className="flex flex-col">
            <span className="font-medium">
              <span className="sr-only">{t(`services.kind.${row.kind}`)}: </span>
              <span dir="auto">{row.name}</span>
            </span>
            <span className="text-neutral-600">
              <span aria-hidden="true">{t(`services.kind.${row.kind}`)} · </span>
              {row.text}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** On a purchase screen, under its head: what is in use and queued for this service, and the renewal reminder. */
export function PurchasePlan({ plan }: { plan: TimelineView | null }) {
  const { t } = useTranslation();
  if (!plan) return null;
  return (
    <>
      {plan.reminder && <RenewReminder reminder={plan.reminder} />}
      {(plan.inUse || plan.queued.length > 0) && (
        <section aria-labelledby="plan-heading" className="m-3 rounded-2xl bg-white p-4">
          <h2 id="plan-heading" className="mb-2 text-base font-semibold">
            {t("services.planTitle")}
          </h2>
          <ServiceTimeline view={plan} compact headingId="plan-heading" />
        </section>
      )}
    </>
  );
}
