import type { ConsoleLocale, MessageKey } from "../i18n.ts";
import { escapeHtml } from "#platform/web-security.ts";
import { translatorFor } from "./locale.ts";
import { withConsoleHeaders } from "./security.ts";

/** Where Cloudflare Access (and the local stand-in) signs a person out of the application. */
export const ACCESS_SIGN_OUT = "/cdn-cgi/access/logout";

/**
 * The pages the console Worker answers before React Router runs (refused access, not an operator, misconfigured):
 * a title, a sentence and a link in the operator's language, and nothing of the console behind them.
 */
export function refusalPage(options: {
  status: number;
  locale: ConsoleLocale;
  title: MessageKey;
  body: MessageKey;
  values?: Record<string, string>;
  link?: { href: string; label: MessageKey };
}): Response {
  const t = translatorFor(options.locale);
  const nonce = crypto.randomUUID();
  const html = `<!doctype html>
<html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(t(options.title))} · ${escapeHtml(t("shell.title"))}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.5rem;color:#1c1d21;background:#f6f7f9}
h1{font-size:1.5rem}a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}
@media (prefers-color-scheme:dark){body{color:#e8e9ed;background:#121317}a{background:#3b82f6;color:#0b0c0f}}</style></head>
<body><main><h1>${escapeHtml(t(options.title))}</h1><p>${escapeHtml(t(options.body, options.values))}</p>
${options.link ? `<p><a href="${escapeHtml(options.link.href)}">${escapeHtml(t(options.link.label))}</a></p>` : ""}</main></body></html>`;
  // Nothing but its own stylesheet: no script, no form, no frame.
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const response = new Response(html, { status: options.status, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp } });
  return withConsoleHeaders(response);
}
