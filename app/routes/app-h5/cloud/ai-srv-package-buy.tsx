import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { getI18n } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { confirmPurchase } from "#app/.server/purchase/confirm.ts";
import { startPurchasePage } from "#app/.server/purchase/page.ts";
import { aiInfo } from "#app/.server/upstream/endpoints.ts";
import { ErrorView } from "#app/components/error-view.tsx";
import { CouponRow } from "#app/components/purchase/coupon-row.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { PaymentBar } from "#app/components/purchase/payment-sheet.tsx";
import { revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import { PurchasePlan } from "#app/components/services/service-timeline.tsx";
import { IntroItems, ServiceHeader } from "#app/components/purchase/service-header.tsx";
import type { Route } from "./+types/ai-srv-package-buy";
import { launchAppFamily, policyHref } from "#app/.server/policies.ts";
import { cloudflareContext } from "#app/context.ts";

const PURCHASE = { serviceType: ServiceType.ai, screen: "ai_srv_buy" } as const;

/** Spec §2 screen 4: the Super AI recognition purchase. */
export async function loader(args: Route.LoaderArgs) {
  const { launch } = requireLaunch(args.context, "device");
  const page = startPurchasePage(args, launch, PURCHASE);
  const [info, offer] = await Promise.all([page.api.call(aiInfo, { deviceId: launch.deviceId }), page.offer]);
  const { t } = getI18n(args.context);
  return {
    title: t("ai.title"),
    header: {
      deviceName: launch.deviceName || launch.deviceId,
      state: info.ok ? durationState(info.data.durationStatus) : null,
      until: info.ok ? formatUnixSeconds(info.data.aiExpireTimestamp, buyerTimeZone(args.request, launch.countryCode)) : "",
    },
    intro: [
      { title: t("ai.recognitionTitle"), body: t("ai.recognitionBody") },
      { title: t("ai.searchTitle"), body: t("ai.searchBody") },
    ],
    privacyHref: policyHref("privacy", page.locale, launchAppFamily(args.context.get(cloudflareContext).env, launch)),
    ...offer,
    ...page.payment,
  };
}

export function action(args: Route.ActionArgs) {
  const { launch } = requireLaunch(args.context, "device");
  return confirmPurchase(args, launch, PURCHASE);
}

// Opening or closing the payment chooser needs no new data.
export const shouldRevalidate = revalidateUnlessOnly("pay");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AiPackageBuy({ loaderData: view }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md pb-28">
      <ServiceHeader view={view.header} title={view.title} />
      <PurchasePlan plan={view.plan} />
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
