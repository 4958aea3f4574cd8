import type { Context } from "hono";
import { httpStatusOf, Status, type BusinessStatus } from "#contract/codes.ts";
import type { RefusalReason } from "#domain/refusals.ts";

/** The envelope of docs/contract.md, as one call answers it: alone as the response's body, in a batch as one of its answers. */
export interface Envelope {
  status: BusinessStatus;
  msg: string;
  data: unknown;
  reason?: RefusalReason;
}

export const succeeded = (data: unknown): Envelope => ({ status: Status.ok, msg: "success", data });

export const refused = (status: Exclude<BusinessStatus, 200>, msg: string, reason?: RefusalReason): Envelope =>
  reason ? { status, msg, data: null, reason } : { status, msg, data: null };

export function success<T>(c: Context, data: T): Response {
  return c.json(succeeded(data), 200);
}

export function failure(c: Context, status: Exclude<BusinessStatus, 200>, msg: string, reason?: RefusalReason): Response {
  return c.json(refused(status, msg, reason), httpStatusOf(status));
}
