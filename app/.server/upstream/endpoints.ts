import type { z } from "zod";
import * as contract from "#contract/endpoints.ts";

/**
 * The upstream calls the storefront makes, under the names its screens use: each is the contract's
 * endpoint (contract/endpoints.ts), whose input schema types the call and whose output schema parses
 * the answer. Output objects strip fields they do not name: an operator's own backend may send more.
 */
export type Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = contract.Endpoint<"user" | "app", I, O>;

export * from "#contract/endpoints.ts";
/** The names the storefront's screens have always used for these four. */
export const repayOrder = contract.orderRepay;
export const cancelOrder = contract.orderCancel;
export const receiveVipCard = contract.vipCardReceive;
export const storageCardPackages = contract.storageCardReceivedPackage;

export type UpstreamPackage = z.output<typeof contract.packageList.output>["packageList"][number];
export type PaymentStart = z.output<typeof contract.confirmOrderV2.output>;
export type UpstreamOrderDetail = z.output<typeof contract.orderDetail.output>;
export type UpstreamServiceTimeline = z.output<typeof contract.entitlementTimeline.output>["services"][number];
