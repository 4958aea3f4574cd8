import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation, type FetcherWithComponents } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { isSubView, methodOfSubView, paymentMethod, type PaymentTypeCode, type SubView } from "#domain/payment-methods.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import { CONFIRM_FIELDS as C, enhancedValue } from "#app/purchase/form-fields.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { HiddenFields } from "../hidden-fields.tsx";
import { useLoadingOverlay } from "../loading-overlay.tsx";
import { searchWith, useSheetHistory } from "../sheet-history.ts";
import { useFollowPaymentStep } from "./follow-payment-step.ts";
import { useConfirm } from "./use-confirm.ts";
import { ModalSheet } from "../modal-sheet.tsx";
import { SheetCloseLink } from "../sheet-close-link.tsx";
import type { Checkout } from "./checkout.ts";
import type { ProviderClients } from "./provider-clients.ts";
import { ProviderViewSlot, SUB_VIEW_COMPONENTS } from "./provider-views.tsx";
import { StruckPrice } from "./struck-price.tsx";
import { NoBreak } from "../no-break.tsx";

export interface ChooserProps {
  checkout: Checkout;
  providers: ProviderClients;
  closeHref: string;
  onClose: () => void;
  /** The payment bar's fetcher, which outlives the chooser: what follows a confirm is followed there. */
  fetcher: FetcherWithComponents<PaymentStep>;
  busy: boolean;
  hydrated: boolean;
  subView: SubView | null;
  /** The confirm a sub-view's opening started (embedded-sheet methods). */
  confirmed: Promise<PaymentStep> | null;
  confirm: (payMethod: PaymentTypeCode) => Promise<PaymentStep>;
  openSubView: (view: SubView) => void;
  noScriptError: string | null;
}

/**
 * The payment chooser (product-rules §2 screen 9), loaded apart from the screen: it opens on a tap, after the
 * page is interactive, or is rendered open by the server for `?pay=1` (docs/decisions/041). Each method is a
 * submit button of one form that posts the selection to the screen's confirm action; with JavaScript,
 * a method with a sub-view (PayPal, card) opens it instead.
 */
function PaymentChooser({ checkout, providers, closeHref, onClose, fetcher, busy, hydrated, subView, confirmed, confirm, openSubView, noScriptError }: ChooserProps) {
  const { t } = useTranslation();
  const view = subView && { method: methodOfSubView(subView), View: SUB_VIEW_COMPONENTS[subView] };
  return (
    <ModalSheet labelledBy="pay-heading" onClose={onClose} fullHeight={view?.method.flow === "embedded-sheet"}>
      <div className="flex items-center justify-between">
        <h2 id="pay-heading" className="text-base font-semibold">
          {t("pay.choose")}
        </h2>
        <SheetCloseLink closedHref={closeHref} className="tap-target inline-flex items-center rounded-full px-3 text-sm text-neutral-600">
          {t("pay.close")}
        </SheetCloseLink>
      </div>
      <p className="mt-2 text-center">
        <span className="block text-3xl font-bold text-orange-700">{checkout.total}</span>
        {checkout.subTotal && <StruckPrice price={checkout.subTotal} label={t("pay.beforeCoupon", { price: checkout.subTotal })} className="text-sm text-neutral-500" />}
        {checkout.preview && (
          <span className="mt-1 block text-sm text-neutral-700">
            <NoBreak text={checkout.preview} />
          </span>
        )}
      </p>
      {noScriptError && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {noScriptError}
        </p>
      )}
      {view ? (
        <div className="mt-4">
          <button type="button" onClick={() => window.history.back()} className="tap-target mb-3 rounded-full px-3 text-sm text-sky-700">
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ‹
            </span>{" "}
            {t("pay.back")}
          </button>
          <ProviderViewSlot>
            <view.View providers={providers} confirm={() => confirm(view.method.code)} confirmed={confirmed} />
          </ProviderViewSlot>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-4 grid gap-2">
          <HiddenFields fields={{ [C.intent]: "confirm", [C.package]: checkout.packageId, [C.coupon]: checkout.appliedCoupon, [C.payAmount]: checkout.payAmount, [C.enhanced]: enhancedValue(hydrated) }} />
          {checkout.methods.map((method) => {
            const methodView = hydrated ? paymentMethod(method)?.subView : null;
            return (
              <button
                key={method}
                type={methodView ? "button" : "submit"}
                onClick={methodView ? () => openSubView(methodView) : undefined}
                name={C.payMethod}
                value={method}
                disabled={busy}
                className="flex min-h-12 items-center justify-between rounded-xl border border-neutral-300 px-4 py-3 text-start font-medium disabled:opacity-60"
              >
                <span>{t(`pay.method.${method}`)}</span>
                <span aria-hidden="true" className="text-neutral-400 rtl:rotate-180">
                  ›
                </span>
              </button>
            );
          })}
        </fetcher.Form>
      )}
    </ModalSheet>
  );
}

