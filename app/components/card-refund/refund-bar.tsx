import { Form, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import { CARD_REFUND_FIELDS as F, enhancedValue } from "#app/purchase/form-fields.ts";

/** The refund button: disabled once refunded or while the refund is under way. */
export function RefundBar({ refunded, selectedPackage }: { refunded: boolean; selectedPackage: number | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting" && navigation.formData?.get(F.intent) === "refund";
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <Form method="post" replace preventScrollReset className="mx-auto max-w-md">
        <HiddenFields fields={{ [F.intent]: "refund", ...(selectedPackage !== null ? { [F.package]: selectedPackage } : {}), [F.enhanced]: enhancedValue(hydrated) }} />
        <button
          type="submit"
          disabled={refunded || submitting}
          aria-busy={submitting}
          className="w-full rounded-full bg-sky-700 py-3 text-base font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-700"
        >
          {refunded ? t("cardRefund.refunded") : t("cardRefund.refund")}
        </button>
      </Form>
    </div>
  );
}
