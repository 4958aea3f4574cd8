import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/context.tsx";

// The provider SDKs load only when their view opens (docs/architecture.md §5).
export const PayPalView = lazy(() => import("./paypal-view.tsx"));
export const CardView = lazy(() => import("./card-view.tsx"));

/** Where a provider's SDK view appears: "please wait" until its script has loaded. */
export function ProviderViewSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p className="py-6 text-center text-sm text-neutral-600">{t("shell.pleaseWait")}</p>}>{children}</Suspense>;
}
