import { Form, Link } from "react-router";
import { operatorToday } from "#contract/endpoints.ts";
import type { Route } from "./+types/today";
import { formatUtcDay } from "../.server/admin.ts";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { operatorApiMessage } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { orderFormat, utcDayStart } from "../.server/orders/format.ts";
import { localeContext } from "../context.ts";
import type { MessageKey } from "../i18n.ts";
import { useTranslation } from "../i18n-context.tsx";
import { CaseTable } from "../orders/case-table.tsx";
import { buttonClass, DayField, Figure, linkClass, Notice, Section } from "../orders/ui.tsx";

const DAY = 86400;
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
/**
 * The periods one link away, in UTC days ending today. The last 7 days are the default: a shop's operators open
 * Today for the business of the last days, and today's UTC day alone is often still empty (decision 068).
 */
const PERIODS = { today: 1, week: 7, month: 30 } as const;
type Period = keyof typeof PERIODS;
const DEFAULT_PERIOD: Period = "week";
const isPeriod = (value: string | null): value is Period => value !== null && Object.hasOwn(PERIODS, value);

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title ?? "" }];

/**
 * The console's home (issue 32 item 1): the figures of the chosen UTC days (today by default) and the cases that
 * need a person, each linking to its order. The days are GET parameters, so a link shares the same view.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const url = new URL(request.url);
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  // Days chosen in the form (a missing last day: the first), else a named period ending today.
  const askedFrom = url.searchParams.get("from") || null;
  const askedTo = url.searchParams.get("to") || null;
  const asked = url.searchParams.get("period");
  const period = askedFrom === null ? (isPeriod(asked) ? asked : DEFAULT_PERIOD) : null;
  const from = period === null ? (utcDayStart(askedFrom) ?? today) : today - (PERIODS[period] - 1) * DAY;
  const to = (period === null ? (utcDayStart(askedTo) ?? from) : today) + DAY;
  const span = {
    from: isoDay(from),
    to: isoDay(to - DAY),
    period,
    named: t("today.span", { period: period === null ? t("today.period_chosen") : t(`today.period_${period}`), from: formatUtcDay(locale, from), to: formatUtcDay(locale, to - DAY) }),
  };
  const title = t("today.title");
  // A day typed that is no day (2024-02-31) goes to the schema as it came, to be refused, not moved.
  const notADay = (value: string | null) => value !== null && utcDayStart(value) === null;
  const input = operatorToday.input.safeParse({ from: notADay(askedFrom) ? askedFrom : from, to: period === null && notADay(askedTo) ? askedTo : to });
  if (!input.success) return { title, span, error: t("errors.invalid", { detail: input.error.issues.map((issue) => issue.message).join("; ") }), report: null };
  let report;
  try {
    report = await callOperatorApi(context, operatorToday, input.data);
  } catch (error) {
    const message = operatorApiMessage(error, t, getOperator(context));
    if (message === null) throw error;
    return { title, span, error: message, report: null };
  }
  const f = orderFormat(locale);
  return {
    title,
    span,
    error: null,
    report: {
      created: report.ordersCreated,
      paid: report.ordersPaid,
      revenue: report.revenue.map((row) => ({ key: row.currencyCode, text: t("today.revenueRow", { amount: f.money(row.cents, row.currencyCode), count: row.paidOrders }) })),
      byMethod: report.conversionByMethod.map((row) => ({ label: t(`methods.${row.paymentType}` as MessageKey), created: row.created, paid: row.paid, rate: f.share(row.paid, row.created) })),
      byRegion: report.conversionByRegion.map((row) => ({ label: t(`regions.${row.region}` as MessageKey), created: row.created, paid: row.paid, rate: f.share(row.paid, row.created) })),
      median:
        report.medianPaidToDeliveredSeconds === null
          ? t("today.noDelivery")
          : t("today.medianOf", { duration: f.duration(report.medianPaidToDeliveredSeconds), count: report.delivered }),
      cases: report.needsAPerson.map((row) => ({
        key: `${row.kind}:${row.orderId}:${row.paymentId ?? ""}`,
        kind: t(`cases.${row.kind}` as MessageKey),
        orderId: row.orderId,
        since: f.time(row.since),
        status: t(`status.${row.status}` as MessageKey),
        amount: f.money(row.payCents, row.currencyCode),
      })),
    },
  };
}

function ConversionTable({ caption, rows }: { caption: string; rows: { label: string; created: number; paid: number; rate: string }[] }) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4"></th>
          <th scope="col" className="py-1 pr-4">{t("today.confirmed")}</th>
          <th scope="col" className="py-1 pr-4">{t("today.paidColumn")}</th>
          <th scope="col" className="py-1">{t("today.rate")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t border-neutral-200 dark:border-neutral-800">
            <th scope="row" className="py-1 pr-4 font-normal">{row.label}</th>
            <td className="py-1 pr-4">{row.created}</td>
            <td className="py-1 pr-4">{row.paid}</td>
            <td className="py-1">{row.rate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Today({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { span, error, report } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("today.title")}</h1>
      <nav aria-label={t("today.periods")} className="mt-4 flex flex-wrap gap-x-6">
        {(Object.keys(PERIODS) as Period[]).map((period) => (
          <Link key={period} to={`?period=${period}`} aria-current={span.period === period ? "page" : undefined} className={`${linkClass} aria-[current=page]:font-semibold aria-[current=page]:no-underline`}>
            {t(`today.period_${period}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-4">
        <DayField label={t("today.from")} name="from" value={span.from} />
        <DayField label={t("today.to")} name="to" value={span.to} />
        <button type="submit" className={buttonClass}>
          {t("today.show")}
        </button>
      </Form>
      {error && <Notice tone="refused">{error}</Notice>}
      {report && (
        <>
          <Section title={t("today.figures")} description={span.named}>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure label={t("today.created")} value={String(report.created)} />
              <Figure label={t("today.paid")} value={String(report.paid)} />
              <Figure label={t("today.revenue")} value={report.revenue.length ? report.revenue.map((row) => row.text).join(" · ") : t("today.noRevenue")} />
              <Figure label={t("today.medianDelivery")} value={report.median} />
            </dl>
            {report.created === 0 ? (
              <p className="mt-6">{t("today.noOrders")}</p>
            ) : (
              <div className="mt-6 grid gap-6 lg:grid-cols-2">
                <ConversionTable caption={t("today.conversionByMethod")} rows={report.byMethod} />
                <ConversionTable caption={t("today.conversionByRegion")} rows={report.byRegion} />
              </div>
            )}
          </Section>
          <Section title={t("today.queue")}>
            {report.cases.length ? <CaseTable cases={report.cases} withOrder /> : <p>{t("today.queueEmpty")}</p>}
          </Section>
        </>
      )}
    </>
  );
}
