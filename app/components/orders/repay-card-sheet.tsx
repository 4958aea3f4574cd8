import { useTranslation } from "#app/i18n/context.tsx";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { ModalSheet } from "../modal-sheet.tsx";
import type { ProviderClients } from "../purchase/provider-clients.ts";
import { CardView, ProviderViewSlot } from "../purchase/provider-views.tsx";

/** Repaying a card order: Stripe's embedded checkout in a sheet, as on the purchase screens. */
export default function RepayCardSheet({ step, stripe, onClose }: { step: Promise<PaymentStep>; stripe: ProviderClients["stripe"]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalSheet labelledBy="repay-card-heading" onClose={onClose} fullHeight>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="repay-card-heading" className="text-base font-semibold">
          {t("pay.method.4")}
        </h2>
        <button type="button" onClick={onClose} className="tap-target rounded-full px-3 text-sm text-neutral-600">
          {t("pay.close")}
        </button>
      </div>
      <ProviderViewSlot>
        <CardView client={stripe} step={step} />
      </ProviderViewSlot>
    </ModalSheet>
  );
}
