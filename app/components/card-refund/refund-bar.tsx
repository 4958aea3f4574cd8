import { useEffect, useRef } from "react";
import { Form, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { ActionSheet } from "#app/components/action-sheet.tsx";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { OPENS_SHEET, searchWith, useSheetHistory } from "#app/components/sheet-history.ts";
import { useToast } from "#app/components/toasts.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import { CARD_REFUND_FIELDS as F, enhancedValue } from "#app/purchase/form-fields.ts";

/** Product-rules §4: about 2 s after a refund the screen loads its data again. */
const RELOAD_AFTER_REFUND_MS = 2_000;

/** The refund's answer: a toast, and after a refund the screen's data again about 2 s later. Each answer once. */
export function useRefundAnswer(answer: { ok: boolean; message: string } | undefined, then?: () => void) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (!answer || reported.current === answer) return;
    reported.current = answer;
    toast({ kind: answer.ok ? "success" : "error", message: answer.message });
    then?.();
    if (!answer.ok) return;
    const timer = setTimeout(() => void revalidator.revalidate(), RELOAD_AFTER_REFUND_MS);
    return () => clearTimeout(timer);
    // The revalidator and `then` change on every render; the timer belongs to this answer only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, toast]);
}

const REFUND_BUTTON_ID = "card-refund";

/** Each query parameter's first value, the one the server reads (a repeated `package` must not select another). */
function firstValues(search: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of search) if (!(name in values)) values[name] = value;
  return values;
}

/** What a refund posts besides its intent: the device the screen shows and its selected package. */
export interface RefundTarget {
  shown: string;
  selectedPackage: number | null;
}

const refundFields = ({ shown, selectedPackage }: RefundTarget, hydrated: boolean) => ({
  [F.intent]: "refund",
  [F.shown]: shown,
  ...(selectedPackage !== null ? { [F.package]: selectedPackage } : {}),
  [F.enhanced]: enhancedValue(hydrated),
});

const buttonClass = "w-full rounded-full bg-sky-700 py-3 text-base font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-700";

/**
 * The refund button: disabled once refunded or while the refund is under way. With a package to refund it
 * first asks, in a sheet of the page (`?refund=1`, RefundSheet): a refund cannot be taken back. Without a
 * device or card it posts at once, and the answer tells the buyer to choose one (product-rules §5).
 */
export function RefundBar({ refunded, asksFirst, target }: { refunded: boolean; asksFirst: boolean; target: RefundTarget }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const search = new URLSearchParams(useLocation().search);
  const submitting = navigation.state === "submitting" && navigation.formData?.get(F.intent) === "refund";
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      {asksFirst && !refunded ? (
        <Form method="get" state={OPENS_SHEET} preventScrollReset className="mx-auto max-w-md">
          <HiddenFields fields={{ ...firstValues(search), refund: "1" }} />
          <button id={REFUND_BUTTON_ID} type="submit" disabled={navigation.state !== "idle"} className={buttonClass}>
            {t("cardRefund.refund")}
          </button>
        </Form>
      ) : (
        <Form method="post" replace preventScrollReset className="mx-auto max-w-md">
          <HiddenFields fields={refundFields(target, hydrated)} />
          <button id={REFUND_BUTTON_ID} type="submit" disabled={refunded || submitting} aria-busy={submitting} className={buttonClass}>
            {refunded ? t("cardRefund.refunded") : t("cardRefund.refund")}
          </button>
        </Form>
      )}
    </div>
  );
}

/**
 * The refund question (title "Tips", as the order cancel asks), open while the address says `refund`. Its form
 * posts to the screen without the flag, so without JavaScript the answer is the screen itself; with it, the
 * sheet closes back over its history entry and the answer is a toast.
 */
export function RefundSheet({ refunded, target, naming }: { refunded: boolean; target: RefundTarget; naming: string }) {
  const { t } = useTranslation();
  const sheet = useSheetHistory();
  const refund = useFetcher<{ ok: boolean; message: string }>();
  const hydrated = useHydrated();
  const search = new URLSearchParams(useLocation().search);
  const closeHref = searchWith(search, "refund", null);
  const close = sheet.close;
  useRefundAnswer(refund.state === "idle" ? refund.data : undefined, () => void close(closeHref));

  return (
    <ActionSheet open={search.has("refund") && !refunded} title={t("webview.tips")} closeHref={closeHref} closeLabel={t("cardRefund.keep")} returnFocusTo={REFUND_BUTTON_ID}>
      <p className="mt-2 font-medium">{naming}</p>
      <p className="mt-1 text-sm text-neutral-700">{t("cardRefund.confirm")}</p>
      <refund.Form method="post" action={closeHref} className="mt-4">
        <HiddenFields fields={refundFields(target, hydrated)} />
        <button type="submit" disabled={refund.state !== "idle"} className="tap-target w-full rounded-xl bg-red-700 py-3 font-semibold text-white">
          {t("cardRefund.refund")}
        </button>
      </refund.Form>
    </ActionSheet>
  );
}
