import { Hono, type Context } from "hono";
import type { CloudApiEnv } from "#api/env.ts";
import { Status } from "#contract/codes.ts";
import { failure } from "#api/http/envelope.ts";
import renderer from "#api-vendor/api-reference.ts";

/** Where the document and its reader are served; the reader's script is served beside its page. */
export const API_DOCS_PATHS = { page: "/v1/docs", script: "/v1/docs/reference.js", document: "/v1/openapi.json" } as const;

/** The reader's settings: nothing loaded from another host (fonts, proxy, telemetry), the document from this origin. */
const readerSettings = {
  url: API_DOCS_PATHS.document,
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: "",
  hideClientButton: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
};

/**
 * What the page may do: run the reader's script from this origin, style itself inline (its Vue components
 * add style elements and attributes that no nonce or hash can name ahead), show data: images, and fetch
 * only this origin (the document and "Try it" calls). Nothing may frame it, and it posts no form.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join("; ");

function page(): string {
  const settings = JSON.stringify(readerSettings).replaceAll("&", "&amp;").replaceAll("'", "&#39;");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CamCloud cloud-api</title>
</head>
<body>
<div id="api-reference" data-url="${API_DOCS_PATHS.document}" data-configuration='${settings}'></div>
<script src="${API_DOCS_PATHS.script}"></script>
</body>
</html>
`;
}

/** docs/configuration.md API_DOCS: "on" serves the reader; unset or anything else answers 404, as production does by default. */
export const apiDocsEnabled = (env: Pick<CloudApiEnv, "API_DOCS">) => env.API_DOCS === "on";

const notServed = (c: Context) => failure(c, Status.notFound, "the API reference is not served here");

/** The OpenAPI document's reader (Scalar's standalone bundle, served from the installed package, no CDN). */
export function apiDocsRoutes() {
  const routes = new Hono<{ Bindings: CloudApiEnv }>();
  routes.get(API_DOCS_PATHS.page, (c) => {
    if (!apiDocsEnabled(c.env)) return notServed(c);
    c.header("Content-Security-Policy", PAGE_POLICY);
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(page());
  });
  routes.get(API_DOCS_PATHS.script, (c) => {
    if (!apiDocsEnabled(c.env)) return notServed(c);
    c.header("Cache-Control", "public, max-age=3600");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(renderer, 200, { "content-type": "application/javascript; charset=utf-8" });
  });
  return routes;
}
