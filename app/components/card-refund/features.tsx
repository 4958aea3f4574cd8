import type { CardRefundView } from "#app/.server/orders/card-refund.ts";
import { RecordingTabs } from "#app/components/recording-tabs.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import { Panel } from "#app/components/panel.tsx";

/** The tabs and the four features with the service agreement; US buyers get the card-style layout. */
export function Features({ view }: { view: CardRefundView }) {
  const { t } = useTranslation();
  const items = ["safe", "smart", "multiScene", "certified"] as const;
  return (
    <Panel id="features-heading" title={t("cardRefund.featuresTitle")}>
      <RecordingTabs tabs={view.tabs} className="mt-3 bg-page" />
      <p className="mt-3 text-sm text-neutral-700">{t(`cardRefund.${view.tab}Body`)}</p>
      <ul className={view.usStyle ? "mt-4 grid grid-cols-2 gap-3" : "mt-4 grid gap-3"}>
        {items.map((item) => (
          <li key={item} className={view.usStyle ? "rounded-xl bg-sky-50 p-3 text-sm" : "border-s-4 border-sky-600 ps-3 text-sm"}>
            <p className="font-medium">{t(`cardRefund.feature.${item}`)}</p>
            <p className="text-neutral-600">{t(`cardRefund.feature.${item}Body`)}</p>
          </li>
        ))}
      </ul>
      <a href={view.agreementHref} className="tap-target mt-2 inline-flex items-center text-sm text-sky-700 underline">
        {t("cardRefund.agreement")}
      </a>
    </Panel>
  );
}
