import { Suspense, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { useSheetHistory } from "../sheet-history.ts";
import type { Checkout } from "./checkout.ts";
import type { ProviderClients } from "./provider-clients.ts";
import { usePendingSelection } from "./pending-selection.ts";
import { NoBreak } from "../no-break.tsx";
import { PaymentOptionsNotLoaded, retryingLazy, type NotLoadedProps } from "../retrying-lazy.tsx";

// The chooser and what follows a confirm are not needed to show or hydrate the screen: they are fetched as it
// hydrates. A Pay tapped before they arrive opens the chooser's address at once, and the chooser shows when they
// have (docs/decisions/041, 065-a). If its code cannot be fetched, Pay says so in the bar, with a retry (074).
const PaymentFlow = retryingLazy(() => import("./payment-chooser.tsx"), ChooserNotLoaded);

function ChooserNotLoaded(props: NotLoadedProps) {
  const open = new URLSearchParams(useLocation().search).has("pay");
  return open && <div className="mx-auto max-w-md"><PaymentOptionsNotLoaded {...props} /></div>;
}

/**
 * The payment bar (product-rules §2 screen 9): the total, and Pay, a link (`?pay=1`) that the server renders
 * open without JavaScript; with JavaScript it opens the chooser with a history entry (`PaymentFlow`).
 */
export function PaymentBar({ checkout, providers, closeHref }: { checkout: Checkout; providers: ProviderClients; closeHref: string }) {
  const { t } = useTranslation();
  const sheet = useSheetHistory();

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

  return (
    <>
      <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {/* In the bar, so that a chooser whose code could not be fetched says so above Pay. */}
        <Suspense fallback={null}>
          <PaymentFlow checkout={checkout} providers={providers} closeHref={closeHref} />
        </Suspense>
        <div className="mx-auto flex max-w-md items-center justify-between gap-3">
          <p className="flex min-w-0 flex-col">
            <span className="text-xs text-neutral-600">{t("pay.total")}</span>
            {/* The total and the period are the selected package's: while a tapped one loads they are the previous
                package's, so the bar says its total is on the way instead (found by an outside buyer). */}
            <span className={`text-xl font-bold ${selectionLoading ? "text-neutral-500" : "text-orange-700"}`} aria-live="polite">
              {selectionLoading ? <span className="text-sm leading-7 font-semibold">{t("pay.updating")}</span> : checkout.total}
            </span>
            {checkout.preview && (
              <span className={`text-xs text-neutral-600 ${selectionLoading ? "invisible" : ""}`}>
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
    </>
  );
}
