import type { RouterContextProvider } from "react-router";
import type { Language } from "#domain/languages.ts";
import { currencyForCountry } from "#domain/money.ts";
import { cloudflareContext } from "#app/context.ts";
import { getI18n, getLocale } from "../i18n.ts";
import type { LaunchState } from "../session/state.ts";
import { upstreamFor } from "../upstream/for-request.ts";
import { loadOffer, type PurchaseScreen } from "./offer.ts";
import { buyerTimeZone } from "../time-zone.ts";
import { loadPlan, withPlan } from "./plan.ts";
import { clientReadyMethods, providerClients } from "./providers.ts";
import { screenUrl } from "../screen-url.ts";

/**
 * What every purchase screen's loader starts from: the upstream client, the offer (started now, so
 * that the screen's own calls run beside it), and the payment bar's settings.
 */
export function startPurchasePage(
  { context, request }: { context: Readonly<RouterContextProvider>; request: Request },
  launch: LaunchState,
  purchase: { serviceType: number; screen: PurchaseScreen; onlyServiceId?: number | null },
) {
  const locale = getLocale(context) as Language;
  const { env } = context.get(cloudflareContext);
  const timeZone = buyerTimeZone(request, launch.countryCode);
  const api = upstreamFor(context, request);
  const url = screenUrl(request);
  const closeParams = new URLSearchParams(url.searchParams);
  closeParams.delete("pay");
  return {
    api,
    locale,
    url,
    // The device's periods and the "if I pay" preview are asked for beside the offer, then joined to it.
    offer: Promise.all([
      loadOffer({ api, launch, locale, url, clientMethods: clientReadyMethods(env), timeZone, ...purchase }),
      loadPlan({ api, launch, locale, t: getI18n(context).t, timeZone, ...purchase }),
    ]).then(([offer, plan]) => withPlan(offer, plan)),
    payment: {
      closeHref: `${url.pathname}?${closeParams}`,
      providers: providerClients(env, locale, currencyForCountry(launch.countryCode)),
    },
  };
}
