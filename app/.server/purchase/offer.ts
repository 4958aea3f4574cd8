import { COUPON_PRICE_CEILING_CENTS, partitionCoupons, parseCouponSelection, payableCents, selectCoupon, type CouponTerms } from "#domain/coupons.ts";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { visiblePackages } from "#domain/packages.ts";
import { couponExpiresSoon } from "#domain/service-periods.ts";
import { paymentTypesFor } from "#domain/payment-methods.ts";
import { ServiceType } from "#domain/services.ts";
import { changedQuery, couponsHref } from "#app/catalogue/links.ts";
import { SERVICES, type SoldServiceType } from "#app/catalogue/screens.ts";
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

/**
 * What a purchase screen sells and what the buyer has chosen: packages (product-rules §5 visibility), the
 * selected one, the coupon per the selection mode, and the payable total. Both upstream calls run
 * in parallel, beside the screen's own.
 */
export async function loadOffer(req: RequestContext, request: OfferRequest) {
  const { launch, url, serviceType } = request;
  const { upstream: api, locale } = req;
  const timeZone = req.timeZone(launch.countryCode);
  const clientMethods = clientReadyMethods(req.env);
  const scope = { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: serviceType };
  const [packages, coupons] = await Promise.all([
    api.call(packageList, request.onlyServiceId ? { ...scope, serviceId: request.onlyServiceId } : scope),
    api.call(userCoupons, { type: serviceType, countryCode: launch.countryCode, language: locale }),
  ]);
  const intl = intlLocale(locale);
  const offered = packages.ok ? visiblePackages(packages.data.packageList, { serviceType, receiveServiceId: request.onlyServiceId ?? null }) : [];
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

  const service = SERVICES[serviceType];
  const { usable, unusable } = partitionCoupons(terms, priceCents);
  const now = Date.now() / 1000;
  // Product-rules §2: the AI screen is also told which tab to show when it gets the coupon back.
  const back = (coupon: string) => withParams(service.buy, { coupon, ...(serviceType === ServiceType.ai ? { selectedId: "1" } : {}) });

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
          coupon: coupon ? { id: coupon.id, code: coupon.couponCode } : null,
          couponParam: couponParam ?? "auto",
          payAmount: payable / 100,
          currencyCode: selected.currencyCode,
          total: money(payable),
          /** Product-rules §2 screen 9 sub-amount: the price before the coupon, when one applies. */
          subTotal: coupon ? money(priceCents) : null,
          // The region's methods (product-rules §6) that the upstream takes money with and this storefront can start.
          methods: paymentTypesFor(launch.countryCode).filter(
            (method) => (packages.ok ? (packages.data.payMethods ?? [method]) : []).includes(method) && clientMethods.includes(method),
          ),
          sheetHref: withParams(url.pathname, { pay: "1" }),
        }
      : null,
  };
}

export type Offer = Awaited<ReturnType<typeof loadOffer>>;

/** The screen's selection with `params` applied; the payment chooser stays closed. */
const changedSelection = (url: URL, params: Record<string, string>) => changedQuery(url, params, ["pay"]);
