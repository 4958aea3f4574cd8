import { data, redirect } from "react-router";
import { PaymentType, ServiceType, soldService } from "#domain/services.ts";
import { alipayCashierHref, paymentResultHref } from "#app/catalogue/links.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { parseForm } from "../form.ts";
import type { RequestContext } from "../request-context.ts";
import type { LaunchState } from "../session/state.ts";
import { confirmOrderV2, confirmOrderV3, type PaymentStart } from "../upstream/endpoints.ts";
import { confirmForm } from "./forms.ts";
import { loadOffer, type Purchase } from "./offer.ts";

/**
 * The next step for a payment that was just started (product-rules §4): WeChat goes to h5PaymentUrl with a
 * redirect_url to the result page, Alipay to the cashier page that submits its form; PayPal and card
 * continue in their sub-view. Without JavaScript the redirect methods redirect at once.
 */
export function nextStep(start: PaymentStart, requestUrl: string, enhanced: boolean, needsScript: string): PaymentStep {
  const back = new URL(paymentResultHref(start.orderId), requestUrl).toString();
  let url: string | null = null;
  if (start.paymentType === PaymentType.wechat && start.h5PaymentUrl) {
    url = `${start.h5PaymentUrl}${start.h5PaymentUrl.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(back)}`;
  } else if (start.paymentType === PaymentType.alipay && start.alipayForm) {
    url = alipayCashierHref(start.orderId);
  }
  if (url) {
    if (!enhanced) throw redirect(url);
    return { step: "redirect", url };
  }
  if (!enhanced) return { step: "error", message: needsScript };
  if (start.paymentType === PaymentType.paypal && start.payPalOrderId) return { step: "paypal", orderId: start.orderId, payPalOrderId: start.payPalOrderId };
  if (start.paymentType === PaymentType.card && start.sessionId) return { step: "card", orderId: start.orderId, sessionId: start.sessionId };
  return { step: "error", message: needsScript };
}

/**
 * The purchase screens' confirm action: re-reads the offer for the posted selection (the cloud-api
 * checks the amount again), confirms with v3 when the launch has a signature or for card, else v2
 * (product-rules §5), and answers the next step. A refusal comes back as the upstream's message (product-rules §8).
 */
export async function confirmPurchase(req: RequestContext, request: Request, launch: LaunchState, purchase: Purchase) {
  const { t, locale, upstream: api } = req;
  const parsed = await parseForm(request, confirmForm);
  if (!parsed.ok) return data<PaymentStep>({ step: "error", message: t(parsed.messageKey) }, { status: 400 });
  const form = parsed.data;
  // PayPal and card run in the provider's script: without JavaScript say so before any order exists.
  if (form.enhanced !== "1" && (form.payMethod === PaymentType.paypal || form.payMethod === PaymentType.card)) {
    return data<PaymentStep>({ step: "error", message: t("pay.needsScript") }, { status: 400 });
  }
  const url = new URL(request.url);
  url.search = new URLSearchParams({ package: String(form.package), coupon: form.coupon }).toString();
  const offer = await loadOffer(req, { ...purchase, launch, url });
  const checkout = offer.checkout;
  if (!checkout || checkout.packageId !== form.package) return data<PaymentStep>({ step: "error", message: t("pay.packageGone") }, { status: 409 });
  if (!checkout.methods.some((m) => m === form.payMethod)) return data<PaymentStep>({ step: "error", message: t("errors.unexpected") }, { status: 400 });

  const v3 = launch.signature !== "" || form.payMethod === PaymentType.card;
  const order = {
    deviceId: launch.deviceId,
    deviceType: soldService(purchase.serviceType).confirmNamesDeviceType ? launch.deviceType : undefined,
    serviceId: checkout.serviceId,
    priceId: checkout.packageId,
    payAmount: checkout.payAmount,
    payMethod: form.payMethod,
    // Product-rules §7: mobile data paid with PayPal is sent as service type 1.
    buyServiceType: purchase.serviceType === ServiceType.mobileData && form.payMethod === PaymentType.paypal ? ServiceType.cloudStorage : purchase.serviceType,
    language: locale,
    countryCode: launch.countryCode,
    couponId: checkout.coupon?.id ?? null,
    couponCode: checkout.coupon?.code ?? null,
  };
  const result = v3
    ? await api.call(confirmOrderV3, { ...order, signature: launch.signature ? launch.signature : undefined })
    : await api.call(confirmOrderV2, order);
  if (!result.ok) return data<PaymentStep>({ step: "error", message: result.msg || t("errors.unexpected") }, { status: 400 });
  return nextStep(result.data, request.url, form.enhanced === "1", t("pay.needsScript"));
}
