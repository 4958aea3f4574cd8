import type { RouterContextProvider } from "react-router";
import type { Language } from "../../../domain/languages.ts";
import { currencyForCountry } from "../../../domain/money.ts";
import { cloudflareContext } from "../../context.ts";
import { getLocale } from "../i18n.ts";
import type { LaunchState } from "../session/state.ts";
import { upstreamFor } from "../upstream/for-request.ts";
import { loadOffer, type PurchaseScreen } from "./offer.ts";
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
  const api = upstreamFor(context, request);
  const url = screenUrl(request);
  const closeParams = new URLSearchParams(url.searchParams);
  closeParams.delete("pay");
  return {
    api,
    locale,
    url,
    offer: loadOffer({ api, launch, locale, url, clientMethods: clientReadyMethods(env), ...purchase }),
    payment: {
      payOpen: url.searchParams.get("pay") === "1",
      closeHref: `${url.pathname}?${closeParams}`,
      providers: providerClients(env, locale, currencyForCountry(launch.countryCode)),
    },
  };
}
