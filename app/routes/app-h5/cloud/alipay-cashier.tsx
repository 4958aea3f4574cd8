import { useEffect, useRef } from "react";
import { redirect } from "react-router";
import { OrderStatus } from "#domain/order-status.ts";
import { parseProviderForm } from "#app/.server/purchase/alipay-form.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { payOrderInfo } from "#app/.server/upstream/endpoints.ts";
import { paymentResultHref } from "#app/catalogue/links.ts";
import { NO_LOGIN_PATHS } from "#app/catalogue/screens.ts";
import { PAYMENT_REDIRECT_DELAY_MS } from "#app/purchase/payment-step.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/alipay-cashier";

/**
 * The Alipay cashier (product-rules §2 cloud/srv/alipay): the order's form, read from the upstream rather than
 * the address bar, rebuilt from its action and hidden fields, and submitted after 300 ms (or by the
 * buyer's tap without JavaScript). An order no longer waiting to pay goes to the result page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const req = requestOf(context);
  req.requireLaunch("device");
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  if (!orderId) throw redirect(NO_LOGIN_PATHS.launchIncomplete);
  const info = await req.upstream.call(payOrderInfo, { orderId });
  const { t } = req;
  if (!info.ok) return { title: t("pay.cashierTitle"), form: null, error: info.msg || t("errors.unexpected") };
  if (info.data.status !== OrderStatus.waitingToPay) throw redirect(paymentResultHref(orderId));
  const form = info.data.alipayForm ? parseProviderForm(info.data.alipayForm) : null;
  return { title: t("pay.cashierTitle"), form, error: form ? null : t("pay.badForm") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AlipayCashier({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => form.current?.submit(), PAYMENT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="mx-auto max-w-md p-4">
      <h1 className="text-lg font-semibold">{loaderData.title}</h1>
      {loaderData.form ? (
        <form ref={form} method="post" action={loaderData.form.action} className="mt-4 rounded-2xl bg-white p-4">
          {loaderData.form.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <p className="text-sm text-neutral-600">{t("pay.toAlipay")}</p>
          <button type="submit" className="mt-4 w-full rounded-full bg-sky-700 px-6 py-3 font-semibold text-white">
            {t("pay.continueToAlipay")}
          </button>
        </form>
      ) : (
        <p role="alert" className="mt-4 rounded-2xl bg-white p-4 text-sm text-red-700">
          {loaderData.error}
        </p>
      )}
    </main>
  );
}
