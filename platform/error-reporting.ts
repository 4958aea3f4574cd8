/**
 * Error reports to Sentry from both Workers (`@sentry/cloudflare`'s withSentry around fetch, queue and scheduled),
 * off unless the Worker's SENTRY_DSN is set. What leaves the Worker is scrubbed first (docs/decisions/055): no
 * cookie, header value but a few harmless ones, query string (launch payloads travel there), request body, user,
 * token, secret, card number or e-mail address. Each report carries the request's trace id as the tag `trace`
 * (set by observability.ts's withTrace), the reference the buyer reads on the error page.
 */
import { captureException, withSentry, type CloudflareOptions } from "@sentry/cloudflare";
import { describeError, log } from "./observability.ts";

type SentryEvent = Parameters<NonNullable<CloudflareOptions["beforeSend"]>>[0];

/** Header names whose values say nothing about the buyer or their credentials. */
const HARMLESS_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "traceparent", "sec-fetch-site", "sec-fetch-mode"]);
/** Env names whose values are secrets, scrubbed wherever they appear. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|PRIVATE|DSN/i;
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

/** The event as it may leave the Worker. */
export function scrubEvent(event: SentryEvent, secrets: readonly string[]): SentryEvent {
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
  return scrubStrings(event, secrets) as SentryEvent;
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

/** Every configured secret value of a Worker's env (long enough to be one). */
const secretsOf = (env: object): string[] =>
  Object.entries(env).flatMap(([name, value]) => (SECRET_NAME.test(name) && typeof value === "string" && value.length >= 8 ? [value] : []));

interface ReportingEnv {
  SENTRY_DSN?: string;
  ENVIRONMENT?: string;
}

/**
 * A Worker's handlers, wrapped by withSentry only where its SENTRY_DSN is set. Unset, the plain handlers run:
 * withSentry would otherwise still proxy every binding (D1, queues, service bindings) on every request.
 */
export function withErrorReporting<Handler extends object>(worker: string, handler: Handler): Handler {
  type Plain = ExportedHandler<ReportingEnv, unknown>;
  const plain = handler as unknown as Plain;
  // withSentry instruments the object it is given in place: a copy keeps `plain` plain.
  const reported = withSentry((env: ReportingEnv) => errorReportingOptions(worker, env), { ...plain });
  const pick = (env: ReportingEnv) => (env.SENTRY_DSN ? reported : plain);
  const chosen: Plain = {
    ...(plain.fetch && { fetch: (request, env, ctx) => pick(env).fetch!(request, env, ctx) }),
    ...(plain.scheduled && { scheduled: (controller, env, ctx) => pick(env).scheduled!(controller, env, ctx) }),
    ...(plain.queue && { queue: (batch, env, ctx) => pick(env).queue!(batch, env, ctx) }),
  };
  return chosen as unknown as Handler;
}

/** withSentry's options for a Worker: undefined (off) without SENTRY_DSN. */
export function errorReportingOptions(worker: string, env: ReportingEnv): CloudflareOptions | undefined {
  if (!env.SENTRY_DSN) return undefined;
  const secrets = secretsOf(env);
  return {
    dsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT,
    // Errors only: traces are Workers' own (observability.traces), and a sampled span per request costs CPU.
    tracesSampleRate: 0,
    initialScope: { tags: { worker } },
    beforeSend: (event) => scrubEvent(event, secrets),
  };
}

/**
 * A page's unexpected error (React's render, or a loader's or action's, which React Router turns into the error page
 * so that the Worker's wrapper never sees it): one log line with the request's trace, and a report where a DSN is set.
 */
export function reportPageError(event: "render.error" | "route.error", error: unknown, fields: Record<string, unknown> = {}): void {
  log("error", event, { ...fields, error: describeError(error), stack: error instanceof Error ? error.stack : undefined });
  captureException(error);
}
