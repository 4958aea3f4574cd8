import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import type { SubView } from "#domain/payment-methods.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { SubViewProps } from "./provider-clients.ts";
import { retryingLazy } from "../retrying-lazy.tsx";

// The provider SDKs load only when their view opens (docs/architecture.md §5); code that could not be fetched
// says so in the view's place, with a retry (docs/decisions/074).
export const SUB_VIEW_COMPONENTS: Record<SubView, LazyExoticComponent<ComponentType<SubViewProps>>> = {
  paypal: retryingLazy(() => import("./paypal-view.tsx")),
  card: retryingLazy(() => import("./card-view.tsx")),
};

/** Where a provider's SDK view appears: "please wait" until its script has loaded. */
export function ProviderViewSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p className="py-6 text-center text-sm text-neutral-600">{t("shell.pleaseWait")}</p>}>{children}</Suspense>;
}
