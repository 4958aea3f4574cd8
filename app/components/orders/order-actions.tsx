import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/context.tsx";
import { ModalSheet } from "../modal-sheet.tsx";
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentStep } from "../purchase/payment-step.ts";
import type { ProviderClients } from "../purchase/provider-clients.ts";
import { useToast } from "../toasts.tsx";

const CardView = lazy(() => import("../purchase/card-view.tsx"));

/**
 * Cancel (after the buyer confirms) and Repay of an order waiting to pay, posted to the screen's
 * action (intent cancel | repay), as on the order lists and the order detail.
 */
export function OrderActions({
  order,
  enhanced,
  stripe,
}: {
  order: { id: string; canCancel: boolean; canRepay: boolean };
  enhanced: boolean;
  stripe: ProviderClients["stripe"];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const repay = useFetcher<PaymentStep>();
  // A card repay answers a Checkout Session: its sheet stays open until the buyer closes it.
  const cardData = repay.state === "idle" && repay.data?.step === "card" ? repay.data : null;
  const cardStep = useMemo(() => (cardData ? Promise.resolve<PaymentStep>(cardData) : null), [cardData]);
  const [closed, setClosed] = useState<PaymentStep | null>(null);
  const failed = useActionData<PaymentStep>();
  const navigation = useNavigation();

  useEffect(() => {
    const step = repay.data;
    if (!step || repay.state !== "idle") return;
    if (step.step === "error") toast({ kind: "error", message: step.message });
    if (step.step === "redirect") {
      const timer = setTimeout(() => window.location.assign(step.url), PAYMENT_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [repay.data, repay.state, toast]);
  useEffect(() => {
    if (failed?.step === "error") toast({ kind: "error", message: failed.message });
  }, [failed, toast]);

  if (!order.canCancel) return null;
  return (
    <>
      <div className="mt-3 flex justify-end gap-2">
        <Form
          method="post"
          onSubmit={(event) => {
            // Spec §5: cancelling asks first.
            if (!window.confirm(t("orders.cancelConfirm"))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="orderId" value={order.id} />
          <button type="submit" disabled={navigation.state !== "idle"} className="rounded-full border border-neutral-300 px-4 py-2 text-sm">
            {t("orders.cancel")}
          </button>
        </Form>
        {order.canRepay && (
          <repay.Form method="post">
            <input type="hidden" name="intent" value="repay" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="enhanced" value={enhanced ? "1" : "0"} />
            <button type="submit" disabled={repay.state !== "idle"} className="rounded-full bg-sky-700 px-4 py-2 text-sm font-semibold text-white">
              {t("orders.repay")}
            </button>
          </repay.Form>
        )}
      </div>
      {cardStep && cardData !== closed && <RepayCardSheet step={cardStep} stripe={stripe} onClose={() => setClosed(cardData)} />}
    </>
  );
}

/** Repaying a card order: Stripe's embedded checkout in a sheet, as on the purchase screens. */
function RepayCardSheet({ step, stripe, onClose }: { step: Promise<PaymentStep>; stripe: ProviderClients["stripe"]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalSheet labelledBy="repay-card-heading" onClose={onClose}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="repay-card-heading" className="text-base font-semibold">
          {t("pay.method.4")}
        </h2>
        <button type="button" onClick={onClose} className="rounded-full px-3 py-2 text-sm text-neutral-600">
          {t("pay.close")}
        </button>
      </div>
      <Suspense fallback={<p className="py-6 text-center text-sm text-neutral-600">{t("shell.pleaseWait")}</p>}>
        <CardView client={stripe} step={step} />
      </Suspense>
    </ModalSheet>
  );
}
