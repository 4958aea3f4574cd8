import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { Form, useActionData, useFetcher, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { ActionSheet } from "../action-sheet.tsx";
import { enhancedValue, ORDER_FIELDS as O } from "#app/purchase/form-fields.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { HiddenFields } from "../hidden-fields.tsx";
import { useFollowPaymentStep } from "../purchase/follow-payment-step.ts";
import type { ProviderClients } from "../purchase/provider-clients.ts";
import { OPENS_SHEET, revalidateUnlessOnly, searchWith, useSheetHistory } from "../sheet-history.ts";
import { useToast } from "../toasts.tsx";

// Only a repay that continues in a sub-view (card) opens it, after a tap (docs/decisions/041), once its code is here.
const loadRepaySheet = () => import("./repay-sheet.tsx");
const RepaySheet = lazy(loadRepaySheet);

// After any post, even a refused one, an order list or detail reads its orders again: it shows each order as it
// really is. The cancel confirmation and the card repay sheet open and close without reloading it. Here rather than
// in the order list's route module, which the order detail would otherwise load whole for this.
const sheetsDoNotReload = revalidateUnlessOnly("cancel", "repay");
export function revalidateOrders(args: ShouldRevalidateFunctionArgs) {
  return args.formMethod === "POST" ? true : sheetsDoNotReload(args);
}

/** A refused cancel, named by its order, so that only that order's actions report it. */
export type CardFailure = Extract<PaymentStep, { step: "error" }> & { orderId: string };

/**
 * Cancel and Repay of an order waiting to pay (product-rules §4), posted to the screen's action (intent cancel |
 * repay), as on the order lists and the order detail. Cancel first asks in the Tips sheet (CancelSheet,
 * `?cancel=<order>`); a repay that continues in a sub-view (card: Stripe's embedded checkout) opens it in a
 * sheet (`?repay=<order>`).
 */
export function OrderActions({
  order,
  keep = {},
  enhanced,
  providers,
}: {
  order: { id: string; canCancel: boolean; canRepay: boolean };
  /** The screen's own query parameters, which the cancel question's address keeps (a list page, an order id). */
  keep?: Record<string, string>;
  enhanced: boolean;
  providers: ProviderClients;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const repay = useFetcher<PaymentStep>();
  // A card repay answers a Checkout Session, shown in a sheet with a history entry of its own
  // (`?repay=<order>`): back or Close closes it.
  const viewData = repay.state === "idle" && repay.data?.step === "view" ? repay.data : null;
  const viewStep = useMemo(() => (viewData ? Promise.resolve<PaymentStep>(viewData) : null), [viewData]);
  const searchParams = new URLSearchParams(useLocation().search);
  const repaying = searchParams.get("repay") === order.id;
  const sheet = useSheetHistory();
  const openSheet = sheet.open;
  const sheetOpenedFor = useRef<PaymentStep | null>(null);
  useEffect(() => {
    if (!viewData || sheetOpenedFor.current === viewData) return;
    sheetOpenedFor.current = viewData;
    // Fetched twice at most (a dropped connection on a phone): if it still cannot be, the screen stays, a toast says
    // why, and Repay tries again (docs/decisions/074).
    loadRepaySheet()
      .catch(loadRepaySheet)
      .then(
        () => openSheet(searchWith(new URLSearchParams(window.location.search), "repay", order.id)),
        () => toast({ kind: "error", message: t("pay.notLoaded") }),
      );
  }, [viewData, order.id, openSheet, toast, t]);
  const failed = useActionData<CardFailure>();
  const navigation = useNavigation();

  useFollowPaymentStep(repay.data, repay.state);
  useEffect(() => {
    if (failed?.step === "error" && failed.orderId === order.id) toast({ kind: "error", message: failed.message });
  }, [failed, order.id, toast]);

  if (!order.canCancel) return null;
  return (
    <>
      <div className="mt-3 flex justify-end gap-2">
        {/* Product-rules §5: cancelling asks first, in a sheet of the page (`?cancel=<order>`): a webview may not show window.confirm. */}
        <Form method="get" state={OPENS_SHEET} preventScrollReset>
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="cancel" value={order.id} />
          <button
            id={`cancel-${order.id}`}
            type="submit"
            disabled={navigation.state !== "idle"}
            className="tap-target rounded-full border border-neutral-300 px-4 text-sm"
          >
            {t("orders.cancel")}
          </button>
        </Form>
        {order.canRepay && (
          <repay.Form method="post">
            <HiddenFields fields={{ [O.intent]: "repay", [O.orderId]: order.id, [O.enhanced]: enhancedValue(enhanced) }} />
            <button type="submit" disabled={repay.state !== "idle"} className="tap-target rounded-full bg-sky-700 px-4 text-sm font-semibold text-white">
              {t("orders.repay")}
            </button>
          </repay.Form>
        )}
      </div>
      {viewData && viewStep && repaying && (
        <Suspense fallback={null}>
          <RepaySheet view={viewData.view} step={viewStep} providers={providers} onClose={() => void sheet.close(searchWith(searchParams, "repay", null))} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The cancel confirmation (product-rules §5: title "Tips"), open while the address names the order. Its form posts
 * to the list without the flag, so without JavaScript the answer is the list itself; with it, the sheet
 * closes back over its history entry once the order is cancelled. It opens only over an order of the screen that can
 * still be cancelled (`cancellable`): Back to the question after cancelling shows the order as it is.
 */
export function CancelSheet({ cancellable }: { cancellable: readonly string[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const sheet = useSheetHistory();
  const cancel = useFetcher<PaymentStep | null>();
  const searchParams = new URLSearchParams(useLocation().search);
  const asked = searchParams.get("cancel");
  const orderId = asked !== null && cancellable.includes(asked) ? asked : null;
  const closeHref = searchWith(searchParams, "cancel", null);
  const close = sheet.close;

  // Each answer is reported once: closing the sheet changes the address, which runs this effect again.
  const answered = useRef<unknown>(undefined);
  useEffect(() => {
    if (cancel.state !== "idle" || cancel.data === undefined || answered.current === cancel.data) return;
    answered.current = cancel.data;
    if (cancel.data?.step === "error") toast({ kind: "error", message: cancel.data.message });
    void close(closeHref);
  }, [cancel.state, cancel.data, toast, close, closeHref]);

  return (
    <ActionSheet
      open={orderId !== null}
      title={t("webview.tips")}
      closeHref={closeHref}
      closeLabel={t("webview.keepOrder")}
      returnFocusTo={`cancel-${orderId ?? ""}`}
    >
      <p className="mt-2 text-sm text-neutral-700">{t("orders.cancelConfirm")}</p>
      <cancel.Form method="post" action={closeHref} className="mt-4">
        <HiddenFields fields={{ [O.intent]: "cancel", [O.orderId]: orderId ?? "" }} />
        <button type="submit" disabled={cancel.state !== "idle"} className="tap-target w-full rounded-xl bg-red-700 py-3 font-semibold text-white">
          {t("orders.cancel")}
        </button>
      </cancel.Form>
    </ActionSheet>
  );
}
