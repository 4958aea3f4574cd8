import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import type { PaymentTypeCode } from "#domain/services.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import { useLoadingOverlay } from "../loading-overlay.tsx";
import { ModalSheet } from "../modal-sheet.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { SheetCloseLink } from "../sheet-close-link.tsx";
import { searchWith, useSheetHistory } from "../sheet-history.ts";
import { CONFIRM_FIELDS as C, enhancedValue } from "#app/purchase/form-fields.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { HiddenFields } from "../hidden-fields.tsx";
import { CardView, PayPalView, ProviderViewSlot, useFollowPaymentStep } from "./follow-payment-step.tsx";
import type { ProviderClients } from "./provider-clients.ts";
import { StruckPrice } from "./struck-price.tsx";
import { useConfirm } from "./use-confirm.ts";

export interface Checkout {
  packageId: number;
  couponParam: string;
  total: string;
  subTotal: string | null;
  currencyCode: string;
  methods: readonly PaymentTypeCode[];
  sheetHref: string;
  /** "If I pay": the period this purchase gives, e.g. "In use until 2027-01-11". */
  preview?: string | null;
}

/** PayPal and card continue in a sub-view of the chooser; the other methods leave for the provider. */
const SUB_VIEWS: Partial<Record<PaymentTypeCode, "paypal" | "card">> = { 3: "paypal", 4: "card" };
type SubView = "paypal" | "card";
const isSubView = (value: string | null): value is SubView => value === "paypal" || value === "card";

/**
 * The payment bar and chooser (product-rules §2 screen 9). Opening the chooser is a link (`?pay=1`) that the
 * server renders open without JavaScript; each method is a submit button of one form that posts the
 * selection to the screen's confirm action. With JavaScript the chooser and its PayPal and card
 * sub-views (`?pay=paypal`, `?pay=card`) each open with a history entry, so the back button closes
 * them one by one, and the browser waits 300 ms before going to the provider.
 */
export function PaymentBar({ checkout, providers, closeHref }: { checkout: Checkout; providers: ProviderClients; closeHref: string }) {
  const { t } = useTranslation();
  const searchParams = new URLSearchParams(useLocation().search);
  const pay = searchParams.get("pay");
  const open = pay !== null;
  const sheet = useSheetHistory();
  const fetcher = useFetcher<PaymentStep>();
  const actionData = useActionData<PaymentStep>();
  const hydrated = useHydrated();
  const overlay = useLoadingOverlay();
  const confirm = useConfirm(checkout);
  // The card's order is confirmed when its sub-view is chosen (forward again shows the same checkout).
  const [cardStep, setCardStep] = useState<Promise<PaymentStep> | null>(null);
  // The SDK sub-views exist only in the browser: a server render, or a card entry reached with no order
  // confirmed on this page, shows the chooser.
  const subView = hydrated && isSubView(pay) && (pay !== "card" || cardStep) ? pay : null;

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

  function openSubView(view: SubView | undefined) {
    if (!view) return;
    if (view === "card") setCardStep(confirm(4));
    void sheet.open(searchWith(searchParams, "pay", view));
  }

  const noScriptError = actionData?.step === "error" ? actionData.message : null;

  return (
    <>
      <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3">
          <p className="flex flex-col">
            <span className="text-xs text-neutral-600">{t("pay.total")}</span>
            <span className="text-xl font-bold text-orange-700" aria-live="polite">
              {checkout.total}
            </span>
            {checkout.preview && <span className="text-xs text-neutral-600">{checkout.preview}</span>}
          </p>
          <Link
            id="pay-button"
            to={checkout.sheetHref}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              void sheet.open(checkout.sheetHref);
            }}
            className="tap-target inline-flex items-center rounded-full bg-sky-700 px-8 py-3 text-base font-semibold text-white"
          >
            {t("pay.pay")}
          </Link>
        </div>
      </div>

      {open && (
        <ModalSheet labelledBy="pay-heading" onClose={() => void sheet.close(closeHref)} fullHeight={subView === "card"}>
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
          {checkout.subTotal && <StruckPrice price={checkout.subTotal} className="text-sm text-neutral-500" />}
          {checkout.preview && <span className="mt-1 block text-sm text-neutral-700">{checkout.preview}</span>}
        </p>
        {noScriptError && (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
            {noScriptError}
          </p>
        )}
        {subView ? (
          <div className="mt-4">
            <button type="button" onClick={() => window.history.back()} className="tap-target mb-3 rounded-full px-3 text-sm text-sky-700">
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                ‹
              </span>{" "}
              {t("pay.back")}
            </button>
            <ProviderViewSlot>
              {subView === "paypal" ? (
                <PayPalView client={providers.paypal} confirm={() => confirm(3)} />
              ) : (
                cardStep && <CardView client={providers.stripe} step={cardStep} />
              )}
            </ProviderViewSlot>
          </div>
        ) : (
          <fetcher.Form method="post" className="mt-4 grid gap-2">
            <HiddenFields fields={{ [C.intent]: "confirm", [C.package]: checkout.packageId, [C.coupon]: checkout.couponParam, [C.enhanced]: enhancedValue(hydrated) }} />
            {checkout.methods.map((method) => (
              <button
                key={method}
                type={hydrated && SUB_VIEWS[method] ? "button" : "submit"}
                onClick={hydrated && SUB_VIEWS[method] ? () => openSubView(SUB_VIEWS[method]) : undefined}
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
            ))}
          </fetcher.Form>
        )}
        </ModalSheet>
      )}
    </>
  );
}
