import { COUPON_PRICE_CEILING_CENTS, partitionCoupons, parseCouponSelection, payableCents, selectCoupon, type CouponTerms } from "#domain/coupons.ts";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { visiblePackages } from "#domain/packages.ts";
import { couponExpiresSoon } from "#domain/service-periods.ts";
import { paymentTypesFor } from "#domain/payment-methods.ts";
import type { SoldServiceType } from "#domain/services.ts";
import { changedQuery, couponsHref } from "#app/catalogue/links.ts";
import { SERVICES, type ServiceScreens } from "#app/catalogue/screens.ts";
import { formatUnixSeconds } from "../format.ts";
import type { RequestContext } from "../request-context.ts";
import type { LaunchState } from "../session/state.ts";
import { packageList, userCoupons, type UpstreamPackage } from "../upstream/endpoints.ts";
import { packageOption } from "./package-option.ts";
import { clientReadyMethods } from "./providers.ts";

/** What one purchase screen sells on this request. */
export interface Purchase {
  serviceType: SoldServiceType;
  /** Only this service's packages (VIP receive mode, a storage tab). */
  onlyServiceId?: number | null;
}

/** The screen's URL: its `package` and `coupon` parameters are the selection (docs/architecture.md §2). */
export type OfferRequest = Purchase & { launch: LaunchState; url: URL };

/** The packages a purchase screen sells on this request, as the upstream answered them (one call). */
export function fetchPackages(req: RequestContext, { launch, serviceType, onlyServiceId }: Purchase & { launch: LaunchState }) {
  const scope = { language: req.locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: serviceType };
  return req.upstream.call(packageList, onlyServiceId ? { ...scope, serviceId: onlyServiceId } : scope);
}

type PackagesAnswer = Awaited<ReturnType<typeof fetchPackages>>;

/** The packages on offer (product-rules §5 visibility), none when the call failed. */
export function offeredPackages(packages: PackagesAnswer, { serviceType, onlyServiceId }: Purchase): UpstreamPackage[] {
  return packages.ok ? visiblePackages(packages.data.packageList, { serviceType, receiveServiceId: onlyServiceId ?? null }) : [];
}

/** The region's methods (product-rules §6) that the upstream takes money with and this storefront can start. */
export function checkoutMethods(req: RequestContext, countryCode: string, packages: PackagesAnswer) {
  const clientMethods = clientReadyMethods(req.env);
  return paymentTypesFor(countryCode).filter((method) => (packages.ok ? (packages.data.payMethods ?? [method]) : []).includes(method) && clientMethods.includes(method));
}

/** What a purchase screen's offer is made of: its two upstream calls, in parallel, beside the screen's own. */
export async function fetchOffer(req: RequestContext, request: OfferRequest) {
  const { launch, serviceType } = request;
  const [packages, coupons] = await Promise.all([
    fetchPackages(req, request),
    req.upstream.call(userCoupons, { type: serviceType, countryCode: launch.countryCode, language: req.locale }),
  ]);
  return { packages, coupons };
}

/**
 * What a purchase screen sells and what the buyer has chosen: packages (product-rules §5 visibility), the
 * selected one, the coupon per the selection mode, and the payable total, formatted for the screen.
 */
