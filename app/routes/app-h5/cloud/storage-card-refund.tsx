import { useEffect } from "react";
import { useActionData } from "react-router";
import { cardRefundAction, loadCardRefund } from "#app/.server/orders/card-refund.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { sessionContext } from "#app/context.ts";
import { DeviceSection } from "#app/components/card-refund/device-section.tsx";
import { Features } from "#app/components/card-refund/features.tsx";
import { RefundBar, RefundSheet, useRefundAnswer } from "#app/components/card-refund/refund-bar.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { useToast } from "#app/components/toasts.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/storage-card-refund";

/**
 * Product-rules §2 screen 8: cancelling a cloud storage package received with a card. The device comes from
 * the launch or from the picker; its current service, the packages its cards gave and the refund.
 */
export const loader = ({ context, request }: Route.LoaderArgs) => loadCardRefund(requestOf(context), screenUrl(request));

/** Choosing a device (kept in the session, product-rules §2 screen 8) and the refund itself. */
export const action = ({ context, request }: Route.ActionArgs) => cardRefundAction(requestOf(context), request, context.get(sessionContext));

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function StorageCardRefund({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  useRefundAnswer(useActionData<typeof action>());

  useEffect(() => {
    if (view.receivedError !== null) toast({ kind: "error", message: view.receivedError });
  }, [view.receivedError, toast]);
  const selectedPackage = view.packages.find((p) => p.selected)?.id ?? null;

  return (
    <main className="mx-auto max-w-md pb-28">
      <header className="bg-gradient-to-b from-sky-800 to-sky-700 px-4 pt-5 pb-6 text-white">
        <h1 className="text-xl font-bold">{view.title}</h1>
        {view.statusTag && <p className="mt-3 inline-block rounded-full bg-white/15 px-3 py-1 text-sm">{t(`cardRefund.status.${view.statusTag}`)}</p>}
      </header>
      <DeviceSection view={view} />
      {view.device || view.scannedCard ? (
        <PackageList packages={view.packages} error={null} title={t("cardRefund.received")} empty={t("cardRefund.noneReceived")} />
      ) : (
        <p className="m-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">{t("cardRefund.needDevice")}</p>
      )}
      <Features view={view} />
      <RefundBar refunded={view.refunded} asksFirst={view.device !== null || view.scannedCard} selectedPackage={selectedPackage} />
      <RefundSheet refunded={view.refunded} selectedPackage={selectedPackage} />
    </main>
  );
}
