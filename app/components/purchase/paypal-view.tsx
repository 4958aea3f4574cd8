import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { useToast } from "../toasts.tsx";
import { paymentResultHref } from "#app/catalogue/links.ts";
import { PAYMENT_REDIRECT_DELAY_MS } from "#app/purchase/payment-step.ts";
import type { SubViewProps } from "./provider-clients.ts";

/**
 * PayPal's buttons (loaded only when this sub-view opens). createOrder confirms the order and hands
 * PayPal its order id; approval leads to the result page after 300 ms; a failure toasts 'Pay Failed'.
 */
export default function PayPalView({ providers, confirm }: SubViewProps) {
  const client = providers.paypal;
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const orderId = useRef<string | null>(null);
  return (
    <PayPalScriptProvider
      options={{ clientId: client.publicId, currency: client.currency, locale: client.locale, sdkBaseUrl: client.scriptUrl, components: "buttons", intent: "capture" }}
    >
      <PayPalButtons
        style={{ layout: "vertical", shape: "pill" }}
        createOrder={async () => {
          const step = await confirm();
          if (step.step !== "view") throw new Error(step.step === "error" ? step.message : t("pay.failed"));
          orderId.current = step.orderId;
          return step.reference;
        }}
        onApprove={async () => {
          const id = orderId.current;
          if (id) setTimeout(() => void navigate(paymentResultHref(id)), PAYMENT_REDIRECT_DELAY_MS);
        }}
        onError={() => toast({ kind: "error", message: t("pay.failed") })}
      />
    </PayPalScriptProvider>
  );
}
