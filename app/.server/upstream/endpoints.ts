import { z } from "zod";
import * as contract from "#contract/endpoints.ts";

/**
 * The upstream calls the storefront makes: the contract's endpoint (method, path, access, input, all
 * declared once in contract/endpoints.ts), each with the schema of the data the storefront reads.
 * Those read what the screens use and tolerate extra and missing fields: an operator's own backend may
 * answer more, or leave out what the reference cloud-api always sends.
 */
export interface Endpoint<I extends z.ZodType, S extends z.ZodType> {
  method: "GET" | "POST";
  path: `/v1/${string}`;
  input: I;
  data: S;
  /** "app" calls name no user: they carry no accessToken header (DESIGN.md §2), which the upstream refuses. */
  access: "user" | "app";
}

const endpoint = <I extends z.ZodType, S extends z.ZodType>({ method, path, access, input }: contract.Endpoint<"user" | "app", I>, data: S): Endpoint<I, S> => ({
  method,
  path,
  input,
  data,
  access,
});

const money = z.number().nonnegative().multipleOf(0.01);
const seconds = z.number().int().nonnegative();

export const packageSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  productId: z.string().nullish(),
  serviceName: z.string(),
  serviceDesc: z.string().nullish(),
  topTag: z.string().nullish(),
  originPrice: money,
  salePrice: money,
  currencyCode: z.string(),
  isGive: z.number().int(),
  isSale: z.number().int(),
  displaySort: z.number(),
});
export type UpstreamPackage = z.output<typeof packageSchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  descrip: z.string().nullish(),
  useLimitAmount: money,
  amount: money,
  startTime: seconds,
  expireTime: seconds,
  couponCode: z.string(),
  status: z.number().int(),
  type: z.number().int(),
});
export type UpstreamCoupon = z.output<typeof couponSchema>;

export const refreshToken = endpoint(contract.refreshToken, z.object({ js_accessToken: z.string().min(1), js_refreshToken: z.string().min(1) }));

/** `payMethods`: the payment methods the upstream takes money with; an upstream that does not say offers the region's. */
export const packageList = endpoint(contract.packageList, z.object({ packageList: z.array(packageSchema), payMethods: z.array(z.number().int()).optional() }));

export const currentPackage = endpoint(contract.currentPackage, z
    .object({
      serviceName: z.string().nullish(),
      durationStatus: z.number().int(),
      status: z.number().int(),
      startTime: seconds.nullish(),
      endTime: seconds.nullish(),
    })
    .nullable());

export const simcardDetails = endpoint(contract.simcardDetails, z.object({ status: z.string(), remain: z.union([z.string(), z.number()]), cardInfo: z.unknown() }).nullable());

export const userCoupons = endpoint(contract.userCoupons, z.array(couponSchema));

/** What confirm and repay answer: the spec's order response; each method fills its own field. */
export const paymentStartSchema = z.object({
  orderId: z.string().min(1),
  paymentType: z.number().int(),
  h5PaymentUrl: z.string().nullish(),
  alipayForm: z.string().nullish(),
  payPalOrderId: z.string().nullish(),
  sessionId: z.string().nullish(),
  payAmount: money.nullish(),
  currencyCode: z.string().nullish(),
});
export type PaymentStart = z.output<typeof paymentStartSchema>;

export const confirmOrderV2 = endpoint(contract.confirmOrderV2, paymentStartSchema);
export const confirmOrderV3 = endpoint(contract.confirmOrderV3, paymentStartSchema);
export const repayOrder = endpoint(contract.orderRepay, paymentStartSchema);
export const payOrderInfo = endpoint(contract.payOrderInfo, paymentStartSchema.extend({ status: z.number().int() }));
export const cancelOrder = endpoint(contract.orderCancel, z.unknown());

export const orderStatus = endpoint(contract.orderStatus, z.object({
    orderId: z.string(),
    status: z.number().int(),
    paymentType: z.number().int(),
    serviceType: z.number().int().nullish(),
    paymentTime: seconds.nullish(),
    /** The newest payment attempt's state; an upstream that does not say leaves it out. */
    paymentState: z.string().nullish(),
  }));

export const orderSchema = z.object({
  orderId: z.string(),
  serviceName: z.string(),
  status: z.number().int(),
  paymentType: z.number().int(),
  period: z.number().int(),
  createTime: seconds,
  paymentTime: seconds.nullish(),
  realPayPrice: money,
  currencyUint: z.string(),
});
export type UpstreamOrder = z.output<typeof orderSchema>;

export const orderList = endpoint(contract.orderList, z.object({ orderList: z.array(orderSchema) }));

export const aiInfo = endpoint(contract.aiInfo, z.object({ isOpenAi: z.number().int(), durationStatus: z.number().int(), aiExpireTimestamp: seconds.nullish() }));

export const vipInfo = endpoint(contract.vipInfo, z.object({ isVip: z.number().int(), durationStatus: z.number().int(), vipExpireTimestamp: seconds.nullish(), saveMoney: money.nullish() }));

export const deviceList = endpoint(contract.deviceList, z.object({ items: z.array(z.object({ deviceId: z.string(), deviceName: z.string(), attrs: z.string().nullish() })) }));

export const receiveVipCard = endpoint(contract.vipCardReceive, z.unknown());

/** Spec §3 refund package response: packages received with a cloud storage card on a device. */
export const storageCardPackages = endpoint(contract.storageCardReceivedPackage, z.object({ isRefunded: z.boolean(), packageInfoList: z.array(packageSchema) }).nullable());

export const storageCardRefund = endpoint(contract.storageCardRefund, z.unknown());

/** One of the buyer's orders in full, with every status change (another user's order is 404). */
export const orderDetail = endpoint(contract.orderDetail, z.object({
    orderId: z.string(),
    deviceId: z.string(),
    serviceType: z.number().int(),
    serviceName: z.string(),
    status: z.number().int(),
    paymentType: z.number().int(),
    period: z.number().int(),
    currencyCode: z.string(),
    price: money,
    discount: money,
    realPayPrice: money,
    coupon: z.object({ name: z.string(), couponCode: z.string() }).nullish(),
    createTime: seconds,
    paymentTime: seconds.nullish(),
    payment: z.object({ reference: z.string().nullish() }).nullish(),
    servicePeriod: z.object({ startTime: seconds, endTime: seconds, revoked: z.boolean() }).nullish(),
    events: z.array(z.object({ toStatus: z.number().int(), time: seconds })),
  }));
export type UpstreamOrderDetail = z.output<typeof orderDetail.data>;

const periodSchema = z.object({ serviceName: z.string(), startTime: seconds, endTime: seconds });

/** A device's periods per service: in use, queued after it, ended lately, and when it stops if that is soon. */
export const entitlementTimeline = endpoint(contract.entitlementTimeline, z.object({
    services: z.array(
      z.object({
        serviceType: z.number().int(),
        inUse: periodSchema.nullish(),
        queued: z.array(periodSchema),
        ended: z.array(periodSchema),
        endingSoonAt: seconds.nullish(),
      }),
    ),
  }));
export type UpstreamServiceTimeline = z.output<typeof entitlementTimeline.data>["services"][number];

/** For each package of a service, the period paying now would grant on the device. */
export const purchasePreview = endpoint(contract.purchasePreview, z.object({ previews: z.array(z.object({ packageId: z.number().int(), startTime: seconds, endTime: seconds, extendsCurrent: z.boolean() })) }));
