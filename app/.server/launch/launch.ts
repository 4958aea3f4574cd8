import { createSession, redirect, type MiddlewareFunction } from "react-router";
import { withQuery } from "#app/catalogue/links.ts";
import { LAUNCH_FROM_OTHER_SITE, NO_LOGIN_PATHS } from "#app/catalogue/screens.ts";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import {
  DEFAULT_LAUNCH_STATE,
  setAppPackageName,
  setCodeId,
  setCountryCode,
  setDeviceId,
  setDeviceName,
  setDeviceType,
  setIccId,
  setLanguage,
  setSignature,
  type LaunchState,
} from "../session/state.ts";
import type { SessionData, SessionFlash } from "../session/storage.ts";
import { decodeLaunchPayload, LaunchError, type LaunchPayload } from "./payload.ts";
import { log } from "#platform/observability.ts";
import { recordStep } from "../funnel.ts";

export function launchStateFrom(payload: LaunchPayload, query: URLSearchParams): LaunchState {
  let state = DEFAULT_LAUNCH_STATE;
  state = setDeviceId(state, payload.deviceId);
  state = setDeviceName(state, payload.deviceName);
  state = setDeviceType(state, payload.deviceType);
  state = setIccId(state, payload.iccId);
  state = setCodeId(state, payload.codeId);
  state = setAppPackageName(state, payload.app_package_name);
  state = setSignature(state, payload.signature);
  // Plain query values override the payload (docs/contract.md).
  state = setCountryCode(setCountryCode(state, payload.countryCode), query.get("countryCode"));
  state = setLanguage(setLanguage(state, payload.language), query.get("language"));
  return { ...state, serviceId: payload.service_id ?? null, period: payload.period ?? null };
}

/**
 * A launch link (`?params=...`) replaces the session's identity and tokens, then redirects to the same
 * URL without `params`, so that tokens never sit in the address bar, history or a Referer.
 */
export const launchMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const params = url.searchParams.get("params");
  if (params === null) return next();
  // A launch signs in whoever its tokens name, so another website's page must not open one for the buyer (it
  // would sign them into the attacker's account). The companion app's webview and a typed or pasted address
  // send `none`, the store's own pages same-origin or same-site, and webviews too old to say send nothing.
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") throw redirect(withQuery(NO_LOGIN_PATHS.launchIncomplete, { reason: LAUNCH_FROM_OTHER_SITE }));

  const { env } = context.get(cloudflareContext);
  const version = url.searchParams.get("version");
  url.searchParams.delete("params");
  url.searchParams.delete("version");
  let payload: LaunchPayload;
  try {
    payload = await decodeLaunchPayload(params, version, env.LAUNCH_AES_KEY);
  } catch (error) {
    if (!(error instanceof LaunchError)) throw error;
    log("warn", "launch.rejected", { code: error.code });
    // A link that does not decode signs nobody in, and nobody out: any page can link to one.
    throw redirect(withQuery(NO_LOGIN_PATHS.launchIncomplete, { reason: error.code }));
  }
  // A launch without tokens signs nobody in, and so signs nobody out either.
  if (!payload.token && !payload.refreshToken) throw redirect(NO_LOGIN_PATHS.signedOut);
  // Every sign-in starts a new session (a new id; the session middleware deletes the old one).
  const session = createSession<SessionData, SessionFlash>();
  context.set(sessionContext, session);
  session.set("launch", launchStateFrom(payload, url.searchParams));
  session.set("tokens", {
    accessToken: payload.token ?? "",
    refreshToken: payload.refreshToken ?? "",
    tgAccessToken: payload.tgAccessToken ?? "",
  });
  recordStep(context, request, { step: "launch" });
  throw redirect(url.pathname + url.search);
};
