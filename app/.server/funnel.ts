import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import { recordFunnel, type FunnelPoint } from "#platform/funnel.ts";
import { getLocale } from "./i18n.ts";

/** A step of the purchase funnel (platform/funnel.ts), in this request's setting: its screen, the buyer's region and language. */
export type FunnelStepOf = Omit<FunnelPoint, "screen" | "region" | "language">;

/** The screen's route path under /app-h5/ (no query, which may hold a launch payload). */
const screenOf = (request: Request) => new URL(request.url).pathname.replace(/^\/app-h5\//, "").replace(/\.data$/, "");

export function recordStep(context: Readonly<RouterContextProvider>, request: Request, point: FunnelStepOf): void {
  const { env, ctx } = context.get(cloudflareContext);
  const region = context.get(sessionContext).get("launch")?.countryCode ?? null;
  recordFunnel(env, { ...point, screen: screenOf(request), region, language: getLocale(context) }, ctx);
}

/** Every app screen a buyer sees (a document or a client-side navigation that answered 200) is a funnel step. */
export const screenViewMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (request.method === "GET" && response.status === 200) recordStep(context, request, { step: "screen" });
  return response;
};
