import type { MiddlewareFunction } from "react-router";

/** Browsers may keep a public page this long. */
const BROWSER_MAX_AGE_S = 300;

/**
 * Public pages read the same for every visitor who sends the same Accept-Language (and the other request
 * headers a page names), so a browser may keep its copy for five minutes. Only the browser: each response
 * carries its own CSP nonce, and the storefront has no cache in front of it (docs/decisions/063), so an
 * edge lifetime (`s-maxage`) would be a promise nothing keeps. A visitor with a cookie (a session, whose
 * launch chose the language) revalidates every time.
 */
export function publicPageCache(...alsoVaryOn: string[]): MiddlewareFunction<Response> {
  return async ({ request }, next) => {
    const response = await next();
    if (request.method !== "GET" || response.status !== 200) return response;
    response.headers.set("Vary", ["Accept-Language", "Cookie", ...alsoVaryOn].join(", "));
    response.headers.set("Cache-Control", request.headers.has("Cookie") ? "private, no-cache" : `private, max-age=${BROWSER_MAX_AGE_S}`);
    return response;
  };
}
