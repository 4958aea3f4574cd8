import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { useLoadingOverlay } from "../loading-overlay.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { searchWith, useSheetHistory } from "../sheet-history.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { useFollowPaymentStep } from "./follow-payment-step.ts";
import type { SubView } from "#domain/payment-methods.ts";
import type { Checkout } from "./checkout.ts";
import type { ProviderClients } from "./provider-clients.ts";
import { useConfirm } from "./use-confirm.ts";
import { usePendingSelection } from "./pending-selection.ts";
import { NoBreak } from "../no-break.tsx";

// The chooser is not needed to show or hydrate the screen: it loads once the page is idle, or when opened
// first (docs/decisions/041). Its sub-views, and the payment methods' table they need, come with it (065-a).
const loadChooser = () => import("./payment-chooser.tsx");
const PaymentChooser = lazy(loadChooser);

/**
 * The payment bar, and what its chooser does (product-rules §2 screen 9). Opening the chooser is a link
 * (`?pay=1`) that the server renders open without JavaScript. With JavaScript the chooser and its PayPal and card
 * sub-views (`?pay=paypal`, `?pay=card`) each open with a history entry, so the back button closes
 * them one by one, and the browser waits 300 ms before going to the provider.
 */
export default function PaymentBar({ checkout, providers, closeHref }: { checkout: Checkout; providers: ProviderClients; closeHref: string }) {
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
  // An embedded sheet's order (card) is confirmed when its sub-view is chosen (forward again shows the same checkout).
  const [confirmed, setConfirmed] = useState<Promise<PaymentStep> | null>(null);

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

  // Pay tapped while a package tapped just before is still loading waits for it: the chooser opens with that
  // package's checkout, never the one shown until it arrives (found by an outside buyer on a slow network).
  const selectionLoading = usePendingSelection() !== null;
  const payAfterSelection = useRef(false);
  const openSheet = sheet.open;
  useEffect(() => {
    if (selectionLoading || !payAfterSelection.current) return;
    payAfterSelection.current = false;
    void openSheet(checkout.sheetHref);
  }, [selectionLoading, openSheet, checkout.sheetHref]);

  useEffect(() => {
    if (!("requestIdleCallback" in window)) return void loadChooser();
    const idle = requestIdleCallback(() => void loadChooser());
    return () => cancelIdleCallback(idle);
  }, []);

  return (
    <>
      <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3">
          <p className="flex min-w-0 flex-col">
            <span className="text-xs text-neutral-600">{t("pay.total")}</span>
            <span className="text-xl font-bold text-orange-700" aria-live="polite">
              {checkout.total}
            </span>
            {checkout.preview && (
              <span className="text-xs text-neutral-600">
                <NoBreak text={checkout.preview} />
              </span>
            )}
          </p>
          <Link
            id="pay-button"
            to={checkout.sheetHref}
            replace
            preventScrollReset
            aria-busy={selectionLoading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (selectionLoading) payAfterSelection.current = true;
              else void sheet.open(checkout.sheetHref);
            }}
            className="tap-target inline-flex shrink-0 items-center rounded-full bg-sky-700 px-8 py-3 text-base font-semibold whitespace-nowrap text-white"
          >
            {t("pay.pay")}
          </Link>
        </div>
      </div>

      {open && (
        <Suspense fallback={null}>
          <PaymentChooser
            checkout={checkout}
            providers={providers}
            closeHref={closeHref}
            onClose={() => void sheet.close(closeHref)}
            fetcher={fetcher}
            busy={busy}
            hydrated={hydrated}
            pay={pay}
            confirmed={confirmed}
            keepConfirmed={setConfirmed}
            confirm={confirm}
            openSubView={(view: SubView) => void sheet.open(searchWith(searchParams, "pay", view))}
            noScriptError={actionData?.step === "error" ? actionData.message : null}
          />
        </Suspense>
      )}
    </>
  );
}
