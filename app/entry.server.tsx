import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy } from "./.server/security.ts";
import { cloudflareContext, nonceContext } from "./context.ts";
import { NonceContext } from "./nonce.ts";
import { reportPageError } from "#platform/error-reporting.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let status = responseStatusCode;
  const nonce = loadContext.get(nonceContext);
  const page = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    // The document is rendered whole before it is sent (below), so every Suspense boundary must be written in place: past this
    // many bytes React writes a later boundary out of order, to be moved in by a script, which a browser
    // without JavaScript never runs (docs/decisions/041).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      status = 500;
      reportPageError("render.error", error);
    },
  });
  // Screens render from loader data with no suspense; wait for the whole document so that it works without JS.
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(loadContext.get(cloudflareContext).env, nonce));
  // The page paints from its HTML and stylesheet alone; the modules only hydrate it, so their preloads
  // yield to the stylesheet and to images on a slow link. React Router renders those links without a
  // priority option (docs/decisions/016).
  // The runtime's streaming HTML parser sets it as the document passes (docs/decisions/062): nothing reads the
  // whole document into a string.
  const yieldingPreloads = new HTMLRewriter().on('link[rel="modulepreload"]', {
    element(link) {
      link.setAttribute("fetchpriority", "low");
    },
  });
  return yieldingPreloads.transform(new Response(body, { headers: responseHeaders, status }));
}

/**
 * A loader's or action's unexpected error, logged and reported with the request's trace (an aborted request is the
 * buyer leaving). React Router turns it into the error page, so the Worker's own wrapper never sees it.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  reportPageError("route.error", error, { route: new URL(request.url).pathname });
};
