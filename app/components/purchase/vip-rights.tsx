import { useTranslation } from "#app/i18n/context.tsx";
import { Panel } from "#app/components/panel.tsx";

/** Product-rules §6: VIP gets event cloud storage, an AI package, 4G data and no ads; a regular user none of them. */
export function RightsTable() {
  const { t } = useTranslation();
  const rows = ["eventStorage", "aiPackage", "data", "noAds"] as const;
  return (
    <Panel id="rights-heading" title={t("vip.rightsTitle")}>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-neutral-600">
            <th scope="col" className="py-1 text-start font-medium">
              {t("vip.right")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("vip.member")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("vip.regular")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} className="border-t border-neutral-100">
              <th scope="row" className="py-2 text-start font-normal">
                {t(`vip.${row}`)}
              </th>
              <td className="py-2 text-center text-emerald-700">
                <span aria-hidden="true">✓</span>
                <span className="sr-only">{t("vip.member")}</span>
              </td>
              <td className="py-2 text-center text-neutral-500">
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t("vip.regular")}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
