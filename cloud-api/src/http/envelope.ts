import type { Context } from "hono";
import { httpStatusOf, Status, type BusinessStatus } from "#contract/codes.ts";
import type { RefusalReason } from "#domain/refusals.ts";

export function success<T>(c: Context, data: T): Response {
  return c.json({ status: Status.ok, msg: "success", data }, 200);
}

export function failure(c: Context, status: Exclude<BusinessStatus, 200>, msg: string, reason?: RefusalReason): Response {
  return c.json(reason ? { status, msg, data: null, reason } : { status, msg, data: null }, httpStatusOf(status));
}
