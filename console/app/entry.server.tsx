import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { reportPageError } from "#platform/error-reporting.ts";
import { contentSecurityPolicy } from "./.server/security.ts";
import { nonceContext } from "./context.ts";
import { NonceContext } from "./nonce.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  let status = responseStatusCode;
  const nonce = loadContext.get(nonceContext);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        status = 500;
        reportPageError("render.error", error);
      },
    },
  );
  // Console pages render from loader data: the whole document is sent, so that it works without JavaScript.
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(body, { headers: responseHeaders, status });
}

/** A loader's or action's unexpected error, logged and reported with the request's trace. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  reportPageError("route.error", error, { route: new URL(request.url).pathname });
};
