import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { PaymentTypeCode } from "#domain/payment-methods.ts";
import { CONFIRM_FIELDS as C, enhancedValue } from "#app/purchase/form-fields.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";

/**
 * Confirms the selection through the screen's action and resolves with the next step: what the SDK
 * buttons need (PayPal's createOrder, the card checkout's session), which cannot wait for a render.
 */
export function useConfirm(selection: { packageId: number; appliedCoupon: string; payAmount: number }) {
  const fetcher = useFetcher<PaymentStep>();
  const pending = useRef<((step: PaymentStep) => void) | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !pending.current) return;
    pending.current(fetcher.data);
    pending.current = null;
  }, [fetcher.state, fetcher.data]);

  const { packageId, appliedCoupon, payAmount } = selection;
  const submit = fetcher.submit;
  return useCallback(
    (payMethod: PaymentTypeCode) =>
      new Promise<PaymentStep>((resolve) => {
        pending.current = resolve;
        void submit(
          {
            [C.intent]: "confirm",
            [C.package]: String(packageId),
            [C.coupon]: appliedCoupon,
            [C.payAmount]: String(payAmount),
            [C.payMethod]: String(payMethod),
            [C.enhanced]: enhancedValue(true),
          },
          { method: "post" },
        );
      }),
    [submit, packageId, appliedCoupon, payAmount],
  );
}
