import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/context.tsx";
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentStep } from "#app/purchase/payment-step.ts";
import { useToast } from "../toasts.tsx";

/**
 * What follows a confirm or a repay, shared by the purchase screens' chooser and the orders' Repay: the
 * redirect to the provider, and the provider SDK views for PayPal and card.
 */

// The provider SDKs load only when their view opens (docs/architecture.md §5).
export const PayPalView = lazy(() => import("./paypal-view.tsx"));
export const CardView = lazy(() => import("./card-view.tsx"));

/** Where a provider's SDK view appears: "please wait" until its script has loaded. */
export function ProviderViewSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p className="py-6 text-center text-sm text-neutral-600">{t("shell.pleaseWait")}</p>}>{children}</Suspense>;
}

/**
 * What a confirm or repay answers, once its fetcher is idle: an error is toasted, and a redirect to the
 * provider leaves after product-rules §4's 300 ms.
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
