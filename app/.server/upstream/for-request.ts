import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { NO_LOGIN_PATHS } from "#app/catalogue/screens.ts";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import { getI18n, getLocale } from "../i18n.ts";
import { bookmarkContext, carryBookmark } from "../storage/d1-bookmark.ts";
import { createUpstreamClient, SignedOut } from "./client.ts";
import type { Endpoint } from "./endpoints.ts";
import { UpstreamUnavailable } from "./envelope.ts";
import { batchesWith, withFaults } from "./faults.ts";
import { refusalMessage } from "./refusal-message.ts";
import { transportFor } from "./transport.ts";
import { currentTrace, log } from "#platform/observability.ts";

export const NO_TOKEN_PATH = NO_LOGIN_PATHS.signedOut;

/** The one place where a signed-out buyer is sent to sign in again (the no-login screen). */
export async function redirectWhenSignedOut<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof SignedOut) throw redirect(NO_TOKEN_PATH);
    throw error;
  }
}

/**
 * The upstream client of one request: signed with the Worker's secrets, routed by the region table,
 * tokens read from and refreshed into the session. An upstream that is unreachable or too slow becomes
 * a 503, one that answers an error page or anything but the contract a 502; the route's error boundary
 * explains either, with a way to try again. A signed-out buyer is redirected to no-login.
 */
export function upstreamFor(context: Readonly<RouterContextProvider>, request: Request) {
  const { env } = context.get(cloudflareContext);
  const session = context.get(sessionContext);
  const countryCode = session.get("launch")?.countryCode ?? "CN";
  const upstream = transportFor(env, new URL(request.url).hostname, countryCode);
  const client = createUpstreamClient({
    transport: carryBookmark(context.get(bookmarkContext), withFaults(env, request, upstream.transport)),
    batch: batchesWith(env, request, upstream.batch),
    appId: env.APP_ID,
    appSecret: env.APP_SECRET,
    countryCode,
    language: getLocale(context),
    timeoutMs: Number(env.UPSTREAM_TIMEOUT_MS) > 0 ? Number(env.UPSTREAM_TIMEOUT_MS) : 30_000,
    buyerIp: request.headers.get("CF-Connecting-IP"),
    refusalMessage: (refusal) => refusalMessage((key) => getI18n(context).t(key), refusal),
    tokens: {
      get: () => session.get("tokens"),
      set: (tokens) => session.set("tokens", tokens),
      clear: () => session.unset("tokens"),
    },
  });
  return {
    async call<I extends z.ZodType, S extends z.ZodType>(endpoint: Endpoint<I, S>, payload: z.input<I>) {
      try {
        const result = await redirectWhenSignedOut(client.call(endpoint, payload));
        if (!result.ok) log("info", "upstream.refused", { path: endpoint.path, status: result.status, reason: result.reason ?? null, detail: result.detail });
        return result;
      } catch (error) {
        if (error instanceof UpstreamUnavailable) {
          log("error", "upstream.unavailable", { path: endpoint.path, reason: error.reason, error: error.message });
          throw data({ reason: error.reason, reference: currentTrace()?.traceId }, { status: error.reason === "garbage" ? 502 : 503 });
        }
        throw error;
      }
    },
  };
}
