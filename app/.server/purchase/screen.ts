import type { RouterContextProvider } from "react-router";
import { currencyForCountry } from "#domain/money.ts";
import type { SoldServiceType } from "#domain/services.ts";
import { SERVICES, type LaunchNeed } from "#app/catalogue/screens.ts";
import { changedQuery } from "#app/catalogue/links.ts";
import { launchAppFamily, policyHref } from "../policies.ts";
import { requestOf, type RequestContext } from "../request-context.ts";
import { screenUrl } from "../screen-url.ts";
import type { LaunchState, Tokens } from "../session/state.ts";
import { confirmPurchase } from "./confirm.ts";
import { loadOffer, type Purchase } from "./offer.ts";
import { loadPlan, withPlan, type OfferWithPlan } from "./plan.ts";
import { providerClients } from "./providers.ts";
import type { PolicyLinks } from "#app/components/purchase/service-header.tsx";

type RouteArgs = { context: Readonly<RouterContextProvider>; request: Request };

/** What differs between the purchase screens: the service, what the launch must carry, and the screen's own calls. */
export interface PurchaseScreenDefinition<Own> {
  serviceType: SoldServiceType;
  /** What this request's launch must carry (VIP card receive mode needs the card); the catalogue's need otherwise. */
  launchNeed?: (url: URL) => LaunchNeed;
  /** Only this service's packages (a storage tab, the received card's service). */
  onlyServiceId?: (url: URL, launch: LaunchState) => number | null;
  /** The screen's own calls and view, run beside the offer. */
  load: (page: PurchasePage) => Promise<Own>;
}

/** Names a purchase screen; the type of its own view flows into the loader's. */
export const definePurchaseScreen = <Own>(definition: PurchaseScreenDefinition<Own>) => definition;

export interface PurchasePage {
  req: RequestContext;
  launch: LaunchState;
  tokens: Tokens;
  url: URL;
  /** The offer with the plan, under way: a screen that needs it (VIP's savings in its currency) awaits it. */
  offer: Promise<OfferWithPlan>;
}

function purchaseOf<Own>(definition: PurchaseScreenDefinition<Own>, { context, request }: RouteArgs) {
  const req = requestOf(context);
  const url = screenUrl(request);
  const { launch, tokens } = req.requireLaunch(definition.launchNeed?.(url) ?? SERVICES[definition.serviceType].launch);
  const purchase: Purchase = { serviceType: definition.serviceType, onlyServiceId: definition.onlyServiceId?.(url, launch) ?? null };
  return { req, url, launch, tokens, purchase };
}

/**
 * A purchase screen's loader: its own calls beside the offer and the plan (one round trip), then the
 * title, the privacy link, the offer, the payment bar's settings and the screen's own view.
 */
export async function loadPurchaseScreen<Own>(definition: PurchaseScreenDefinition<Own>, args: RouteArgs) {
  const { req, url, launch, tokens, purchase } = purchaseOf(definition, args);
  const request = { ...purchase, launch, url };
  const offer = Promise.all([loadOffer(req, request), loadPlan(req, request)]).then(([offer, plan]) => withPlan(offer, plan));
  const [own, withSelector] = await Promise.all([definition.load({ req, launch, tokens, url, offer }), offer]);
  // The coupon selector's lists are its own screen's (coupons-select.tsx): the purchase screen shows the coupon chosen.
  const { couponChoices: _selector, couponsError: _selectorError, noCouponHref: _selectorNone, noCouponSelected: _selectorNoneChosen, ...offered } = withSelector;
  return {
    title: req.t(SERVICES[definition.serviceType].titleKey),
    policies: policyLinks(req, launch),
    ...offered,
    closeHref: `${url.pathname}?${changedQuery(url, {}, ["pay"])}`,
    providers: providerClients(req.env, req.locale, currencyForCountry(launch.countryCode)),
    ...own,
  };
}

/** The privacy policy, and before paying the refund policy and support (issue 31 item 11), of the launch's brand. */
function policyLinks(req: RequestContext, launch: LaunchState): PolicyLinks {
  const brand = req.brand(launch);
  return { privacyHref: policyHref("privacy", req.locale, launchAppFamily(req.env, launch)), refundPolicyHref: brand.refundPolicyHref, supportHref: brand.support?.href ?? null };
}

/** A purchase screen's confirm action, for the same purchase the loader showed. */
export function confirmPurchaseScreen<Own>(definition: PurchaseScreenDefinition<Own>, args: RouteArgs) {
  const { req, launch, purchase } = purchaseOf(definition, args);
  return confirmPurchase(req, args.request, launch, purchase);
}
