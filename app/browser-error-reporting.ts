/**
 * The browser half of error reporting (docs/decisions/063): an error the buyer's browser hit while rendering,
 * caught by an error boundary, goes to Sentry with the reference the error page shows, scrubbed by the same rules
 * as the Workers' reports (platform/error-scrubbing.ts). Only when the storefront's SENTRY_BROWSER_DSN is set: the
 * error page then imports this module with the SDK, so a page without an error never downloads either.
 */
import { BrowserClient, defaultStackParser, makeFetchTransport, Scope } from "@sentry/browser";
import { scrubEvent } from "#platform/error-scrubbing.ts";

/** Where the browser reports, from the root loader; null when SENTRY_BROWSER_DSN is unset. */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string | null;
}

/**
 * Whether an error boundary's error happened in this browser. An answer the server gave (a route error response)
 * is no Error; an error thrown on the server, which the Worker reported itself, reaches the browser without its
 * stack (React Router gives its copy an empty or no stack in production), while an error thrown here has one.
 */
export function thrownInBrowser(error: unknown): error is Error {
  return error instanceof Error && Boolean(error.stack);
}

/** Sends one error with the page's reference (the tag `trace`, as the Workers' reports carry it). */
export async function reportBrowserError(error: Error, reference: string | null, reporting: BrowserErrorReporting, page: { url: string; userAgent: string }): Promise<void> {
  const client = new BrowserClient({
    dsn: reporting.dsn,
    environment: reporting.environment ?? undefined,
    // No integration: nothing global is patched and no breadcrumb (URLs with launch payloads) is collected.
    integrations: [],
    stackParser: defaultStackParser,
    transport: makeFetchTransport,
    beforeSend: (event) => scrubEvent(event, []),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  scope.setTags({ worker: "browser", ...(reference ? { trace: reference } : {}) });
  scope.addEventProcessor((event) => ({ ...event, request: { url: page.url, headers: { "User-Agent": page.userAgent } } }));
  scope.captureException(error);
  await client.flush(5_000);
}

/** What an error boundary calls (components/error-view.tsx): reports the error when this browser threw it. */
export async function reportIfThrownInBrowser(error: unknown, reference: string | null, reporting: BrowserErrorReporting, page: { url: string; userAgent: string }): Promise<void> {
  if (thrownInBrowser(error)) await reportBrowserError(error, reference, reporting, page);
}
