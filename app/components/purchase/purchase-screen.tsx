import type { ReactNode } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import { PurchasePlan } from "#app/components/services/service-timeline.tsx";
import { CouponRow, type CouponState } from "./coupon-row.tsx";
import { PackageList, type PackageOption } from "./package-list.tsx";
import type { Checkout } from "./checkout.ts";
import { PaymentBar } from "./payment-bar.tsx";
import type { ProviderClients } from "./provider-clients.ts";
import { IntroItems, type PolicyLinks } from "./service-header.tsx";

/** What every purchase screen's loader answers (app/.server/purchase/screen.ts). */
export interface PurchaseView {
  title: string;
  plan: Parameters<typeof PurchasePlan>[0]["plan"];
  packages: PackageOption[];
  packagesError: string | null;
  coupon: CouponState | null;
  intro: { title: string; body: string }[];
  policies: PolicyLinks;
  checkout: Checkout | null;
  providers: ProviderClients;
  closeHref: string;
}

/**
 * The body of a purchase screen (product-rules §2): its head, the service's plan, what the screen adds, the
 * packages, the coupon row, the introduction and the payment bar. `bar` replaces the payment bar and
 * `showCoupon={false}` hides the coupon row (VIP card receive mode).
 */
export function PurchaseScreen({ view, head, children, bar, showCoupon = true }: { view: PurchaseView; head: ReactNode; children?: ReactNode; bar?: ReactNode; showCoupon?: boolean }) {
  return (
    <main className="mx-auto max-w-md pb-28">
      {head}
      <PurchasePlan plan={view.plan} />
      {children}
      <PackageList packages={view.packages} error={view.packagesError} />
      {showCoupon && view.coupon && <CouponRow coupon={view.coupon} />}
      <IntroItems items={view.intro} policies={view.policies} />
      {bar ?? (view.checkout && <PaymentBar checkout={view.checkout} providers={view.providers} closeHref={view.closeHref} />)}
    </main>
  );
}

export const purchaseMeta = ({ loaderData }: { loaderData?: { title: string } }) => [{ title: loaderData?.title ?? "" }];

// Opening or closing the payment chooser needs no new data.
const revalidateUnlessChooser = revalidateUnlessOnly("pay");

/**
 * A confirm that started a payment leaves for the provider or opens its sub-view, so the screen's offer is not
 * read again for it: that was five more upstream calls, which PayPal's buttons waited for before they had their
 * order (found by an outside reader of issue 29). A refused confirm reads it again: what it refused may have changed.
 */
export const purchaseShouldRevalidate: ShouldRevalidateFunction = (args) => {
  const step = (args.actionResult as PaymentStep | undefined)?.step;
  if (args.formMethod?.toUpperCase() === "POST" && (step === "redirect" || step === "view")) return false;
  return revalidateUnlessChooser(args);
};
