import type { Language } from "#domain/languages.ts";
import { formatDateInText, type BuyerTimeZone } from "../format.ts";
import type { getI18n } from "../i18n.ts";
import { timelineView } from "../services/timeline-view.ts";
import type { LaunchState } from "../session/state.ts";
import { entitlementTimeline, purchasePreview } from "../upstream/endpoints.ts";
import type { upstreamFor } from "../upstream/for-request.ts";
import { PURCHASE_SCREENS, type Offer, type PurchaseScreen } from "./offer.ts";

/** The device's periods of the screen's service and what paying now would give, per package (two calls in parallel). */
export async function loadPlan(request: {
  api: ReturnType<typeof upstreamFor>;
  launch: LaunchState;
  locale: Language;
  t: ReturnType<typeof getI18n>["t"];
  timeZone: BuyerTimeZone;
  serviceType: number;
  screen: PurchaseScreen;
}) {
  const { api, launch, locale, serviceType } = request;
  const [timeline, previews] = await Promise.all([
    api.call(entitlementTimeline, { deviceId: launch.deviceId, type: serviceType, language: locale }),
    api.call(purchasePreview, { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: serviceType }),
  ]);
  return {
    request,
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
      preview: preview ? t(preview.extendsCurrent ? "ifPaid.extends" : "ifPaid.startsNow", { date: date(preview.endTime) }) : null,
    },
    plan: service
      ? timelineView(service, { t, language: request.locale, timeZone: request.timeZone, renewHref: offer.checkout?.sheetHref ?? PURCHASE_SCREENS[request.screen], compact: true })
      : null,
  };
}
