import { Status } from "#contract/codes.ts";
import type { StorefrontEnv } from "../env.ts";
import { refreshToken } from "./endpoints.ts";
import type { Transport } from "./transport.ts";

/** The cookie that picks a browser's fault, and the faults it may name. */
export const FAULT_COOKIE = "camcloud-fault";
const FAULTS = ["slow", "500", "garbage", "token"] as const;
export type Fault = (typeof FAULTS)[number];

/** What a request's fault cookie says, if it has one. */
function faultCookieOf(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === FAULT_COOKIE) return value ?? null;
  }
  return null;
}

/** The fault a request's cookie names, if any. */
export function faultOf(request: Request): Fault | null {
  const value = faultCookieOf(request);
  return FAULTS.find((fault) => fault === value) ?? null;
}

/**
 * Whether this request's upstream takes batches (docs/decisions/061): as the region table says, except for a
 * browser whose fault cookie says "no-batch" where the switch is on, so that the journeys see the same screens
 * fanned out as a brand's upstream without the batch gets them.
 */
export function batchesWith(env: StorefrontEnv, request: Request, batch: boolean): boolean {
  return batch && !(env.UPSTREAM_FAULTS === "cookie" && faultCookieOf(request) === "no-batch");
}

/** Never answers: the call ends when the client's timeout aborts it. */
function hang(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    if (!signal) return reject(new Error("a slow fault needs the call's abort signal"));
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

const envelope = (status: number, msg: string) => Response.json({ status, msg, data: null });

function faulty(fault: Fault): Transport {
  switch (fault) {
    case "slow":
      return (_path, init) => hang(init.signal);
    case "500":
      return async () => new Response("Internal Server Error", { status: 500, headers: { "content-type": "text/plain" } });
    case "garbage":
      // A proxy's error page, as a misrouted region would send: HTTP 200, but no envelope.
      return async () => new Response("<!doctype html><title>Welcome</title><h1>It works!</h1>", { headers: { "content-type": "text/html" } });
    case "token":
      return async (path) =>
        path.split("?")[0] === refreshToken.path ? envelope(Status.tokenInvalid, "refresh token invalid") : envelope(Status.tokenExpired, "access token expired");
  }
}

/**
 * A broken upstream on demand, for the end-to-end fault journeys (docs/decisions/015). Only when the
 * storefront's `UPSTREAM_FAULTS` variable is "cookie", which only scripts/serve-e2e.ts sets, does a
 * browser that sends the fault cookie get a faulty transport; every other request, and every request
 * where the variable is unset (any real deployment), gets the real transport untouched.
 */
export function withFaults(env: StorefrontEnv, request: Request, transport: Transport): Transport {
  if (env.UPSTREAM_FAULTS !== "cookie") return transport;
  const fault = faultOf(request);
  return fault ? faulty(fault) : transport;
}