export function offerView(req: RequestContext, request: OfferRequest, { packages, coupons }: Awaited<ReturnType<typeof fetchOffer>>) {
  const { launch, url, serviceType } = request;
  const { locale } = req;
  const timeZone = req.timeZone(launch.countryCode);
  const intl = intlLocale(locale);
  const offered = offeredPackages(packages, request);
  const selected: UpstreamPackage | null = offered.find((p) => p.id === Number(url.searchParams.get("package"))) ?? offered[0] ?? null;
  const couponParam = url.searchParams.get("coupon");
  const terms: (CouponTerms & { name: string; couponCode: string; descrip: string; expireTime: number })[] = coupons.ok
    ? coupons.data.map((c) => ({
        id: c.id,
        name: c.name,
        descrip: c.descrip ?? "",
        couponCode: c.couponCode,
        expireTime: c.expireTime,
        status: c.status,
        amountCents: toCents(c.amount),
        useLimitAmountCents: toCents(c.useLimitAmount),
      }))
    : [];
  const priceCents = selected ? toCents(selected.salePrice) : 0;
  const coupon = selected ? selectCoupon(terms, priceCents, parseCouponSelection(couponParam)) : null;
  const payable = payableCents(priceCents, coupon);
  const money = (cents: number) => formatMoney(cents, selected?.currencyCode, intl);
  const withParams = (path: string, params: Record<string, string>) => `${path}?${changedSelection(url, params)}`;

  const service: ServiceScreens = SERVICES[serviceType];
  const { usable, unusable } = partitionCoupons(terms, priceCents);
  const now = Date.now() / 1000;
  const back = (coupon: string) => withParams(service.buy, { coupon, ...service.couponReturn });

  return {
    packagesError: packages.ok ? null : packages.msg,
    couponsError: coupons.ok ? null : coupons.msg,
    /** The coupon selector's lists (product-rules §5: usable, then unusable with the reason, each by value). */
    couponChoices: [...usable, ...unusable].map(({ coupon: c, usable: isUsable, reason }) => ({
      id: c.id,
      name: c.name,
      descrip: c.descrip,
      value: money(c.amountCents),
      minimum: c.useLimitAmountCents > 0 ? money(c.useLimitAmountCents) : null,
      expires: formatUnixSeconds(c.expireTime, timeZone),
      expiresSoon: couponExpiresSoon(c.expireTime, now),
      usable: isUsable,
      reason,
      /** The price from which no coupon applies, for the "price_ceiling" reason. */
      ceiling: money(COUPON_PRICE_CEILING_CENTS),
      selected: c.id === coupon?.id,
      href: isUsable ? back(String(c.id)) : null,
    })),
    noCouponHref: back("none"),
    noCouponSelected: selected !== null && coupon === null,
    packages: offered.map((p) =>
      packageOption(p, intl, { selected: p.id === selected?.id, href: withParams(url.pathname, { package: String(p.id) }), strikeAbove: p.salePrice }),
    ),
    coupon: !selected
      ? null
      : {
          ...(coupon
            ? { state: "applied" as const, name: coupon.name, discount: money(coupon.amountCents), expiresSoon: couponExpiresSoon(coupon.expireTime, now) }
            : { state: couponParam === "none" ? ("not_used" as const) : ("none_usable" as const) }),
          selectorHref: couponsHref(changedSelection(url, { from: service.purchaseScreen, package: String(selected.id), coupon: couponParam ?? "auto" })),
        },
    checkout: selected
      ? {
          packageId: selected.id,
          serviceId: selected.serviceId,
          /** The coupon the buyer confirms with (its id, or "none") and the amount they were shown: a confirm posts both. */
          appliedCoupon: coupon ? String(coupon.id) : "none",
          payAmount: payable / 100,
          currencyCode: selected.currencyCode,
          total: money(payable),
          /** Product-rules §2 screen 9 sub-amount: the price before the coupon, when one applies. */
          subTotal: coupon ? money(priceCents) : null,
          methods: checkoutMethods(req, launch.countryCode, packages),
          sheetHref: withParams(url.pathname, { pay: "1" }),
        }
      : null,
  };
}

/** A purchase screen's offer: its calls, then its view. */
export async function loadOffer(req: RequestContext, request: OfferRequest) {
  return offerView(req, request, await fetchOffer(req, request));
}

export type Offer = ReturnType<typeof offerView>;

/** The screen's selection with `params` applied; the payment chooser stays closed. */
const changedSelection = (url: URL, params: Record<string, string>) => changedQuery(url, params, ["pay"]);
