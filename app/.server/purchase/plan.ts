import { addsDataAtPayment, type BoughtPeriod } from "#domain/service-periods.ts";
import { SERVICES } from "#app/catalogue/screens.ts";
import { formatDateInText } from "../format.ts";
import type { RequestContext } from "../request-context.ts";
import { timelineView } from "../services/timeline-view.ts";
import { entitlementTimeline, purchasePreview } from "../upstream/endpoints.ts";
import type { Offer, OfferRequest } from "./offer.ts";

/** The device's periods of the screen's service and what paying now would give, per package (two calls in parallel). */
export async function loadPlan(req: RequestContext, { launch, serviceType }: OfferRequest) {
  const { upstream: api, locale } = req;
  const [timeline, previews] = await Promise.all([
    api.call(entitlementTimeline, { deviceId: launch.deviceId, type: serviceType, language: locale }),
    api.call(purchasePreview, { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: serviceType }),
  ]);
  return {
    request: { t: req.t, locale, timeZone: req.timeZone(launch.countryCode), serviceType },
    service: timeline.ok ? (timeline.data.services.find((s) => s.serviceType === serviceType) ?? null) : null,
    previews: previews.ok ? previews.data.previews : [],
  };
}

/**
 * The offer with the plan: the selected package's "if I pay" line on its checkout, and the service's
 * timeline with the renewal reminder, whose renew action opens the payment chooser. Either is left out
 * when its call failed: the purchase itself does not depend on them.
 */
export function withPlan(offer: Offer, { request, service, previews }: Awaited<ReturnType<typeof loadPlan>>) {
  const { t } = request;
  const date = (seconds: number) => formatDateInText(seconds, request.timeZone, request.locale);
  const preview = previews.find((p) => p.packageId === offer.checkout?.packageId);
  return {
    ...offer,
    checkout: offer.checkout && {
      ...offer.checkout,
      preview: preview ? ifPaidLine(preview, request.serviceType, date, t) : null,
    },
    plan: service
      ? timelineView(service, { t, language: request.locale, timeZone: request.timeZone, renewHref: offer.checkout?.sheetHref ?? SERVICES[request.serviceType].buy, compact: true })
      : null,
  };
}

export type OfferWithPlan = ReturnType<typeof withPlan>;

/**
 * What paying now gives, by the rule fulfilment applies (docs/decisions/021): a period that starts now, or
 * one queued after the current package, saying when it starts, and for 4G data that the data comes at once.
 */
function ifPaidLine(preview: BoughtPeriod, serviceType: number, date: (seconds: number) => string, t: RequestContext["t"]): string {
  if (!preview.extendsCurrent) return t("ifPaid.startsNow", { date: date(preview.endTime) });
  const period = { start: date(preview.startTime), end: date(preview.endTime) };
  return t(addsDataAtPayment(serviceType) ? "ifPaid.dataNowPeriodQueued" : "ifPaid.queued", period);
}