/**
 * What the payment bar does once its chooser is open (product-rules §2 screen 9): the chooser, its PayPal and card
 * sub-views (`?pay=paypal`, `?pay=card`), each with a history entry so that back closes them one by one, the
 * confirm, and what follows it (the browser waits 300 ms before going to the provider). Always mounted under the
 * bar, whose fetcher outlives the chooser; not needed to show or hydrate the screen, so it loads apart
 * (docs/decisions/041, 065-a).
 */
export default function PaymentFlow({ checkout, providers, closeHref }: { checkout: Checkout; providers: ProviderClients; closeHref: string }) {
  const searchParams = new URLSearchParams(useLocation().search);
  const pay = searchParams.get("pay");
  const open = pay !== null;
  const sheet = useSheetHistory();
  const fetcher = useFetcher<PaymentStep>();
  const actionData = useActionData<PaymentStep>();
  const hydrated = useHydrated();
  const overlay = useLoadingOverlay();
  const confirm = useConfirm(checkout);
  // An embedded sheet's order (card) is confirmed when its sub-view is chosen (forward again shows the same checkout).
  const [confirmed, setConfirmed] = useState<Promise<PaymentStep> | null>(null);
  // The SDK sub-views exist only in the browser: a server render, or an embedded sheet's entry reached with
  // no order confirmed on this page, shows the chooser.
  const subView = hydrated && isSubView(pay) && (methodOfSubView(pay).flow !== "embedded-sheet" || confirmed) ? pay : null;

  // A chooser the page was loaded with (a reload, or the no-JavaScript link) gets its history entry now,
  // over the screen without it, so that back and close behave as if it had been opened here.
  const loadedOpen = useRef(open && sheet.depth === 0);
  useEffect(() => {
    if (!loadedOpen.current) return;
    loadedOpen.current = false;
    const here = `${window.location.pathname}${window.location.search}`;
    void Promise.resolve(sheet.close(closeHref)).then(() => sheet.open(here));
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a redirect step the page stays busy until the browser has left it.
  const leaving = fetcher.state === "idle" && fetcher.data?.step === "redirect";

  // The sheet takes focus when it opens; focus goes back to the Pay button when it closes.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (!open && wasOpen.current) document.getElementById("pay-button")?.focus();
    wasOpen.current = open;
  }, [open]);

  const busy = fetcher.state !== "idle" || leaving;
  useEffect(() => {
    if (!busy) return;
    overlay.show();
    return () => overlay.hide();
  }, [busy, overlay]);

  useFollowPaymentStep(fetcher.data, fetcher.state);

  function openSubView(view: SubView) {
    const method = methodOfSubView(view);
    if (method.flow === "embedded-sheet") setConfirmed(confirm(method.code));
    void sheet.open(searchWith(searchParams, "pay", view));
  }

  if (!open) return null;
  return (
    <PaymentChooser
      checkout={checkout}
      providers={providers}
      closeHref={closeHref}
      onClose={() => void sheet.close(closeHref)}
      fetcher={fetcher}
      busy={busy}
      hydrated={hydrated}
      subView={subView}
      confirmed={confirmed}
      confirm={confirm}
      openSubView={openSubView}
      noScriptError={actionData?.step === "error" ? actionData.message : null}
    />
  );
}
