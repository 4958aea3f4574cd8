import { z } from "zod";
import { newNoticeStr, OPERATOR_HEADERS, operatorSignature, requestSignature } from "./signature.ts";

/**
 * The console's operators (docs/decisions/057): each role may do what the roles before it may, and more.
 * The cloud-api reads an operator's role from its `operators` table; a caller never states it.
 */
export const OPERATOR_ROLES = ["viewer", "support", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRole = z.enum(OPERATOR_ROLES);

/** The operator calling an operator endpoint, as the cloud-api's operators table names them (never the caller). */
export interface OperatorIdentity {
  email: string;
  role: OperatorRole;
}

/** Whether an operator of `role` may call an endpoint whose least role is `needed`. */
export function roleAllows(role: OperatorRole, needed: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);
}

/** An operator's email as the table keeps it and the wire carries it: lower-case. */
export const operatorEmail = z
  .email()
  .max(254)
  .meta({ examples: ["support@camcloud.example"] })
  .transform((email) => email.toLowerCase());

/**
 * The headers of an operator call, as the console signs it: the request signature every call carries, and
 * the operator credential (the email, its timestamp and the HMAC keyed with OPERATOR_SECRET that covers both).
 */
export async function operatorRequestHeaders(
  secrets: { appId: string; appSecret: string; operatorSecret: string },
  request: { method: string; path: string; body: string },
  email: string,
): Promise<Record<string, string>> {
  const noticeStr = newNoticeStr();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    appid: secrets.appId,
    noticeStr,
    timestamp,
    signature: await requestSignature(secrets.appId, secrets.appSecret, noticeStr, timestamp),
    [OPERATOR_HEADERS.email]: email,
    [OPERATOR_HEADERS.timestamp]: timestamp,
    [OPERATOR_HEADERS.signature]: await operatorSignature(secrets.operatorSecret, { ...request, timestamp, noticeStr, email }),
    ...(request.method.toUpperCase() === "GET" ? {} : { "content-type": "application/json" }),
  };
}

/**
 * An integration-event delivery's state as the console shows it (docs/integration.md): waiting for its first
 * attempt, failed and being retried (or sent again), accepted by the endpoint, given up after three days.
 */
export const DELIVERY_STATES = ["pending", "retrying", "delivered", "given_up"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
