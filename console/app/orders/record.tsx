import type { OrderView } from "../.server/orders/order-view.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { MessageKey } from "../i18n.ts";
import { CaseTable } from "./case-table.tsx";
import { Section } from "./ui.tsx";

/** A table of rows the loader worded: one column per key, headed by its message. */
function Rows<R extends { key: string | number }>({ rows, columns }: { rows: R[]; columns: [keyof R & string, MessageKey][] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {columns.map(([name, label]) => (
              <th key={name} scope="col" className="py-1 pr-4">
                {t(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-neutral-200 align-top dark:border-neutral-800">
              {columns.map(([name]) => (
                <td key={name} className="py-1 pr-4 break-words">
                  {String(row[name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Everything the cloud-api records of an order: summary, timeline, attempts and refunds, period, events, cases. */
export function OrderRecord({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t("order.summary")}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {view.summary.map((item) => (
            <div key={item.label}>
              <dt className="text-sm text-neutral-700 dark:text-neutral-300">{item.label}</dt>
              <dd className="font-medium" data-testid={item.label}>
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
        {view.operatorRefund && <p className="mt-3">{view.operatorRefund}</p>}
      </Section>
      <Section title={t("order.cases")}>
        {view.cases.length ? <CaseTable cases={view.cases} /> : <p>{t("order.noCases")}</p>}
        {view.notes.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold">{t("order.notes")}</h3>
            <ul className="mt-2 space-y-2">
              {view.notes.map((note) => (
                <li key={note.key}>
                  <p>{note.note}</p>
                  <p className="text-sm text-neutral-700 dark:text-neutral-300">{note.by}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section title={t("order.timeline")}>
        <Rows rows={view.events} columns={[["at", "order.at"], ["change", "order.change"], ["reason", "order.reason"]]} />
      </Section>
      <Section title={t("order.attempts")}>
        <Rows
          rows={view.payments}
          columns={[["provider", "order.provider"], ["reference", "order.reference"], ["state", "order.attemptStatus"], ["amount", "order.paid"], ["refund", "order.refundState"]]}
        />
      </Section>
      <Section title={t("order.period")}>
        {view.period ? (
          <p>
            {view.period.range}
            {view.period.revoked && <span className="ml-2 font-semibold">{view.period.revoked}</span>}
          </p>
        ) : (
          <p>{t("order.noPeriod")}</p>
        )}
      </Section>
      <Section title={t("order.deliveries")}>
        {view.deliveries.length ? (
          <Rows rows={view.deliveries} columns={[["type", "order.event"], ["endpoint", "order.endpoint"], ["state", "order.delivery"]]} />
        ) : (
          <p>{t("order.noDeliveries")}</p>
        )}
      </Section>
    </>
  );
}
