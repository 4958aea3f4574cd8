import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { durationState } from "#domain/progress.ts";
import { DeviceType, ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { confirmPurchaseScreen, definePurchaseScreen, loadPurchaseScreen } from "#app/.server/purchase/screen.ts";
import { isReceiveMode, receiveCard, receiveView } from "#app/.server/purchase/vip-receive.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { deviceList, vipInfo } from "#app/.server/upstream/endpoints.ts";
import { sessionContext } from "#app/context.ts";
import { PurchaseScreen } from "#app/components/purchase/purchase-screen.tsx";
import { ServiceHeader } from "#app/components/purchase/service-header.tsx";
import { RightsTable } from "#app/components/purchase/vip-rights.tsx";
import { OPENS_SHEET } from "#app/components/sheet-history.ts";
import { useToast } from "#app/components/toasts.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/vip-package-buy";

// Receive mode is the rarer way in: its views load apart, so a plain VIP screen does not carry them (docs/decisions/041).
const loadReceive = () => import("#app/components/purchase/vip-receive.tsx");
const ReceiveBar = lazy(() => loadReceive().then((views) => ({ default: views.ReceiveBar })));
const ReceiveDevice = lazy(() => loadReceive().then((views) => ({ default: views.ReceiveDevice })));

export { purchaseMeta as meta, purchaseShouldRevalidate as shouldRevalidate } from "#app/components/purchase/purchase-screen.tsx";

/**
 * Product-rules §2 screen 2: VIP purchase. In receive mode (page_type vip_card_receive, with a card code) the
 * packages are the card's service, a device picker replaces payment and a free receive button appears.
 */
const VIP_PURCHASE = definePurchaseScreen({
  serviceType: ServiceType.vip,
  launchNeed: (url) => (isReceiveMode(url) ? "vipCard" : "device"),
  onlyServiceId: (url, launch) => (isReceiveMode(url) ? launch.serviceId : null),
  async load({ req, launch, tokens, url, offer }) {
    const receiving = isReceiveMode(url);
    const { t } = req;
    const [info, devices, { checkout }] = await Promise.all([
      req.upstream.call(vipInfo, { deviceId: launch.deviceId }),
      receiving ? req.upstream.call(deviceList, { tgAccessToken: tokens.tgAccessToken }) : null,
      offer,
    ]);
    const currency = checkout?.currencyCode ?? (launch.countryCode === "CN" ? "CNY" : "USD");
    const state = info.ok ? durationState(info.data.durationStatus) : null;
    return {
      header: {
        deviceName: launch.deviceName || launch.deviceId,
        state,
        until: info.ok ? formatUnixSeconds(info.data.vipExpireTimestamp, req.timeZone(launch.countryCode)) : "",
      },
      infoFailed: !info.ok,
      saved: info.ok && info.data.saveMoney ? formatMoney(toCents(info.data.saveMoney), currency, intlLocale(req.locale)) : null,
      // Product-rules §2: 'open now' / 'renew' only for CN and not in receive mode.
      openButton: launch.countryCode === "CN" && !receiving ? (state === "active" ? ("renew" as const) : ("openNow" as const)) : null,
      intro: [
        { title: t("vip.eventStorage"), body: "" },
        { title: t("vip.aiPackage"), body: "" },
        { title: t("vip.noAds"), body: "" },
        // Product-rules §2: the fourth item only for SIM devices (device type 2).
        ...(launch.deviceType === DeviceType.sim ? [{ title: t("vip.data"), body: "" }] : []),
      ],
      receive: devices ? receiveView(url, launch, devices) : null,
    };
  },
});

export const loader = (args: Route.LoaderArgs) => loadPurchaseScreen(VIP_PURCHASE, args);

export function action(args: Route.ActionArgs) {
  if (!isReceiveMode(screenUrl(args.request))) return confirmPurchaseScreen(VIP_PURCHASE, args);
  return receiveCard(requestOf(args.context), args.request, args.context.get(sessionContext));
}

export default function VipPackageBuy({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const devicesError = view.receive?.devicesError ?? null;
  // Product-rules §8: a failed VIP info and a failed device list are toasted.
  useEffect(() => {
    if (view.infoFailed) toast({ kind: "error", message: t("vip.infoFailed") });
  }, [view.infoFailed, toast, t]);
  useEffect(() => {
    if (devicesError !== null) toast({ kind: "error", message: devicesError || t("errors.unexpected") });
  }, [devicesError, toast, t]);

  return (
    <PurchaseScreen
      view={view}
      head={<ServiceHeader view={view.header} title={view.title} />}
      showCoupon={!view.receive}
      bar={
        view.receive && (
          <Suspense fallback={null}>
            <ReceiveBar receive={view.receive} />
          </Suspense>
        )
      }
    >
      {view.infoFailed && (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("vip.infoFailed")}
        </p>
      )}
      {(view.saved || view.openButton) && (
        <div className="m-3 flex items-center justify-between gap-3 rounded-2xl bg-white p-4">
          <p className="text-sm text-neutral-700">{view.saved ? t("vip.saved", { amount: view.saved }) : ""}</p>
          {view.openButton && view.checkout && (
            <Link to={view.checkout.sheetHref} state={OPENS_SHEET} preventScrollReset className="tap-target inline-flex shrink-0 items-center rounded-full bg-amber-500 px-5 py-2 text-sm font-semibold text-black">
              {t(`vip.${view.openButton}`)}
            </Link>
          )}
        </div>
      )}
      <RightsTable />
      {view.receive && (
        <Suspense fallback={null}>
          <ReceiveDevice receive={view.receive} />
        </Suspense>
      )}
    </PurchaseScreen>
  );
}
