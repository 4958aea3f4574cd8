import { createRequestHandler, RouterContextProvider } from "react-router";
import { checkSecrets, type StorefrontEnv } from "#app/.server/env.ts";
import { isCrossSiteWrite, newNonce, withSecurityHeaders } from "#app/.server/security.ts";
import { forgetEndedSessions } from "#app/.server/session/storage.ts";
import { bookmarkContext, readBookmark } from "#app/.server/storage/d1-bookmark.ts";
import { cloudflareContext, nonceContext } from "#app/context.ts";
import { withD1Probe } from "#platform/d1-probe.ts";
import { withErrorReporting } from "#platform/error-reporting.ts";
import { log, traceOf, tracedRequest, withTrace } from "#platform/observability.ts";
import * as build from "virtual:react-router/server-build";
import { LOCAL_CLOUD_API_HEADER } from "./local-cloud-api.ts";

// Given a function, React Router imports the build and derives its routes and handlers again on every request:
// that is for development, where an edit replaces the build; a deployed Worker derives them once per isolate.
const handleRequest = import.meta.env.DEV
  ? createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)
  : createRequestHandler(build, import.meta.env.MODE);

export default withErrorReporting("storefront", {
  fetch(request, env, ctx) {
    if (import.meta.env.DEV && request.headers.has(LOCAL_CLOUD_API_HEADER)) return toLocalCloudApi(request, env.CLOUD_API);
    return tracedRequest("storefront", request, () => serve(request, env, ctx));
  },
  /** The cron (wrangler.jsonc): ended sessions are deleted, not only unreadable. */
  async scheduled(_controller, env, _ctx) {
    checkSecrets(env);
    await withTrace(traceOf("storefront", null), async () => {
      const started = Date.now();
      log("info", "cron.sweep", { sessionsForgotten: await forgetEndedSessions(env, Math.floor(Date.now() / 1000)), ms: Date.now() - started });
    });
  },
} satisfies ExportedHandler<StorefrontEnv>);

/** `npm run dev`: a request to the cloud-api's port, passed on to the auxiliary Worker as the companion app sent it. */
function toLocalCloudApi(request: Request, cloudApi: Fetcher): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(LOCAL_CLOUD_API_HEADER);
  return cloudApi.fetch(new Request(request, { headers }));
}

/** One storefront request: the secrets checked, cross-site writes refused, the page rendered with its context. */
async function serve(request: Request, env: StorefrontEnv, ctx: ExecutionContext): Promise<Response> {
  checkSecrets(env);
  if (isCrossSiteWrite(request)) {
    return withSecurityHeaders(new Response("Cross-site request refused", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } }), request);
  }
  return withD1Probe(env, { d1: ["SESSIONS_DB"], services: ["CLOUD_API"] }, async (probed) => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env: probed, ctx });
    context.set(nonceContext, newNonce());
    const bookmark = await readBookmark(probed, request);
    context.set(bookmarkContext, bookmark);
    const response = withSecurityHeaders(await handleRequest(request, context), request);
    const setCookie = await bookmark.setCookie();
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  });
}
