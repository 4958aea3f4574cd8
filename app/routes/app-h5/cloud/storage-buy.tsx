import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { getI18n } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { confirmPurchase } from "#app/.server/purchase/confirm.ts";
import { startPurchasePage } from "#app/.server/purchase/page.ts";
import { currentPackage } from "#app/.server/upstream/endpoints.ts";
import { ErrorView } from "#app/components/error-view.tsx";
import { RecordingTabs, type RecordingTab } from "#app/components/recording-tabs.tsx";
import { CouponRow } from "#app/components/purchase/coupon-row.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { PaymentBar } from "#app/components/purchase/payment-sheet.tsx";
import { revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import { PurchasePlan } from "#app/components/services/service-timeline.tsx";
import { IntroItems, ServiceHeader } from "#app/components/purchase/service-header.tsx";
import type { Route } from "./+types/storage-buy";
import { screenUrl } from "#app/.server/screen-url.ts";
import { launchAppFamily, policyHref } from "#app/.server/policies.ts";
import { cloudflareContext } from "#app/context.ts";

/** The two recording services and their service ids (cloud-api catalogue): all-day and event recording. */
const TABS = { allDay: 101, event: 102 } as const;
type Tab = keyof typeof TABS;

const tabOf = (url: URL): Tab => (url.searchParams.get("tab") === "event" ? "event" : "allDay");
const purchaseFor = (tab: Tab) => ({ serviceType: ServiceType.cloudStorage, screen: "storage_buy" as const, onlyServiceId: TABS[tab] });

/**
 * The cloud storage purchase page (spec §2, layout ours): all-day and event recording tabs, the
 * device's current storage service, the tab's packages, the coupon row and the payment bar.
 */
export async function loader(args: Route.LoaderArgs) {
  const { launch } = requireLaunch(args.context, "device");
  const url = screenUrl(args.request);
  const tab = tabOf(url);
  const page = startPurchasePage(args, launch, purchaseFor(tab));
  const scope = { language: page.locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: ServiceType.cloudStorage };
  const [current, offer] = await Promise.all([page.api.call(currentPackage, scope), page.offer]);
  const { t } = getI18n(args.context);
  const period = current.ok && current.data && current.data.durationStatus !== 0 ? current.data : null;
  const tabHref = (next: Tab) => {
    const params = new URLSearchParams(url.searchParams);
    for (const key of ["package", "coupon", "pay"]) params.delete(key);
    params.set("tab", next);
    return `?${params}`;
  };
  return {
    title: t("storage.title"),
    header: {
      deviceName: period?.serviceName ? `${launch.deviceName || launch.deviceId} · ${period.serviceName}` : launch.deviceName || launch.deviceId,
      state: current.ok ? durationState(current.data?.durationStatus ?? 0) : null,
      until: period ? formatUnixSeconds(period.endTime, buyerTimeZone(args.request, launch.countryCode)) : "",
    },
    tabs: (Object.keys(TABS) as Tab[]).map((key): RecordingTab => ({ key, href: tabHref(key), selected: key === tab })),
    intro: [
      { title: t("storage.safe"), body: t("storage.safeBody") },
      { title: t("storage.smart"), body: t("storage.smartBody") },
    ],
    privacyHref: policyHref("privacy", page.locale, launchAppFamily(args.context.get(cloudflareContext).env, launch)),
    ...offer,
    ...page.payment,
  };
}

export function action(args: Route.ActionArgs) {
  const { launch } = requireLaunch(args.context, "device");
  return confirmPurchase(args, launch, purchaseFor(tabOf(screenUrl(args.request))));
}

// Opening or closing the payment chooser needs no new data.
export const shouldRevalidate = revalidateUnlessOnly("pay");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function StorageBuy({ loaderData: view }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md pb-28">
      <ServiceHeader view={view.header} title={view.title} />
      <PurchasePlan plan={view.plan} />
      <RecordingTabs tabs={view.tabs} className="m-3 bg-white" />
      <PackageList packages={view.packages} error={view.packagesError} />
      {view.coupon && <CouponRow coupon={view.coupon} />}
      <IntroItems items={view.intro} privacyHref={view.privacyHref} />
      {view.checkout && <PaymentBar checkout={view.checkout} providers={view.providers} closeHref={view.closeHref} />}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
