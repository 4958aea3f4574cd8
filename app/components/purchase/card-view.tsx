import type { StripeEmbeddedCheckout } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { paymentResultHref } from "#app/catalogue/links.ts";
import { PAYMENT_REDIRECT_DELAY_MS } from "#app/purchase/payment-step.ts";
import type { SubViewProps } from "./provider-clients.ts";

/** Product-rules §5/§9: initialisation is retried up to 5 times, 300 ms apart, while Stripe says "Missing argument". */
const INIT_ATTEMPTS = 5;
const INIT_RETRY_MS = 300;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${CSS.escape(src)}"]`) && "Stripe" in window) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`script failed to load: ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * The card sub-view: waits for the order's Checkout Session, then mounts Stripe's embedded
 * checkout (Stripe.js loads only now). Completion leads to the result page after 300 ms.
 */
export default function CardView({ providers, confirmed }: SubViewProps) {
  const client = providers.stripe;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mount = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let destroyed = false;
    let checkout: StripeEmbeddedCheckout | null = null;
    void (async () => {
      try {
        const step = await confirmed;
        if (step?.step === "error") throw new Error(step.message);
        if (step?.step !== "view" || !step.reference) throw new Error(t("pay.sessionMissing"));
        if (client.scriptUrl) await loadScript(client.scriptUrl);
        const stripe = await loadStripe(client.publicId);
        if (!stripe) throw new Error(t("pay.failed"));
        for (let attempt = 1; ; attempt++) {
          try {
            checkout = await stripe.createEmbeddedCheckoutPage({
              fetchClientSecret: async () => step.reference,
              onComplete: () => setTimeout(() => void navigate(paymentResultHref(step.orderId)), PAYMENT_REDIRECT_DELAY_MS),
            });
            break;
          } catch (cause) {
            if (attempt >= INIT_ATTEMPTS || !String(cause).includes("Missing argument")) throw cause;
            await wait(INIT_RETRY_MS);
          }
        }
        if (destroyed) checkout?.destroy();
        else if (mount.current) checkout?.mount(mount.current);
      } catch (cause) {
        // Reported to the parent page (product-rules §8) and shown here.
        console.warn("card checkout failed", cause);
        if (!destroyed) setError(cause instanceof Error ? cause.message : t("pay.failed"));
      }
    })();
    return () => {
      destroyed = true;
      checkout?.destroy();
    };
  }, [client, confirmed, navigate, t]);

  return (
    <div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div ref={mount} className="min-h-40" aria-busy={!error} />
    </div>
  );
}
