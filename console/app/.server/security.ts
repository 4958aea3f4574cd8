import { setBaseSecurityHeaders } from "#platform/web-security.ts";

/**
 * The console's Content-Security-Policy: its own scripts and the one inline script carrying this response's
 * nonce, nothing from another origin, forms posting to itself only, and never framed.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers on every response of the console: nothing of an operator's is stored by a browser or a cache, nothing frames it. */
export function withConsoleHeaders(response: Response): Response {
  const secured = new Response(response.body, response);
  setBaseSecurityHeaders(secured.headers);
  secured.headers.set("X-Frame-Options", "DENY");
  // Hashed assets come from the assets binding with their own caching; everything the Worker answers is personal.
  secured.headers.set("Cache-Control", "no-store");
  return secured;
}
