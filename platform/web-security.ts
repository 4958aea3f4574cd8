/** What both server-rendered Workers (the storefront and the console) do the same way for every page. */

/** A CSP nonce for one response: 128 random bits. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Cross-site request forgery: a state-changing request must come from a page of this origin. Browsers send
 * Origin with every POST; without it, Sec-Fetch-Site must say same-origin (or none: typed by the person).
 * Not a same-site check: every preview on workers.dev is same-site with the others (docs/decisions/020).
 */
export function isCrossOriginWrite(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== "same-origin" && site !== "none";
}

/** The headers every response of a rendering Worker carries. */
export function setBaseSecurityHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Text as HTML text or a quoted attribute value, for the few pages written without React (refusals, local tools). */
export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
