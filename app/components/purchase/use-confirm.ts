import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { PaymentStep } from "./payment-step.ts";

/**
 * Confirms the selection through the screen's action and resolves with the next step: what the SDK
 * buttons need (PayPal's createOrder, the card checkout's session), which cannot wait for a render.
 */
export function useConfirm(selection: { packageId: number; couponParam: string }) {
  const fetcher = useFetcher<PaymentStep>();
  const pending = useRef<((step: PaymentStep) => void) | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !pending.current) return;
    pending.current(fetcher.data);
    pending.current = null;
  }, [fetcher.state, fetcher.data]);

  const { packageId, couponParam } = selection;
  const submit = fetcher.submit;
  return useCallback(
    (payMethod: 3 | 4) =>
      new Promise<PaymentStep>((resolve) => {
        pending.current = resolve;
        void submit({ intent: "confirm", package: String(packageId), coupon: couponParam, payMethod: String(payMethod), enhanced: "1" }, { method: "post" });
      }),
    [submit, packageId, couponParam],
  );
}
