import type { Context } from "hono";
import type { RefusalReason } from "#domain/refusals.ts";

/** Business status codes of DESIGN.md §2. */
export const Status = {
  ok: 200,
  invalidParams: 400,
  badSignature: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
  internal: 500,
  tokenExpired: 1009,
  tokenInvalid: 1010,
} as const;
export type BusinessStatus = (typeof Status)[keyof typeof Status];

/**
 * A refusal that the client is meant to read: it becomes the envelope's status and msg, and its reason
 * (when the buyer can be told which refusal it is) the envelope's `reason` (docs/decisions/022).
 */
export class ApiError extends Error {
  constructor(
    readonly status: Exclude<BusinessStatus, 200>,
    message: string,
    readonly reason?: RefusalReason,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The HTTP status mirrors the class of the business status; token errors are 401. */
export function httpStatusOf(status: BusinessStatus): 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500 {
  if (status === Status.tokenExpired || status === Status.tokenInvalid) return 401;
  return status;
}

export function success<T>(c: Context, data: T): Response {
  return c.json({ status: Status.ok, msg: "success", data }, 200);
}

export function failure(c: Context, status: Exclude<BusinessStatus, 200>, msg: string, reason?: RefusalReason): Response {
  return c.json(reason ? { status, msg, data: null, reason } : { status, msg, data: null }, httpStatusOf(status));
}
