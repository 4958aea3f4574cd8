import { redirect } from "react-router";
import { fetchSite } from "remix-utils/sec-fetch";
import { isCrossOriginWrite, setBaseSecurityHeaders } from "#platform/web-security.ts";
import type { SubViewProvider } from "#domain/payment-methods.ts";
import type { StorefrontEnv } from "./env.ts";
import { thirdPartyClientMethods } from "./purchase/providers.ts";

/** The hosts a provider's browser client loads from, as its CSP guide lists them, per CSP directive. */
interface CspHosts {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
}

/**
 * Each provider whose browser client opens in a sub-view, by the hosts it loads from. Here and not in the payment
 * methods' table, which the browser loads and which has no use for them (docs/decisions/065-a); a method with a
 * new sub-view's provider fails the typecheck until its hosts are here.
 */
const CLIENT_HOSTS: Record<SubViewProvider, CspHosts> = {
  stripe: {
    script: ["https://js.stripe.com", "https://*.js.stripe.com"],
    frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://checkout.stripe.com"],
    connect: ["https://api.stripe.com", "https://checkout.stripe.com"],
    img: ["https://*.stripe.com"],
  },
  paypal: {
    script: ["https://*.paypal.com", "https://*.paypalobjects.com"],
    frame: ["https://*.paypal.com"],
    connect: ["https://*.paypal.com"],
    img: ["https://*.paypal.com", "https://*.paypalobjects.com"],
  },
};

/**
 * The Content-Security-Policy of every page the storefront renders: its own scripts plus the one
 * carrying this response's nonce, and a payment client's hosts (`CLIENT_HOSTS`) only when the
 * real client is configured: the sandbox's scripts are on this origin. Forms may post to https only (the
 * Alipay cashier posts to Alipay's gateway).
 */
export function contentSecurityPolicy(env: StorefrontEnv, nonce: string): string {
  const clients = thirdPartyClientMethods(env).flatMap((method) => (method.subView === null ? [] : [CLIENT_HOSTS[method.provider]]));
  const hosts = (kind: keyof CspHosts) => clients.flatMap((csp) => csp[kind]);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, ...hosts("script")],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...hosts("img")],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...hosts("connect"), ...browserErrorReportingOrigin(env)],
    ["frame-src", "'self'", ...hosts("frame")],
    ["form-action", "'self'", "https:"],
    ["frame-ancestors", "'self'", ...(env.FRAME_ANCESTORS ?? "").split(/\s+/).filter(Boolean)],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The browser sends error reports to its DSN's host (app/browser-error-reporting.ts); env.ts refuses a DSN that is not a URL. */
const browserErrorReportingOrigin = (env: StorefrontEnv): string[] => (env.SENTRY_BROWSER_DSN ? [new URL(env.SENTRY_BROWSER_DSN).origin] : []);

export { newNonce } from "#platform/web-security.ts";

/** Paths that other sites post to by design: payment providers' notifications (not cookie-authenticated). */
const CROSS_SITE_POSTS = [/^\/v1\/pay\/notify\//];

/**
 * Cross-site request forgery: a state-changing request must come from a page of this origin (platform/web-security.ts),
 * except the providers' notifications. Not remix-utils' CSRF middleware: it lets same-site posts through.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (CROSS_SITE_POSTS.some((path) => path.test(new URL(request.url).pathname))) return false;
  return isCrossOriginWrite(request);
}

/**
 * A question sheet that another site's link opens (refund this package, cancel this order) leaves one tap
 * between the buyer and an act they did not start here: such a navigation lands with the question closed.
 */
export function closeQuestionsOpenedByOtherSites(request: Request, url: URL, questions: readonly string[]): void {
  if (fetchSite(request) !== "cross-site" || !questions.some((name) => url.searchParams.has(name))) return;
  const kept = new URLSearchParams(url.searchParams);
  for (const name of questions) kept.delete(name);
  throw redirect(kept.size ? `${url.pathname}?${kept}` : url.pathname);
}

/** Personal pages and every answer to a signed-in buyer are never stored; hashed assets are (public/_headers). */
const PERSONAL = /^\/(app-h5|sandbox)(\/|$)/;

/** Headers on every response of the storefront Worker. */
export function withSecurityHeaders(response: Response, request: Request): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  setBaseSecurityHeaders(headers);
  const url = new URL(request.url);
  if (PERSONAL.test(url.pathname) || url.pathname.endsWith(".data") || request.method !== "GET") headers.set("Cache-Control", "no-store");
  return secured;
}
