import { data, redirect } from "react-router";
import { paymentMethod } from "#domain/payment-methods.ts";
import { ServiceType, soldService } from "#domain/services.ts";
import { alipayCashierHref, paymentResultHref } from "#app/catalogue/links.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { parseForm } from "../form.ts";
import type { RequestContext } from "../request-context.ts";
import type { LaunchState } from "../session/state.ts";
import { confirmOrderV2, confirmOrderV3, type PaymentStart } from "../upstream/endpoints.ts";
import { confirmForm } from "./forms.ts";
import { checkoutMethods, fetchPackages, offeredPackages, type Purchase } from "./offer.ts";

/**
 * The next step for a payment that was just started (product-rules §4), by its method's flow: a redirect
 * goes to the provider's page with a redirect_url to the result page, a form post to the cashier page that
 * submits it; the others continue in their sub-view, which needs JavaScript. Without JavaScript the
 * redirect methods redirect at once.
 */
export function nextStep(start: PaymentStart, requestUrl: string, enhanced: boolean, needsScript: string): PaymentStep {
  const method = paymentMethod(start.paymentType);
  const reference = method && start[method.instruction];
  if (!method || !reference) return { step: "error", message: needsScript };
  if (method.subView !== null) return enhanced ? { step: "view", view: method.subView, orderId: start.orderId, reference } : { step: "error", message: needsScript };
  const back = new URL(paymentResultHref(start.orderId), requestUrl).toString();
  const url = method.flow === "redirect" ? `${reference}${reference.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(back)}` : alipayCashierHref(start.orderId);
  if (!enhanced) throw redirect(url);
  return { step: "redirect", url };
}

/**
 * The purchase screens' confirm action: confirms the package, coupon and amount the screen showed, with v3
 * when the launch has a signature or for card, else v2 (product-rules §5), and answers the next step. One
 * upstream call besides the confirm: the package list, for the package's service and whether it and the
 * method are still offered; the cloud-api recomputes the amount and refuses one that no longer holds. A
 * refusal comes back as the upstream's message (product-rules §8).
 */
export async function confirmPurchase(req: RequestContext, request: Request, launch: LaunchState, purchase: Purchase) {
  const { t, locale, upstream: api } = req;
  const parsed = await parseForm(request, confirmForm);
  if (!parsed.ok) return data<PaymentStep>({ step: "error", message: t(parsed.messageKey) }, { status: 400 });
  const form = parsed.data;
  const method = paymentMethod(form.payMethod)!;
  const step = { service: purchase.serviceType, method: form.payMethod };
  req.funnel({ step: "method", ...step });
  // A sub-view runs in the provider's script: without JavaScript say so before any order exists.
  if (form.enhanced !== "1" && method.subView !== null) {
    return data<PaymentStep>({ step: "error", message: t("pay.needsScript") }, { status: 400 });
  }
  const packages = await fetchPackages(req, { ...purchase, launch });
  const chosen = offeredPackages(packages, purchase).find((p) => p.id === form.package);
  if (!chosen) return data<PaymentStep>({ step: "error", message: t("pay.packageGone") }, { status: 409 });
  if (!checkoutMethods(req, launch.countryCode, packages).some((m) => m === form.payMethod)) return data<PaymentStep>({ step: "error", message: t("errors.unexpected") }, { status: 400 });

  const v3 = launch.signature !== "" || method.alwaysConfirmsWithV3;
  const order = {
    deviceId: launch.deviceId,
    deviceType: soldService(purchase.serviceType).confirmNamesDeviceType ? launch.deviceType : undefined,
    serviceId: chosen.serviceId,
    priceId: chosen.id,
    payAmount: form.payAmount,
    payMethod: form.payMethod,
    // Product-rules §7: mobile data paid with PayPal is sent as service type 1.
    buyServiceType: purchase.serviceType === ServiceType.mobileData && method.sendsMobileDataAsCloudStorage ? ServiceType.cloudStorage : purchase.serviceType,
    language: locale,
    countryCode: launch.countryCode,
    couponId: form.coupon === "none" ? null : form.coupon,
  };
  const result = v3
    ? await api.call(confirmOrderV3, { ...order, signature: launch.signature ? launch.signature : undefined })
    : await api.call(confirmOrderV2, order);
  if (!result.ok) return data<PaymentStep>({ step: "error", message: result.msg || t("errors.unexpected") }, { status: 400 });
  req.funnel({ step: "confirm", ...step });
  return nextStep(result.data, request.url, form.enhanced === "1", t("pay.needsScript"));
}
