import { useEffect } from "react";
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentStep } from "#app/purchase/payment-step.ts";
import { useToast } from "../toasts.tsx";

/**
 * What a confirm or repay answers, once its fetcher is idle, on the purchase screens' chooser and the orders'
 * Repay alike: an error is toasted, and a redirect to the provider leaves after product-rules §4's 300 ms.
 */
export function useFollowPaymentStep(data: PaymentStep | null | undefined, state: "idle" | "loading" | "submitting") {
  const toast = useToast();
  useEffect(() => {
    if (!data || state !== "idle") return;
    if (data.step === "error") toast({ kind: "error", message: data.message });
    if (data.step === "redirect") {
      const timer = setTimeout(() => window.location.assign(data.url), PAYMENT_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [data, state, toast]);
}
