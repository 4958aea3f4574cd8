/**
 * What an error report may carry, the same for both Workers (platform/error-reporting.ts) and the browser
 * (app/browser-error-reporting.ts): no cookie, header value but a few harmless ones, query string (launch
 * payloads travel there), request body, user, token, secret, card number or e-mail address (docs/decisions/055).
 * No Sentry import: the browser loads this with its error page, not with the SDK.
 */

/** Header names whose values say nothing about the buyer or their credentials. */
const HARMLESS_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "traceparent", "sec-fetch-site", "sec-fetch-mode"]);
const REDACTED = "[scrubbed]";
/** Fields whose value is never sent, wherever they appear (extra data, contexts, breadcrumbs). */
const SENSITIVE_KEY = /^(?:cookie|cookies|authorization|accesstoken|refreshtoken|tgaccesstoken|token|signature|noticestr|params|password|secret|card|cardnumber|email|phone|ip_address)$/i;
/** Values that are sensitive by shape: a launch payload or token in a URL or text, card-like digit runs, e-mail addresses. */
const SENSITIVE_SHAPES: [RegExp, string][] = [
  [/([?&](?:params|token|accessToken|refreshToken|signature|code|sessionId)=)[^&\s"'\\]+/gi, `$1${REDACTED}`],
  [/((?:accessToken|refreshToken|tgAccessToken|token|signature|noticeStr|password|secret)"?\s*[:=]\s*"?)[^"',\s}&]+/gi, `$1${REDACTED}`],
  [/\b(?:\d[ -]?){13,19}\b/g, REDACTED],
  [/[\w.+-]+@[\w-]+\.[\w.-]+/g, REDACTED],
];

const withoutQuery = (url: string) => url.split("?")[0] ?? url;

/** What of an error report (a Sentry event, from the Workers' SDK or the browser's) the scrubbing reads. */
export interface ScrubbableEvent {
  request?: { url?: string; query_string?: unknown; cookies?: unknown; data?: unknown; headers?: Record<string, string> };
  user?: unknown;
  breadcrumbs?: { data?: Record<string, unknown> }[];
}

/** The event as it may leave the Worker or the browser: `secrets` are the values to replace wherever they appear. */
export function scrubEvent<Event extends ScrubbableEvent>(event: Event, secrets: readonly string[]): Event {
  const request = event.request;
  if (request) {
    if (request.url) request.url = withoutQuery(request.url);
    delete request.query_string;
    delete request.cookies;
    delete request.data;
    if (request.headers) request.headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => HARMLESS_HEADERS.has(name.toLowerCase())));
  }
  delete event.user;
  for (const crumb of event.breadcrumbs ?? []) if (typeof crumb.data?.url === "string") crumb.data.url = withoutQuery(crumb.data.url);
  return scrubStrings(event, secrets) as Event;
}

/** Every string inside `value` (keys included) with secrets and sensitive shapes replaced. */
function scrubStrings(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") {
    let text = value;
    for (const secret of secrets) text = text.replaceAll(secret, REDACTED);
    for (const [shape, replacement] of SENSITIVE_SHAPES) text = text.replace(shape, replacement);
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SENSITIVE_KEY.test(key) ? REDACTED : scrubStrings(item, secrets)]));
  }
  return value;
}
