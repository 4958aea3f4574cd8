import { Link } from "react-router";
import { useTranslation } from "../i18n-context.tsx";
import { linkClass } from "./ui.tsx";

export interface CaseView {
  key: string;
  kind: string;
  orderId: string;
  since: string;
  status: string;
  amount: string;
}

/** Cases that need a person, as the loaders worded them; on Today each links to its order. */
export function CaseTable({ cases, withOrder = false }: { cases: CaseView[]; withOrder?: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4">{t("today.case")}</th>
          {withOrder && <th scope="col" className="py-1 pr-4">{t("today.order")}</th>}
          <th scope="col" className="py-1 pr-4">{t("today.since")}</th>
          <th scope="col" className="py-1 pr-4">{t("today.status")}</th>
          <th scope="col" className="py-1">{t("today.amount")}</th>
        </tr>
      </thead>
      <tbody>
        {cases.map((row) => (
          <tr key={row.key} className="border-t border-neutral-200 dark:border-neutral-800">
            <td className="py-1 pr-4">{row.kind}</td>
            {withOrder && (
              <td className="py-1 pr-4">
                <Link to={`/orders/${encodeURIComponent(row.orderId)}`} className={linkClass}>
                  {row.orderId}
                </Link>
              </td>
            )}
            <td className="py-1 pr-4">{row.since}</td>
            <td className="py-1 pr-4">{row.status}</td>
            <td className="py-1">{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
