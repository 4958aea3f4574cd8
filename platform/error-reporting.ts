/**
 * Error reports to Sentry from both Workers (`@sentry/cloudflare`'s withSentry around fetch, queue and scheduled),
 * off unless the Worker's SENTRY_DSN is set. What leaves the Worker is scrubbed first (docs/decisions/055): no
 * cookie, header value but a few harmless ones, query string (launch payloads travel there), request body, user,
 * token, secret, card number or e-mail address. Each report carries the request's trace id as the tag `trace`
 * (set by observability.ts's withTrace), the reference the buyer reads on the error page.
 */
import { captureException, withSentry, type CloudflareOptions } from "@sentry/cloudflare";
import { scrubEvent } from "./error-scrubbing.ts";
import { describeError, log } from "./observability.ts";

/** Env names whose values are secrets, scrubbed wherever they appear. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|PRIVATE|DSN/i;

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
