/**
 * One request id across both Workers and one JSON log line format (docs/decisions/055). A request's trace is
 * the W3C trace context: the `traceparent` it came with (from the storefront, the companion app or Cloudflare),
 * or a new one. The trace id is what every log line of the request carries, what the storefront passes on to
 * the cloud-api, and the reference the buyer reads on an error page. The trace of the running request is kept
 * in AsyncLocalStorage (the `nodejs_als` compatibility flag), so a log line deep in a service needs no argument.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { getIsolationScope } from "@sentry/cloudflare";

export interface Trace {
  /** 32 lower-case hex digits, shared by every hop of one request. */
  readonly traceId: string;
  /** 16 hex digits naming this Worker's part of it. */
  readonly spanId: string;
  /** The W3C trace flags, kept as they came (01: sampled). */
  readonly flags: string;
  /** Which Worker logs it: "storefront" or "cloud-api". */
  readonly worker: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZEROS = /^0+$/;

function randomHex(bytes: number): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = "";
  for (const byte of random) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The trace of an incoming request: its valid `traceparent` continued with a span of our own, or a new trace. */
export function traceOf(worker: string, traceparent: string | null): Trace {
  const match = TRACEPARENT.exec(traceparent?.trim().toLowerCase() ?? "");
  const spanId = randomHex(8);
  if (match && !ALL_ZEROS.test(match[1]!) && !ALL_ZEROS.test(match[2]!)) return { traceId: match[1]!, spanId, flags: match[3]!, worker };
  return { traceId: randomHex(16), spanId, flags: "01", worker };
}

/** The header a call made within this trace carries: same trace id, this Worker's span as the parent. */
export const traceparentOf = (trace: Trace): string => `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;

const running = new AsyncLocalStorage<Trace>();

/** Runs `work` as part of `trace`: its log lines, upstream calls and error reports (error-reporting.ts) carry the trace id. */
export function withTrace<T>(trace: Trace, work: () => T): T {
  // The invocation's scope, so that an error caught outside `work` (by the Worker's wrapper) is tagged too.
  getIsolationScope().setTag("trace", trace.traceId);
  return running.run(trace, work);
}

export const currentTrace = (): Trace | undefined => running.getStore();

type Level = "info" | "warn" | "error";
const WRITE: Record<Level, (line: string) => void> = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

/** An error as a log field: its message (stacks stay out of the line; Workers Logs keeps the exception). */
export const describeError = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * One JSON line (Workers Logs indexes its fields): the event's name, the running trace's id and Worker, then
 * the fields. Fields never hold a token, a launch payload, a cookie or a secret; order and payment ids are the
 * ones support needs to act on.
 */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const trace = running.getStore();
  WRITE[level](JSON.stringify({ event, level, trace: trace?.traceId, worker: trace?.worker, ...fields }));
}

/** How a response ended, for alerting: refused is the caller's doing (4xx), error ours or the upstream's (5xx). */
export const outcomeOf = (status: number): "ok" | "refused" | "error" => (status >= 500 ? "error" : status >= 400 ? "refused" : "ok");

/** A person must act (docs/operations.md alerts on this event): `kind` says what, `orderId` on which order. */
export function needsAPerson(kind: string, orderId: string, message: string, fields: Record<string, unknown> = {}): void {
  log("error", "needs-a-person", { kind, orderId, message: `NEEDS A PERSON: ${message}`, ...fields });
}

/**
 * Serves one request as part of its trace and logs one line for it: route (the path, never the query, which
 * holds launch payloads), status, milliseconds, the buyer's country (what picks the region) and outcome.
 */
export async function tracedRequest(worker: string, request: Request, serve: () => Promise<Response>): Promise<Response> {
  const trace = traceOf(worker, request.headers.get("traceparent"));
  const started = Date.now();
  const line = { method: request.method, route: new URL(request.url).pathname, region: (request.cf?.country as string | undefined) ?? null };
  return withTrace(trace, async () => {
    try {
      const response = await serve();
      log("info", "request", { ...line, status: response.status, ms: Date.now() - started, outcome: outcomeOf(response.status) });
      return response;
    } catch (error) {
      log("error", "request", { ...line, status: 500, ms: Date.now() - started, outcome: "error", error: describeError(error) });
      throw error;
    }
  });
}
