import { methodOfSubView, type SubView } from "#domain/payment-methods.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { ModalSheet } from "../modal-sheet.tsx";
import type { ProviderClients } from "../purchase/provider-clients.ts";
import { ProviderViewSlot, SUB_VIEW_COMPONENTS } from "../purchase/provider-views.tsx";

/** Repaying an order whose method continues in a sub-view (card: Stripe's embedded checkout), in a sheet, as on the purchase screens. */
export default function RepaySheet({ view, step, providers, onClose }: { view: SubView; step: Promise<PaymentStep>; providers: ProviderClients; onClose: () => void }) {
  const { t } = useTranslation();
  const View = SUB_VIEW_COMPONENTS[view];
  return (
    <ModalSheet labelledBy="repay-heading" onClose={onClose} fullHeight>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="repay-heading" className="text-base font-semibold">
          {t(`pay.method.${methodOfSubView(view).code}`)}
        </h2>
        <button type="button" onClick={onClose} className="tap-target rounded-full px-3 text-sm text-neutral-600">
          {t("pay.close")}
        </button>
      </div>
      <ProviderViewSlot>
        <View providers={providers} confirm={() => step} confirmed={step} />
      </ProviderViewSlot>
    </ModalSheet>
  );
}
