import type { z } from "zod";
import * as contract from "#contract/endpoints.ts";

/**
 * The upstream calls the storefront makes, under the names its screens use: each is the contract's
 * endpoint (contract/endpoints.ts), whose input schema types the call and whose output schema parses
 * the answer. Output objects strip fields they do not name: an operator's own backend may send more.
 */
export type Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = contract.Endpoint<"user" | "app", I, O>;

export const {
  refreshToken,
  packageList,
  currentPackage,
  simcardDetails,
  userCoupons,
  confirmOrderV2,
  confirmOrderV3,
  payOrderInfo,
  orderStatus,
  orderList,
  aiInfo,
  vipInfo,
  deviceList,
  storageCardRefund,
  orderDetail,
  entitlementTimeline,
  purchasePreview,
} = contract;
export const repayOrder = contract.orderRepay;
export const cancelOrder = contract.orderCancel;
export const receiveVipCard = contract.vipCardReceive;
export const storageCardPackages = contract.storageCardReceivedPackage;

export type UpstreamPackage = z.output<typeof packageList.output>["packageList"][number];
export type PaymentStart = z.output<typeof confirmOrderV2.output>;
export type UpstreamOrderDetail = z.output<typeof orderDetail.output>;
export type UpstreamServiceTimeline = z.output<typeof entitlementTimeline.output>["services"][number];
