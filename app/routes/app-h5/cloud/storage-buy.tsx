import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { changedQuery } from "#app/catalogue/links.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { confirmPurchaseScreen, definePurchaseScreen, loadPurchaseScreen } from "#app/.server/purchase/screen.ts";
import { currentPackage } from "#app/.server/upstream/endpoints.ts";
import { RecordingTabs, type RecordingTab } from "#app/components/recording-tabs.tsx";
import { PurchaseScreen } from "#app/components/purchase/purchase-screen.tsx";
import { ServiceHeader } from "#app/components/purchase/service-header.tsx";
import type { Route } from "./+types/storage-buy";

export { purchaseMeta as meta, purchaseShouldRevalidate as shouldRevalidate } from "#app/components/purchase/purchase-screen.tsx";

/** The two recording services and their service ids (cloud-api catalogue): all-day and event recording. */
const TABS = { allDay: 101, event: 102 } as const;
type Tab = keyof typeof TABS;

const tabOf = (url: URL): Tab => (url.searchParams.get("tab") === "event" ? "event" : "allDay");

/**
 * The cloud storage purchase page (product-rules §2, layout ours): all-day and event recording tabs, the
 * device's current storage service, the tab's packages, the coupon row and the payment bar.
 */
const STORAGE_PURCHASE = definePurchaseScreen({
  serviceType: ServiceType.cloudStorage,
  onlyServiceId: (url) => TABS[tabOf(url)],
  async load({ req, launch, url }) {
    const scope = { language: req.locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: ServiceType.cloudStorage };
    const current = await req.upstream.call(currentPackage, scope);
    const period = current.ok && current.data && current.data.durationStatus !== 0 ? current.data : null;
    const tab = tabOf(url);
    return {
      header: {
        deviceName: period?.serviceName ? `${launch.deviceName || launch.deviceId} · ${period.serviceName}` : launch.deviceName || launch.deviceId,
        state: current.ok ? durationState(current.data?.durationStatus ?? 0) : null,
        until: period ? formatUnixSeconds(period.endTime, req.timeZone(launch.countryCode)) : "",
      },
      tabs: (Object.keys(TABS) as Tab[]).map(
        (key): RecordingTab => ({ key, href: `?${changedQuery(url, { tab: key }, ["package", "coupon", "pay"])}`, selected: key === tab }),
      ),
      intro: [
        { title: req.t("storage.safe"), body: req.t("storage.safeBody") },
        { title: req.t("storage.smart"), body: req.t("storage.smartBody") },
      ],
    };
  },
});

export const loader = (args: Route.LoaderArgs) => loadPurchaseScreen(STORAGE_PURCHASE, args);
export const action = (args: Route.ActionArgs) => confirmPurchaseScreen(STORAGE_PURCHASE, args);

export default function StorageBuy({ loaderData: view }: Route.ComponentProps) {
  return (
    <PurchaseScreen view={view} head={<ServiceHeader view={view.header} title={view.title} />}>
      <RecordingTabs tabs={view.tabs} className="m-3 bg-white" />
    </PurchaseScreen>
  );
}
