import { useEffect } from "react";
import { useActionData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { cardRefundAction, loadCardRefund } from "#app/.server/orders/card-refund.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { closeQuestionsOpenedByOtherSites } from "#app/.server/security.ts";
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
export const loader = ({ context, request }: Route.LoaderArgs) => {
  const url = screenUrl(request);
  closeQuestionsOpenedByOtherSites(request, url, ["refund"]);
  return loadCardRefund(requestOf(context), url);
};

/** Choosing a device (kept in the session, product-rules §2 screen 8) and the refund itself. */
export const action = ({ context, request }: Route.ActionArgs) => cardRefundAction(requestOf(context), request, context.get(sessionContext));

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function StorageCardRefund({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const answer = useActionData<typeof action>();
  useRefundAnswer(answer);
  const hydrated = useHydrated();

  useEffect(() => {
    if (view.receivedError !== null) toast({ kind: "error", message: view.receivedError });
  }, [view.receivedError, toast]);
  const selected = view.packages.find((p) => p.selected);
  const target = { shown: view.device?.id ?? "", selectedPackage: selected?.id ?? null };

  return (
    <main className="mx-auto max-w-md pb-28">
      <header className="bg-gradient-to-b from-sky-800 to-sky-700 px-4 pt-5 pb-6 text-white">
        <h1 className="text-xl font-bold">{view.title}</h1>
        {view.statusTag && <p className="mt-3 inline-block rounded-full bg-white/15 px-3 py-1 text-sm">{t(`cardRefund.status.${view.statusTag}`)}</p>}
      </header>
      {/* Without JavaScript there is no toast: a refused refund (no device chosen, the screen changed) says so here. */}
      {!hydrated && answer && !answer.ok && (
        <p role="alert" className="m-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800">
          {answer.message}
        </p>
      )}
      <DeviceSection view={view} />
      {view.device || view.scannedCard ? (
        <PackageList packages={view.packages} error={null} title={t("cardRefund.received")} empty={t("cardRefund.noneReceived")} />
      ) : (
        <p className="m-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">{t("cardRefund.needDevice")}</p>
      )}
      <Features view={view} />
      <RefundBar refunded={view.refunded} asksFirst={view.device !== null || view.scannedCard} target={target} />
      <RefundSheet refunded={view.refunded} target={target} naming={[view.device?.name, selected?.name].filter(Boolean).join(" · ")} />
    </main>
  );
}
