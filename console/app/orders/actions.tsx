import { Form, useNavigation } from "react-router";
import type { OrderView } from "../.server/orders/order-view.ts";
import { useTranslation } from "../i18n-context.tsx";
import { buttonClass, fieldClass, Section } from "./ui.tsx";

/**
 * What support may do to the order, each a form post that works without JavaScript. With it, a button is disabled
 * while its post is on its way; without it, a second post is harmless (the cloud-api refunds once, delivers once).
 */
export function OrderActions({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const posting = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Section title={t("order.actions")}>
      <div className="grid gap-6 lg:grid-cols-3">
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="refund" />
          {view.refund.pending ? (
            <p role="status">{t("order.refundPending")}</p>
          ) : view.refund.refunded ? (
            <p role="status">{t("order.refunded")}</p>
          ) : (
            <>
              {view.refund.failure !== null && (
                <div role="status">
                  <p>{t("order.refundFailed")}</p>
                  {view.refund.failure && <p className="text-sm">{t("order.refundLastError", { reason: view.refund.failure })}</p>}
                </div>
              )}
              <label className="flex flex-col text-sm">
                {t("order.refundReason")}
                <textarea name="reason" required maxLength={500} rows={2} className={fieldClass} disabled={!view.refund.allowed} />
              </label>
              <p className="text-sm text-neutral-700 dark:text-neutral-300">{t(view.refund.failure === null ? "order.refundHelp" : "order.refundRetryHelp")}</p>
            </>
          )}
          <button type="submit" className={buttonClass} disabled={!view.refund.allowed || posting("refund")}>
            {view.refund.failure === null ? t("order.refund", { amount: view.refund.amount }) : t("order.refundRetry")}
          </button>
        </Form>
        {view.resendable && (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="resend" />
            <p className="text-sm text-neutral-700 dark:text-neutral-300">{t("order.resendHelp")}</p>
            <button type="submit" className={buttonClass} disabled={posting("resend")}>
              {t("order.resend")}
            </button>
          </Form>
        )}
        {view.cases.length > 0 && (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="resolve" />
            <label className="flex flex-col text-sm">
              {t("order.resolveNote")}
              <textarea name="note" required maxLength={1000} rows={2} className={fieldClass} />
            </label>
            <button type="submit" className={buttonClass} disabled={posting("resolve")}>
              {t("order.resolve")}
            </button>
          </Form>
        )}
      </div>
    </Section>
  );
}
