import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { confirmPurchaseScreen, definePurchaseScreen, loadPurchaseScreen } from "#app/.server/purchase/screen.ts";
import { aiInfo } from "#app/.server/upstream/endpoints.ts";
import { PurchaseScreen } from "#app/components/purchase/purchase-screen.tsx";
import { ServiceHeader } from "#app/components/purchase/service-header.tsx";
import type { Route } from "./+types/ai-srv-package-buy";

export { purchaseMeta as meta, purchaseShouldRevalidate as shouldRevalidate } from "#app/components/purchase/purchase-screen.tsx";

/** Product-rules §2 screen 4: the Super AI recognition purchase. */
const AI_PURCHASE = definePurchaseScreen({
  serviceType: ServiceType.ai,
  async load({ req, launch }) {
    const info = await req.upstream.call(aiInfo, { deviceId: launch.deviceId });
    return {
      header: {
        deviceName: launch.deviceName || launch.deviceId,
        state: info.ok ? durationState(info.data.durationStatus) : null,
        until: info.ok ? formatUnixSeconds(info.data.aiExpireTimestamp, req.timeZone(launch.countryCode)) : "",
      },
      intro: [
        { title: req.t("ai.recognitionTitle"), body: req.t("ai.recognitionBody") },
        { title: req.t("ai.searchTitle"), body: req.t("ai.searchBody") },
      ],
    };
  },
});

export const loader = (args: Route.LoaderArgs) => loadPurchaseScreen(AI_PURCHASE, args);
export const action = (args: Route.ActionArgs) => confirmPurchaseScreen(AI_PURCHASE, args);

export default function AiPackageBuy({ loaderData: view }: Route.ComponentProps) {
  return <PurchaseScreen view={view} head={<ServiceHeader view={view.header} title={view.title} />} />;
}
