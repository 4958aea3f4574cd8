import type { MiddlewareFunction } from "react-router";

/** Browsers may keep a public page this long; a shared (edge) cache longer. */
const BROWSER_MAX_AGE_S = 300;
const EDGE_MAX_AGE_S = 3_600;

/**
 * Public pages read the same for every visitor who sends the same Accept-Language (and the other request
 * headers a page names): caches may keep one copy per language. A visitor with a session cookie may see
 * the language of their launch, so their copy stays in their own browser.
 */
export function publicPageCache(...alsoVaryOn: string[]): MiddlewareFunction<Response> {
  return async ({ request }, next) => {
    const response = await next();
    if (request.method !== "GET" || response.status !== 200) return response;
    response.headers.set("Vary", ["Accept-Language", "Cookie", ...alsoVaryOn].join(", "));
    response.headers.set("Cache-Control", request.headers.has("Cookie") ? "private, no-cache" : `public, max-age=${BROWSER_MAX_AGE_S}, s-maxage=${EDGE_MAX_AGE_S}`);
    return response;
  };
}
