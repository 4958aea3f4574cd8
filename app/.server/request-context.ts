import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Language } from "#domain/languages.ts";
import type { LaunchNeed } from "#app/catalogue/screens.ts";
import { cloudflareContext } from "#app/context.ts";
import { brandOf, type Brand } from "./brand.ts";
import type { StorefrontEnv } from "./env.ts";
import { getI18n, getLocale } from "./i18n.ts";
import { requireLaunch } from "./identity.ts";
import { launchAppFamily } from "./policies.ts";
import type { LaunchState } from "./session/state.ts";
import type { BuyerTimeZone } from "./format.ts";
import { buyerTimeZone } from "./time-zone.ts";
import { upstreamFor } from "./upstream/for-request.ts";
import { recordStep, type FunnelStepOf } from "./funnel.ts";

export type Translate = ReturnType<typeof getI18n>["t"];
export type Upstream = ReturnType<typeof upstreamFor>;

/** What every loader and action of one request reads: built once, by the root middleware. */
export interface RequestContext {
  env: StorefrontEnv;
  locale: Language;
  t: Translate;
  /** The signed-in launch with what the screen needs, or a redirect to the no-login screen. */
  requireLaunch(need: LaunchNeed): ReturnType<typeof requireLaunch>;
  /** The upstream client, made on first use: by then the launch (and its region) is known. */
  readonly upstream: Upstream;
  /** The buyer's time zone: the device's clock, else the launch country's. */
  timeZone(countryCode: string): BuyerTimeZone;
  /** Who sells to the launch's app family and how its buyers reach support (BRAND, decision 051). */
  brand(launch: Pick<LaunchState, "appPackageName">): Brand;
  /** Records a purchase funnel step of this request (never awaited; docs/decisions/055). */
  funnel(point: FunnelStepOf): void;
}

const requestContextKey = createContext<RequestContext>();

/** Runs after the session and language middleware: the context reads both. */
export const requestContextMiddleware: MiddlewareFunction<Response> = ({ context, request }, next) => {
  let upstream: Upstream | null = null;
  const env = context.get(cloudflareContext).env;
  const locale = getLocale(context);
  const { t } = getI18n(context);
  context.set(requestContextKey, {
    env,
    locale,
    t,
    requireLaunch: (need) => requireLaunch(context, need),
    get upstream() {
      upstream ??= upstreamFor(context, request);
      return upstream;
    },
    timeZone: (countryCode) => buyerTimeZone(request, countryCode),
    brand: (launch) => brandOf(env, launchAppFamily(env, launch), locale, t("app.name")),
    funnel: (point) => recordStep(context, request, point),
  });
  return next();
};

export const requestOf = (context: Readonly<RouterContextProvider>): RequestContext => context.get(requestContextKey);
