import { Form, Link } from "react-router";
import { OrderStatus } from "#domain/order-status.ts";
import { operatorOrderSearch } from "#contract/endpoints.ts";
import type { Route } from "./+types/orders";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { operatorApiMessage } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { orderFormat, utcDayStart } from "../.server/orders/format.ts";
import { localeContext } from "../context.ts";
import type { MessageKey } from "../i18n.ts";
import { useTranslation } from "../i18n-context.tsx";
import { buttonClass, DayField, fieldClass, linkClass, Notice, Section } from "../orders/ui.tsx";

/** The search's text fields, as the form names them and the endpoint takes them. */
const TEXT_FIELDS = ["orderId", "deviceId", "account", "providerRef"] as const;
const PAGE_SIZE = 20;

/** A day of the form as Unix seconds at its UTC start (`end`: the next day's); not a day, as it came, for the schema to refuse. */
function daySeconds(value: string, end: boolean): number | string {
  const start = utcDayStart(value);
  return start === null ? value : start + (end ? 86400 : 0);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title ?? "" }];

/**
 * Orders (issue 32 item 2): the search is a GET form, so a search is a link support can share; each page ends with
 * a link to the next (the cloud-api's keyset cursor) and back to the first. The filters are parsed with the
 * endpoint's own input schema before the call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const params = new URL(request.url).searchParams;
  const form = Object.fromEntries([...TEXT_FIELDS, "status", "from", "to"].map((name) => [name, params.get(name)?.trim() ?? ""]));
  const base = { title: t("orders.title"), form, statuses: Object.values(OrderStatus).map((code) => ({ code, label: t(`status.${code}` as MessageKey) })) };
  const given = Object.entries({
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name]])),
    status: form.status,
    from: form.from && daySeconds(form.from!, false),
    to: form.to && daySeconds(form.to!, true),
    cursor: params.get("cursor") ?? "",
  }).filter(([, value]) => value !== "");
  const input = operatorOrderSearch.input.safeParse({ ...Object.fromEntries(given), pageSize: PAGE_SIZE });
  if (!input.success) {
    const detail = input.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    return { ...base, error: t("orders.invalidSearch", { detail }), results: null };
  }
  let page;
  try {
    page = await callOperatorApi(context, operatorOrderSearch, input.data);
  } catch (error) {
    const message = operatorApiMessage(error, t, getOperator(context));
    if (message === null) throw error;
    return { ...base, error: message, results: null };
  }
  const f = orderFormat(locale);
  const link = (cursor: string | null) => {
    const query = new URLSearchParams(given.filter(([name]) => name !== "cursor").map(([name]) => [name, form[name] ?? ""]));
    if (cursor) query.set("cursor", cursor);
    return `/orders?${query}`;
  };
  return {
    ...base,
    error: null,
    results: {
      orders: page.orders.map((order) => ({
        orderId: order.orderId,
        created: f.time(order.createdAt),
        account: order.account,
        deviceId: order.deviceId,
        service: order.serviceName,
        status: t(`status.${order.status}` as MessageKey),
        method: t(`methods.${order.paymentType}` as MessageKey),
        amount: f.money(order.payCents, order.currencyCode),
      })),
      next: page.nextCursor ? link(page.nextCursor) : null,
      first: input.data.cursor ? link(null) : null,
    },
  };
}

function Filters({ form, statuses }: { form: Record<string, string>; statuses: { code: number; label: string }[] }) {
  const { t } = useTranslation();
  const text = (name: (typeof TEXT_FIELDS)[number]) => (
    <label key={name} className="flex flex-col text-sm">
      {t(`orders.${name}`)}
      <input name={name} defaultValue={form[name]} className={fieldClass} autoComplete="off" />
    </label>
  );
  return (
    <Form method="get" role="search" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {TEXT_FIELDS.map(text)}
      <label className="flex flex-col text-sm">
        {t("orders.status")}
        <select name="status" defaultValue={form.status} className={fieldClass}>
          <option value="">{t("orders.anyStatus")}</option>
          {statuses.map((status) => (
            <option key={status.code} value={status.code}>
              {status.label}
            </option>
          ))}
        </select>
      </label>
      <DayField label={t("orders.createdFrom")} name="from" value={form.from} />
      <DayField label={t("orders.createdTo")} name="to" value={form.to} />
      <div className="flex items-end">
        <button type="submit" className={buttonClass}>
          {t("orders.search")}
        </button>
      </div>
    </Form>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, statuses, error, results } = loaderData;
  const columns = ["orderId", "created", "account", "device", "service", "status", "method", "amount"] as const;
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("orders.title")}</h1>
      <Filters form={form} statuses={statuses} />
      {error && <Notice tone="refused">{error}</Notice>}
      {results && (
        <Section title={t("orders.results")}>
          {results.orders.length === 0 ? (
            <p>{t("orders.none")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="py-1 pr-4">
                        {t(`orders.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {results.orders.map((order) => (
                    <tr key={order.orderId} className="border-t border-neutral-200 dark:border-neutral-800">
                      <th scope="row" className="py-1 pr-4 font-normal">
                        <Link to={`/orders/${encodeURIComponent(order.orderId)}`} className={linkClass}>
                          {order.orderId}
                        </Link>
                      </th>
                      <td className="py-1 pr-4">{order.created}</td>
                      <td className="py-1 pr-4">{order.account}</td>
                      <td className="py-1 pr-4">{order.deviceId}</td>
                      <td className="py-1 pr-4">{order.service}</td>
                      <td className="py-1 pr-4">{order.status}</td>
                      <td className="py-1 pr-4">{order.method}</td>
                      <td className="py-1">{order.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label={t("orders.results")} className="mt-4 flex gap-6">
            {results.first && (
              <Link to={results.first} className={linkClass}>
                {t("orders.first")}
              </Link>
            )}
            {results.next && (
              <Link to={results.next} className={linkClass}>
                {t("orders.next")}
              </Link>
            )}
          </nav>
        </Section>
      )}
    </>
  );
}
