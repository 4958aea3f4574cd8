import { z } from "zod";
import { COUPON_PRICE_CEILING_CENTS } from "#domain/coupons.ts";
import { CURRENCIES } from "#domain/money.ts";
import { SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { moveDirection, packageAtVersion, packageDraft, packageState } from "./package-fields.ts";
import { DELIVERY_STATES, OPERATOR_ROLES, operatorEmail, operatorRole, type OperatorRole } from "./operator.ts";
import { amount, countryCode, csvStream, deviceId, deviceServiceQuery, deviceType, encryptCodeId, iccId, language, money, orderId, paymentStartOutput, paymentType, queryInteger, requiredText, serviceType, text } from "./fields.ts";
import { envelope } from "./envelope.ts";

/**
 * Every /v1 endpoint of the cloud-api, once (docs/contract.md): method, path, who may call it, and the zod
 * schemas of its input and its output. The cloud-api attaches a handler to each (operation()), the
 * storefront calls them, and OpenAPI and docs/contract.md are generated from them. Output objects strip
 * the fields they do not name, so an operator's backend may answer more.
 * "app" endpoints need a valid request signature only; "user" ones also a valid access token; "s2s" ones
 * (which mint a user's identity) also the server-to-server credential that never ships in an app;
 * "operator" ones (the console's, under /v1/operator/, which only the embedded cloud-api serves) the
 * operator credential, and `role`, the least operator role that may call them (docs/decisions/057).
 */
export type Access = "app" | "user" | "s2s" | "operator";

interface Declared<A extends Access, I extends z.ZodType, O extends z.ZodType> {
  method: "GET" | "POST";
  path: `/v1/${string}`;
  access: A;
  summary: string;
  input: I;
  output: O;
}

export type Endpoint<A extends Access = Access, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = Declared<A, I, O> &
  (A extends "operator" ? { role: OperatorRole } : { role?: undefined });

const endpoint = <A extends Access, I extends z.ZodType, O extends z.ZodType>(declared: Endpoint<A, I, O>): Endpoint<A, I, O> => declared;

/** A package as every call that lists packages answers it (product-rules §3 fields, names in the buyer's language). */
const packageOutput = z.object({
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
  displaySort: z.number().int(),
  // Beyond the spec's fields: the reference cloud-api sends them, an operator's backend may not.
  period: z.number().int().nullish(),
  dataQuotaMb: z.number().int().nullish(),
  isUnlimited: z.number().int().nullish(),
  /** Cloud storage: how many days of recordings the package keeps (issue 31 item 11). */
  recordingDays: z.number().int().positive().nullish(),
});

/** The refund-package response of product-rules §3, shared by the card calls below; product-rules §8: the data may be null. */
const receivedPackagesOutput = z.object({ isRefunded: z.boolean(), packageInfoList: z.array(packageOutput) }).nullable();

const confirmInput = z.object({
  deviceId,
  deviceType: z.number().int().min(1).max(2).optional(),
  serviceId: z.number().int().positive().optional(),
  priceId: z.number().int().positive(),
  payAmount: amount,
  payMethod: paymentType,
  buyServiceType: serviceType,
  language: language.optional(),
  countryCode: countryCode.optional(),
  couponId: z.number().int().positive().nullable().optional(),
  couponCode: text(64).nullable().optional(),
});

const periodOutput = z.object({
  serviceName: z.string(),
  packageId: z.number().int(),
  source: z.enum(["order", "vip_card", "storage_card"]),
  startTime: z.number().int(),
  endTime: z.number().int(),
});

const storageCardFields = z.object({
  deviceId: deviceId.optional(),
  encryptCodeId: encryptCodeId.optional(),
  deviceType: deviceType.optional(),
  countryCode: countryCode.optional(),
});

/** Product-rules §5: a chosen device or a scanned card (its code) names what to cancel. */
const namesDeviceOrCard = (input: { deviceId?: string | undefined; encryptCodeId?: string | undefined }) =>
  input.deviceId !== undefined || input.encryptCodeId !== undefined;
const DEVICE_OR_CARD = { path: ["deviceId"], message: "a device or a card code is required" };

export const aiInfo = endpoint({
  method: "POST",
  path: "/v1/cloud/ai/device/info",
  access: "user",
  summary: "A device's AI service state: isOpenAi, durationStatus and when it ends",
  input: z.object({ deviceId }),
  output: z.object({ isOpenAi: z.number().int(), durationStatus: z.number().int(), aiExpireTimestamp: z.number().int().nullish() }),
});

export const orderCancel = endpoint({
  method: "POST",
  path: "/v1/cloud/order/cancel",
  access: "user",
  summary: "Cancel an order waiting to pay (8001 -> 8007); its coupon comes back. 409 in any other status",
  input: z.object({ orderId }),
  output: z.null(),
});

/** Product-rules §5: without a launch signature the storefront confirms with v2, otherwise (and for card) with v3. */
export const confirmOrderV2 = endpoint({
  method: "POST",
  path: "/v1/cloud/order/h5/confirm/v2",
  access: "user",
  summary: "Create an order (8001) for a package and an optional coupon, and start its payment",
  input: confirmInput,
  output: paymentStartOutput,
});

export const confirmOrderV3 = endpoint({
  method: "POST",
  path: "/v1/cloud/order/h5/confirm/v3",
  access: "user",
  summary: "As v2, also carrying the launch payload's purchase signature, which must belong to the token's user",
  input: confirmInput.extend({ signature: text(256).optional() }),
  output: paymentStartOutput,
});

export const currentPackage = endpoint({
  method: "POST",
  path: "/v1/cloud/package/current",
  access: "user",
  summary: "The device's current period of a service (durationStatus 0 when never opened)",
  input: deviceServiceQuery,
  // An operator's backend may answer no data for a device that never had the service.
  output: z
    .object({
      serviceName: z.string().nullish(),
      durationStatus: z.number().int(),
      status: z.number().int(),
      startTime: z.number().int().nullish(),
      endTime: z.number().int().nullish(),
    })
    .nullable(),
});

/** query_user_device_list: the devices of the user that the app's device token names. */
export const deviceList = endpoint({
  method: "POST",
  path: "/v1/member/device/list",
  access: "app",
  summary: "The user's devices, for the device picker (authenticated by tgAccessToken)",
  input: z.object({ tgAccessToken: z.string().min(1, "required").max(512) }),
  output: z.object({
    items: z.array(
      z.object({ deviceId: z.string(), deviceName: z.string(), attrs: z.string().nullish(), deviceType: z.number().int(), iccId: z.string().nullable() }),
    ),
  }),
});

/**
 * Server to server: the companion app's backend signs a user in and gets the token pair, the
 * device-listing token and the purchase signature that it puts in a launch link. It proves itself with
 * S2S_SECRET (never the app secret, which ships in every app); an unknown account is refused exactly
 * like a wrong credential, so that accounts cannot be enumerated.
 */
export const issueToken = endpoint({
  method: "POST",
  path: "/v1/member/user/s2s/token",
  access: "s2s",
  summary: "Issue a token pair for a signed-in user (companion app backend only)",
  input: z.object({ account: requiredText(128).meta({ examples: ["demo@camcloud.example"] }) }),
  output: z.object({
    userId: z.number().int(),
    accessToken: z.string(),
    refreshToken: z.string(),
    tgAccessToken: z.string(),
    signature: z.string(),
    expiresIn: z.number().int(),
  }),
});

export const orderDetail = endpoint({
  method: "POST",
  path: "/v1/cloud/order/detail",
  access: "user",
  summary:
    "One of the user's orders in full: package, period granted, price, coupon, amount paid, the payment's provider reference, " +
    "and every status change (404 for another user's order)",
  input: z.object({ orderId, language: language.optional() }),
  output: z.object({
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
    coupon: z.object({ name: z.string(), couponCode: z.string() }).nullable(),
    createTime: z.number().int(),
    paymentTime: z.number().int().nullable(),
    payment: z.object({ provider: z.string(), reference: z.string().nullable(), status: z.string() }).nullable(),
    servicePeriod: z.object({ startTime: z.number().int(), endTime: z.number().int(), revoked: z.boolean() }).nullable(),
    events: z.array(z.object({ fromStatus: z.number().int().nullable(), toStatus: z.number().int(), time: z.number().int() })),
  }),
});

export const orderList = endpoint({
  method: "POST",
  path: "/v1/cloud/order/query/srv/order/list",
  access: "user",
  summary: "A device's orders of a service type, newest first; pageNum from 1, pageSize 5; an empty page ends the list",
  input: z.object({
    deviceId,
    type: serviceType,
    pageNum: z.number().int().min(1).max(10_000),
    pageSize: z.number().int().min(1).max(50).default(5),
  }),
  output: z.object({
    orderList: z.array(
      z.object({
        orderId: z.string(),
        serviceName: z.string(),
        status: z.number().int(),
        paymentType: z.number().int(),
        period: z.number().int(),
        createTime: z.number().int(),
        paymentTime: z.number().int().nullable(),
        realPayPrice: money,
        currencyUint: z.string(),
      }),
    ),
  }),
});

export const orderStatus = endpoint({
  method: "POST",
  path: "/v1/cloud/order/status",
  access: "user",
  summary: "An order's status (8001-8015); an unsettled payment is first checked with its provider",
  input: z.object({ orderId }),
  output: z.object({
    orderId: z.string(),
    status: z.number().int(),
    paymentType: z.number().int(),
    serviceType: z.number().int(),
    paymentTime: z.number().int().nullable(),
    updateTime: z.number().int(),
    /** The newest payment attempt's state, so that "the buyer left the checkout" can be told from "still paying". */
    paymentState: z.enum(["created", "succeeded", "failed", "cancelled", "refunded"]).nullable(),
    /** The package ordered, so that the result page's Buy again offers it again; an operator's backend may leave it out. */
    packageId: z.number().int().optional(),
  }),
});

/** Operator endpoints of orders (issue 32 items 1 and 2): amounts in cents, times in Unix seconds (UTC). */
const cents = z.number().int().nonnegative();
const unixSeconds = queryInteger(z.number().int().nonnegative().max(99_999_999_999));
const orderStatusCode = queryInteger(z.number().int().min(8001).max(8015));
/** The cases that need a person: the cron's NEEDS A PERSON alarms and refunds the provider refused (docs/decisions/058). */
const NEEDS_A_PERSON_KINDS = ["fulfilment-stuck", "refund-overdue", "refund-failed", "close-refused"] as const;
const needsAPersonCase = z.object({
  kind: z.enum(NEEDS_A_PERSON_KINDS),
  orderId: z.string(),
  /** When the case began: a note on the order made at or after it resolves it. */
  since: z.number().int(),
  paymentId: z.string().nullable(),
  status: z.number().int(),
  currencyCode: z.string(),
  payCents: cents,
});
/** A span of at most a year and a day, `to` after `from`. */
const SPAN_SECONDS = 367 * 86400;

export const operatorToday = endpoint({
  method: "POST",
  path: "/v1/operator/today",
  access: "operator",
  role: "viewer",
  summary:
    "The figures of [from, to): orders created and paid, money paid per currency, confirm-to-paid conversion by payment " +
    "method and region, the median seconds from paid to delivered; and every case that needs a person, less those resolved",
  input: z
    .object({ from: unixSeconds, to: unixSeconds })
    .refine((span) => span.to > span.from && span.to - span.from <= SPAN_SECONDS, { path: ["to"], message: "must be after from, at most 367 days later" }),
  output: z.object({
    from: z.number().int(),
    to: z.number().int(),
    ordersCreated: z.number().int(),
    ordersPaid: z.number().int(),
    revenue: z.array(z.object({ currencyCode: z.string(), paidOrders: z.number().int(), cents })),
    conversionByMethod: z.array(z.object({ paymentType: z.number().int(), created: z.number().int(), paid: z.number().int() })),
    conversionByRegion: z.array(z.object({ region: z.string(), created: z.number().int(), paid: z.number().int() })),
    delivered: z.number().int(),
    medianPaidToDeliveredSeconds: z.number().nullable(),
    needsAPerson: z.array(needsAPersonCase),
  }),
});

/** A page of an order search is at most this many orders. */
const ORDER_SEARCH_PAGE_MAX = 100;

export const operatorOrderSearch = endpoint({
  method: "POST",
  path: "/v1/operator/orders/search",
  access: "operator",
  role: "viewer",
  summary:
    "Orders matching every filter given (order id, device id, account, a payment's provider reference, status, created in " +
    "[from, to)), newest first; nextCursor continues after the page's last order (null: no more)",
  input: z.object({
    orderId: orderId.optional(),
    deviceId: deviceId.optional(),
    account: requiredText(254).optional(),
    providerRef: requiredText(128).optional(),
    status: orderStatusCode.optional(),
    from: unixSeconds.optional(),
    to: unixSeconds.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,12}:[\w-]{1,64}$/, "must be a cursor this search answered")
      .meta({ examples: ["1795710000:DEMO2000006"] })
      .optional(),
    pageSize: queryInteger(z.number().int().min(1).max(ORDER_SEARCH_PAGE_MAX)).optional(),
  }),
  output: z.object({
    orders: z.array(
      z.object({
        orderId: z.string(),
        account: z.string(),
        deviceId: z.string(),
        serviceType: z.number().int(),
        serviceName: z.string(),
        status: z.number().int(),
        paymentType: z.number().int(),
        currencyCode: z.string(),
        payCents: cents,
        createdAt: z.number().int(),
        paidAt: z.number().int().nullable(),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
});

export const operatorOrderDetail = endpoint({
  method: "POST",
  path: "/v1/operator/orders/detail",
  access: "operator",
  role: "viewer",
  summary:
    "An order with its status history, payment attempts and their refunds, the period it granted, its integration events' " +
    "deliveries, the operator refund asked for, its open needs-a-person cases and the notes that resolved cases",
  input: z.object({ orderId }),
  output: z.object({
    order: z.object({
      orderId: z.string(),
      account: z.string(),
      userId: z.number().int(),
      deviceId: z.string(),
      serviceType: z.number().int(),
      serviceName: z.string(),
      packageId: z.number().int(),
      periodDays: z.number().int(),
      status: z.number().int(),
      paymentType: z.number().int(),
      currencyCode: z.string(),
      priceCents: cents,
      discountCents: cents,
      payCents: cents,
      countryCode: z.string(),
      language: z.string(),
      createdAt: z.number().int(),
      paidAt: z.number().int().nullable(),
      updatedAt: z.number().int(),
    }),
    events: z.array(z.object({ fromStatus: z.number().int().nullable(), toStatus: z.number().int(), reason: z.string(), at: z.number().int() })),
    payments: z.array(
      z.object({
        paymentId: z.string(),
        provider: z.string(),
        providerRef: z.string().nullable(),
        status: z.enum(["created", "succeeded", "failed", "cancelled", "refunded"]),
        amountCents: cents,
        currencyCode: z.string(),
        createdAt: z.number().int(),
        /** The refund of this payment: owed since (null: none owed), asked how often, next ask; refunded: status "refunded". */
        refundOwedSince: z.number().int().nullable(),
        refundAttempts: z.number().int(),
        refundNextAt: z.number().int().nullable(),
      }),
    ),
    period: z.object({ startTime: z.number().int(), endTime: z.number().int(), revokedAt: z.number().int().nullable() }).nullable(),
    operatorRefund: z.object({ reason: z.string(), operatorEmail: z.string(), amountCents: cents, requestedAt: z.number().int() }).nullable(),
    deliveries: z.array(
      z.object({
        eventId: z.string(),
        type: z.string(),
        occurredAt: z.number().int(),
        endpoint: z.string().nullable(),
        attempts: z.number().int(),
        lastStatus: z.number().int().nullable(),
        deliveredAt: z.number().int().nullable(),
        deadAt: z.number().int().nullable(),
      }),
    ),
    needsAPerson: z.array(needsAPersonCase),
    notes: z.array(z.object({ note: z.string(), operatorEmail: z.string(), at: z.number().int() })),
    /** What an operator may do now: refund (paid, not refunded or being refunded; a refused refund, 8012, again), send fulfilment again, resolve. */
    refundable: z.boolean(),
    refundPending: z.boolean(),
    fulfilmentResendable: z.boolean(),
  }),
});

export const operatorOrderRefund = endpoint({
  method: "POST",
  path: "/v1/operator/orders/refund",
  access: "operator",
  role: "support",
  summary:
    "Refund a paid order in full, with a reason: its period is revoked and the refund goes the way every refund does (owed, " +
    "asked from the queue, followed by the cron). An order whose refund the provider refused (8012) is asked again: owed " +
    "again, 8012 -> 8010. Once: a second ask answers pending. 403 above the role's limit for the " +
    "currency, 409 for an order not paid or already refunded",
  input: z.object({ orderId, reason: requiredText(500) }),
  output: z.object({ orderId: z.string(), refund: z.enum(["requested", "pending"]), status: z.number().int() }),
});

export const operatorOrderResendFulfilment = endpoint({
  method: "POST",
  path: "/v1/operator/orders/resend-fulfilment",
  access: "operator",
  role: "support",
  summary: "Queue the fulfilment of a paid, undelivered order (8003 or 8005) again; fulfilment delivers once however often it is queued. 409 otherwise",
  input: z.object({ orderId }),
  output: z.object({ orderId: z.string(), queued: z.literal(true) }),
});

export const operatorOrderResolve = endpoint({
  method: "POST",
  path: "/v1/operator/orders/resolve",
  access: "operator",
  role: "support",
  summary: "A note that resolves the order's open needs-a-person cases (a case that begins later comes back). 409 when it has none",
  input: z.object({ orderId, note: requiredText(1000) }),
  output: z.object({ orderId: z.string(), resolved: z.number().int().positive() }),
});

export const packageList = endpoint({
  method: "POST",
  path: "/v1/cloud/package/list",
  access: "user",
  summary:
    "Packages of a service type for a device in the country's currency, as product-rules §5 shows them: mobile data hides isGive, " +
    "other types keep isSale 1 (and, with serviceId, VIP receive mode, only that service), by displaySort",
  input: deviceServiceQuery.extend({ serviceId: z.number().int().positive().optional() }),
  output: z.object({
    packageList: z.array(packageOutput),
    /** The region's payment methods (product-rules §6) that this deployment takes money with; an upstream that does not say offers the region's. */
    payMethods: z.array(z.number().int()).optional(),
  }),
});

export const payOrderInfo = endpoint({
  method: "POST",
  path: "/v1/cloud/order/pay/info",
  access: "user",
  summary: "What an order costs and how it is being paid; the payment instructions while it waits to be paid",
  input: z.object({ orderId }),
  output: paymentStartOutput.extend({
    status: z.number().int(),
    serviceName: z.string(),
    period: z.number().int(),
    originPrice: z.number(),
    discountAmount: z.number(),
    createTime: z.number().int(),
    paymentTime: z.number().int().nullable(),
  }),
});

export const purchasePreview = endpoint({
  method: "POST",
  path: "/v1/cloud/package/preview",
  access: "user",
  summary:
    "If the order were paid now: for each package of the service, the period it would grant on the device " +
    "(extendsCurrent when it queues after the period in use), by the rule fulfilment applies",
  input: deviceServiceQuery,
  output: z.object({
    previews: z.array(
      z.object({ packageId: z.number().int(), startTime: z.number().int(), endTime: z.number().int(), extendsCurrent: z.boolean() }),
    ),
  }),
});

export const receivedPackageInfo = endpoint({
  method: "POST",
  path: "/v1/cloud/package/received/info",
  access: "user",
  summary: "Packages received on a device with VIP or storage cards (type 5 or 1 narrows it), and whether they are refunded",
  input: z.object({ deviceId, type: z.union([z.literal(1), z.literal(5)]).optional() }),
  output: receivedPackagesOutput,
});

export const refreshToken = endpoint({
  method: "POST",
  path: "/v1/member/user/h5/refresh_token",
  access: "app",
  summary: "Rotate a refresh token into a new access and refresh token pair",
  input: z.object({ js_refreshToken: z.string().min(1, "required").max(256) }),
  output: z.object({ js_accessToken: z.string(), js_refreshToken: z.string(), expiresIn: z.number().int() }),
});

export const orderRepay = endpoint({
  method: "POST",
  path: "/v1/cloud/order/h5/order/repay",
  access: "user",
  summary: "Start a new payment attempt for an order waiting to pay (not PayPal); earlier attempts stop counting",
  input: z.object({ orderId }),
  output: paymentStartOutput,
});

export const entitlementTimeline = endpoint({
  method: "POST",
  path: "/v1/cloud/entitlement/timeline",
  access: "user",
  summary:
    "A device's periods per service (cloud storage, mobile data, VIP, AI, or only `type`): the one in use, those queued after it, " +
    "those ended in the last 90 days, and endingSoonAt when the service stops within 7 days",
  input: z.object({ deviceId, type: serviceType.optional(), language: language.optional() }),
  output: z.object({
    services: z.array(
      z.object({
        serviceType: z.number().int(),
        inUse: periodOutput.nullable(),
        queued: z.array(periodOutput),
        ended: z.array(periodOutput),
        endingSoonAt: z.number().int().nullable(),
      }),
    ),
  }),
});

export const simcardDetails = endpoint({
  method: "POST",
  path: "/v1/cloud/simcard/details",
  access: "user",
  summary: "The carrier's state of a SIM card: status, remaining data (MB text) and card info",
  input: z.object({ iccId }),
  // Product-rules §4: the card is in trouble unless the answer is 200 with data, so the data may be null.
  output: z
    .object({
      status: z.string(),
      remain: z.union([z.string(), z.number()]),
      cardInfo: z.object({ iccid: z.string(), operator: z.string(), totalMb: z.number(), usedMb: z.number() }).nullish(),
    })
    .nullable(),
});

export const simcardIccidInfo = endpoint({
  method: "POST",
  path: "/v1/cloud/simcard/iccid/info",
  access: "user",
  summary: "The ICCID of a SIM device's card, with its carrier and state (404 when it has none)",
  input: z.object({ deviceId }),
  output: z.object({ deviceId: z.string(), iccId: z.string(), operator: z.string(), status: z.string() }),
});

export const storageCardReceivedPackage = endpoint({
  method: "POST",
  path: "/v1/cloud/storage-card/received/package",
  access: "user",
  summary: "Cloud storage packages received by scanning card codes, on a device or for one scanned card, and whether they are refunded (404: none)",
  input: storageCardFields.refine(namesDeviceOrCard, DEVICE_OR_CARD),
  output: receivedPackagesOutput,
});

export const storageCardRefund = endpoint({
  method: "POST",
  path: "/v1/cloud/storage-card/refund",
  access: "user",
  summary:
    "Cancel storage packages received with cards: a scanned card's, or a device's (only those of packageId when given); " +
    "their periods are revoked. A second refund changes nothing (alreadyRefunded). 404 when the device received no card " +
    "(of packageId), or when a named device is not the one the named card was received on",
  input: storageCardFields.extend({ packageId: z.number().int().positive().optional() }).refine(namesDeviceOrCard, DEVICE_OR_CARD),
  output: z.object({ isRefunded: z.boolean(), alreadyRefunded: z.boolean() }),
});

export const userCoupons = endpoint({
  method: "GET",
  path: "/v1/cloud/coupon/user/list",
  access: "user",
  summary: "The user's coupons in the country's currency; status 0 usable, 2 expired. 429 past the lookup limit per user",
  input: z.object({ type: queryInteger(serviceType).optional(), countryCode: countryCode.optional(), language: language.optional() }),
  output: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      descrip: z.string(),
      useLimitAmount: money,
      amount: money,
      startTime: z.number().int(),
      expireTime: z.number().int(),
      couponCode: z.string(),
      status: z.number().int(),
      type: z.number().int(),
    }),
  ),
});

export const userInfo = endpoint({
  method: "POST",
  path: "/v1/member/user/info",
  access: "user",
  summary: "The token's user",
  input: z.object({}),
  output: z.object({ userId: z.number().int(), account: z.string(), nickname: z.string(), countryCode: z.string() }),
});

export const vipCardReceive = endpoint({
  method: "POST",
  path: "/v1/cloud/vip-card/receive",
  access: "user",
  summary: "Receive a VIP card's package for free on a chosen device (409 when the card was received already)",
  input: z.object({ deviceId, deviceType, encryptCodeId, countryCode: countryCode.optional() }),
  output: z.null(),
});

export const vipCardReceivedPackage = endpoint({
  method: "POST",
  path: "/v1/cloud/vip-card/received/package",
  access: "user",
  summary: "The package a VIP card gave a device, and whether it was refunded",
  input: z.object({ deviceId, encryptCodeId, countryCode: countryCode.optional() }),
  output: receivedPackagesOutput,
});

export const vipCardRefund = endpoint({
  method: "POST",
  path: "/v1/cloud/vip-card/refund",
  access: "user",
  summary: "Cancel the package a VIP card gave a device; its period is revoked. A second refund changes nothing",
  input: z.object({ deviceId, encryptCodeId, countryCode: countryCode.optional() }),
  output: z.object({ isRefunded: z.boolean(), alreadyRefunded: z.boolean() }),
});

export const vipInfo = endpoint({
  method: "POST",
  path: "/v1/cloud/vip/device/info",
  access: "user",
  summary: "A device's VIP state: isVip, durationStatus, when it ends, and what its VIP periods saved",
  input: z.object({ deviceId }),
  output: z.object({ isVip: z.number().int(), durationStatus: z.number().int(), vipExpireTimestamp: z.number().int().nullish(), saveMoney: money.nullish() }),
});


/** The operator the console signed in, and what they may refund per currency (SUPPORT_REFUND_LIMITS, docs/configuration.md). */
export const operatorSession = endpoint({
  method: "POST",
  path: "/v1/operator/session",
  access: "operator",
  role: "viewer",
  summary:
    "The calling operator: email, role and name from the operators table, and refundLimits, the cents per currency " +
    "they may refund at once (null: no limit; a currency not named: none)",
  input: z.object({}),
  output: z.object({
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    name: z.string(),
    refundLimits: z.record(z.string(), z.number().int().nonnegative()).nullable(),
  }),
});

/** An operator as the operators screen shows them; `version` is what an edit names, to be refused when someone else changed them first. */
const operatorOutput = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** Who made the last change; null for one made outside the console (the first admin). */
  updatedBy: z.string().nullable(),
  version: z.number().int().positive(),
});

export const operatorList = endpoint({
  method: "POST",
  path: "/v1/operator/operators/list",
  access: "operator",
  role: "admin",
  summary: "Every operator, enabled ones first, by email",
  input: z.object({}),
  output: z.object({ operators: z.array(operatorOutput) }),
});

export const operatorCreate = endpoint({
  method: "POST",
  path: "/v1/operator/operators/create",
  access: "operator",
  role: "admin",
  summary: "Add an operator with a role (409 when the email is an operator already, enabled or not); written to the audit log",
  input: z.object({ email: operatorEmail, name: requiredText(100), role: operatorRole }),
  output: operatorOutput,
});

export const operatorUpdate = endpoint({
  method: "POST",
  path: "/v1/operator/operators/update",
  access: "operator",
  role: "admin",
  summary:
    "Change an operator's name or role, or disable or enable them, from the version the screen showed; written to the audit log. " +
    "409 when someone changed them since (msg says who and when), when an admin would demote or disable themself, " +
    "or when no enabled admin would be left",
  input: z.object({
    email: operatorEmail,
    version: z.number().int().positive(),
    name: requiredText(100).optional(),
    role: operatorRole.optional(),
    enabled: z.boolean().optional(),
  }),
  output: operatorOutput,
});

export const auditLog = endpoint({
  method: "POST",
  path: "/v1/operator/audit/list",
  access: "operator",
  role: "viewer",
  summary:
    "The audit log, newest first, filtered by operator, action, object type and object id; a page of pageSize rows, " +
    "and nextBefore, the `before` of the next page (null on the last)",
  input: z.object({
    operator: text(254).optional(),
    action: text(64).optional(),
    objectType: text(64).optional(),
    objectId: text(128).optional(),
    before: z.number().int().positive().optional(),
    pageSize: z.number().int().min(1).max(100).default(50),
  }),
  output: z.object({
    actions: z.array(
      z.object({
        id: z.number().int(),
        at: z.number().int(),
        operatorEmail: z.string(),
        role: z.string(),
        action: z.string(),
        objectType: z.string(),
        objectId: z.string(),
        /** The object before and after, as JSON text; null where it did not or no longer exists. */
        before: z.string().nullable(),
        after: z.string().nullable(),
        note: z.string().nullable(),
      }),
    ),
    nextBefore: z.number().int().nullable(),
  }),
});

const deliveryOutput = z.object({
  eventId: z.string(),
  endpoint: z.string(),
  eventType: z.string(),
  /** The order the event is about; null for one that is not (a card's period). */
  orderId: z.string().nullable(),
  occurredAt: z.number().int(),
  queuedAt: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.number().int().nullable(),
  deliveredAt: z.number().int().nullable(),
  givenUpAt: z.number().int().nullable(),
});

/** A delivery's place in the list, newest event first: the `after` of the next page. */
const deliveryCursor = z
  .string()
  .regex(/^\d{1,15}:[a-z0-9][a-z0-9-]{0,39}$/, "must be a cursor from the previous page")
  .meta({ examples: ["42:erp"] });

export const deliveryList = endpoint({
  method: "POST",
  path: "/v1/operator/deliveries/list",
  access: "operator",
  role: "viewer",
  summary:
    "Integration-event deliveries (docs/integration.md), newest event first, by endpoint, state and order; a page of pageSize, " +
    "and next, the `after` of the next page (null on the last); endpoints names those configured",
  input: z.object({
    endpoint: text(40).optional(),
    state: z.enum(DELIVERY_STATES).optional(),
    orderId: orderId.optional(),
    after: deliveryCursor.optional(),
    pageSize: z.number().int().min(1).max(100).default(50),
  }),
  output: z.object({ endpoints: z.array(z.string()), deliveries: z.array(deliveryOutput), next: z.string().nullable() }),
});

export const deliveryResend = endpoint({
  method: "POST",
  path: "/v1/operator/deliveries/resend",
  access: "operator",
  role: "support",
  summary:
    "Send a delivery again: queued afresh with the same event id (webhook-id), whatever its state; written to the audit log. " +
    "404 when there is no such delivery",
  input: z.object({
    eventId: z
      .string()
      .regex(/^msg_[0-9a-f]{32}$/, "must be an event id (msg_ and 32 hex digits)")
      .meta({ examples: ["msg_0123456789abcdef0123456789abcdef"] }),
    endpoint: requiredText(40).meta({ examples: ["erp"] }),
  }),
  output: deliveryOutput,
});

/** The console's catalogue (issue 32 item 3, docs/decisions/059): packages per currency, service and kind of device. */
export const operatorPackageList = endpoint({
  method: "POST",
  path: "/v1/operator/packages/list",
  access: "operator",
  role: "viewer",
  summary: "Every package, retired ones included, by currency, service and display order; filtered by what the input names",
  input: z.object({
    currencyCode: z.enum(CURRENCIES).meta({ examples: ["CNY"] }).optional(),
    serviceType: z.literal(SOLD_SERVICE_TYPES).optional(),
    deviceType: deviceType.optional(),
  }),
  output: z.object({ packages: z.array(packageState) }),
});

export const operatorPackageDetail = endpoint({
  method: "POST",
  path: "/v1/operator/packages/detail",
  access: "operator",
  role: "viewer",
  summary: "One package as it is now and every version it was published in, newest first, with who saved it and when",
  input: z.object({ packageId: z.number().int().positive() }),
  output: z.object({ package: packageState, versions: z.array(packageState) }),
});

export const operatorPackageCreate = endpoint({
  method: "POST",
  path: "/v1/operator/packages/create",
  access: "operator",
  role: "admin",
  summary: "Publish a new package (version 1); 409 when its product id is taken. Names and descriptions in all 10 languages",
  input: packageDraft,
  output: z.object({ packageId: z.number().int(), version: z.number().int() }),
});

export const operatorPackageSave = endpoint({
  method: "POST",
  path: "/v1/operator/packages/save",
  access: "operator",
  role: "admin",
  summary:
    "Publish a package's new state on the version it was edited from; 409 naming who saved it and when if another operator " +
    "saved since. Orders already created keep what they were sold",
  input: z.object({ ...packageAtVersion.shape, draft: packageDraft }),
  output: z.object({ packageId: z.number().int(), version: z.number().int() }),
});

export const operatorPackageRetire = endpoint({
  method: "POST",
  path: "/v1/operator/packages/retire",
  access: "operator",
  role: "admin",
  summary: "Stop offering a package to new checkouts; its orders, periods, cards and history keep it. 409 on a stale version",
  input: packageAtVersion,
  output: z.object({ packageId: z.number().int(), version: z.number().int() }),
});

export const operatorPackageReorder = endpoint({
  method: "POST",
  path: "/v1/operator/packages/reorder",
  access: "operator",
  role: "admin",
  summary: "Move a package one place up or down among the packages its buyers see with it (same service and currency)",
  input: z.object({ ...packageAtVersion.shape, direction: moveDirection }),
  output: z.object({ packageId: z.number().int(), version: z.number().int() }),
});
/**
 * What a batch may carry (docs/decisions/061): the calls a screen reads with, each a user call. Writes that must
 * stand alone (confirms, repay, cancel, card receive and refunds), the token calls, app-level and operator
 * endpoints and the batch itself are not listed, so a batch naming one is refused whole; an endpoint added to
 * the contract is carried only once it is listed here.
 */
const carried = [
  packageList,
  userCoupons,
  entitlementTimeline,
  purchasePreview,
  currentPackage,
  simcardDetails,
  simcardIccidInfo,
  vipInfo,
  aiInfo,
  orderList,
  orderDetail,
  orderStatus,
  payOrderInfo,
  receivedPackageInfo,
  vipCardReceivedPackage,
  storageCardReceivedPackage,
  userInfo,
] as const satisfies readonly Endpoint<"user">[];

const BATCH_MAX_CALLS = 10;

const carriedPath = z.enum(carried.map((carriedEndpoint) => carriedEndpoint.path) as [(typeof carried)[number]["path"], ...(typeof carried)[number]["path"][]]);

/**
 * One signed request carrying several contract calls (docs/decisions/061), as JSON-RPC 2.0 and Microsoft Graph
 * batch theirs: the signature, the replay record and the token are checked once, for the batch; each call is then
 * parsed with its endpoint's schema and runs under its own policy exactly as it would alone, and answers its own
 * envelope, in order. A GET endpoint's input is its query as an object. Optional for a brand's upstream: the
 * storefront batches only where the region table says the upstream has it.
 */
export const batch = Object.assign(
  endpoint({
    method: "POST",
    path: "/v1/cloud/batch",
    access: "user",
    summary:
      "Several calls in one signed request: each { path, input } of an endpoint a batch may carry (at most 10), answered in order " +
      "with each call's own envelope { status, msg, data, reason? } as it would answer alone; a path that may not be carried refuses the whole batch",
    input: z.object({
      calls: z
        .array(z.object({ path: carriedPath, input: z.record(z.string(), z.unknown()) }).strict())
        .min(1)
        .max(BATCH_MAX_CALLS),
    }),
    output: z.object({ answers: z.array(envelope) }),
  }),
  { carries: carried as readonly Endpoint<"user">[], maxCalls: BATCH_MAX_CALLS },
);


// Coupon campaigns and card batches (issue 32 items 4 and 5, docs/decisions/060). The console speaks in
// cents; every change is refused with the field it is about, and a form posted twice changes once.

/** The console form's own id: the same id makes one campaign or batch, however often it is posted. */
const requestId = z.uuid("must be the form's request id (a UUID)").meta({ examples: ["7c9e6679-7425-40de-944b-e07fc1f90ae7"] });
/** When a coupon or card starts or ends, Unix seconds in a JSON body. */
const validityTime = z.number().int().min(0, "must be a time (Unix seconds)").max(4_102_444_800, "must be before 2100");
const pageCursor = z.number().int().positive().optional();
/** A coupon applies only to prices below 10,000 (product-rules §5): a bigger one could never be used. */
const couponCents = z.number().int("must be whole cents").max(COUPON_PRICE_CEILING_CENTS - 1, "must be below 10,000.00, the highest price a coupon applies to");
/** The most cards one batch may hold, and coupon accounts one request may name. */
const CARD_BATCH_MAX = 10_000;
const ISSUE_ACCOUNTS_MAX = 100;

const campaignOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 0: every service. */
  serviceType: z.number().int(),
  currency: z.enum(CURRENCIES),
  amountCents: z.number().int(),
  minimumSpendCents: z.number().int(),
  startTime: z.number().int(),
  expireTime: z.number().int(),
  issueLimit: z.number().int(),
  issued: z.number().int(),
  /** Coupons an order used, paid or waiting to be. */
  redeemed: z.number().int(),
  revoked: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
});

const COUPON_STATES = ["unused", "held", "redeemed", "revoked"] as const;
const campaignCouponOutput = z.object({
  id: z.number().int(),
  couponCode: z.string(),
  account: z.string(),
  /** held: an order waiting for payment holds it; redeemed: an order used it. */
  state: z.enum(COUPON_STATES),
  orderId: z.string().nullable(),
  orderStatus: z.number().int().nullable(),
});

export const couponCampaignList = endpoint({
  method: "POST",
  path: "/v1/operator/coupon-campaigns/list",
  access: "operator",
  role: "viewer",
  summary: "Coupon campaigns, newest first, 20 a page (before: the last id of the page before)",
  input: z.object({ before: pageCursor }),
  output: z.object({ campaigns: z.array(campaignOutput), nextBefore: z.number().int().nullable() }),
});

export const couponCampaignCreate = endpoint({
  method: "POST",
  path: "/v1/operator/coupon-campaigns/create",
  access: "operator",
  role: "admin",
  summary: "A new coupon campaign; the same requestId answers the campaign it made",
  input: z
    .object({
      requestId,
      title: requiredText(80),
      currency: z.enum(CURRENCIES).meta({ examples: ["CNY"] }),
      amountCents: couponCents.min(1, "must be at least 0.01"),
      minimumSpendCents: couponCents.min(0, "must not be negative"),
      serviceType: z.union([z.literal(0), z.literal(SOLD_SERVICE_TYPES)], "must be 0 (every service) or a sold service type"),
      startTime: validityTime,
      expireTime: validityTime,
      issueLimit: z.number().int().min(1, "must be at least 1").max(1_000_000, "must be at most 1,000,000"),
    })
    .refine((input) => input.expireTime > input.startTime, { path: ["expireTime"], message: "must be after the start" }),
  output: campaignOutput,
});

export const couponCampaignDetail = endpoint({
  method: "POST",
  path: "/v1/operator/coupon-campaigns/detail",
  access: "operator",
  role: "viewer",
  summary: "A campaign and its coupons in the order they were issued, 50 a page (after: the last coupon id of the page before)",
  input: z.object({ campaignId: z.number().int().positive(), after: pageCursor }),
  output: z.object({ campaign: campaignOutput, coupons: z.array(campaignCouponOutput), nextAfter: z.number().int().nullable() }),
});

export const couponCampaignIssue = endpoint({
  method: "POST",
  path: "/v1/operator/coupon-campaigns/issue",
  access: "operator",
  role: "admin",
  summary: "Issue one coupon of a campaign to each account named; an account holding one already gets none. 404 naming unknown accounts, 409 past the campaign's limit or end",
  input: z.object({
    campaignId: z.number().int().positive(),
    accounts: z
      .array(requiredText(128))
      .min(1, "name at least one account")
      .max(ISSUE_ACCOUNTS_MAX, `name at most ${ISSUE_ACCOUNTS_MAX} accounts at once`)
      .meta({ examples: [["demo@camcloud.example"]] }),
  }),
  output: z.object({ issued: z.array(z.string()), alreadyHeld: z.array(z.string()) }),
});

export const couponCampaignRevoke = endpoint({
  method: "POST",
  path: "/v1/operator/coupon-campaigns/revoke",
  access: "operator",
  role: "admin",
  summary: "Revoke an unused coupon of a campaign (409 for one an order used or holds)",
  input: z.object({ campaignId: z.number().int().positive(), couponId: z.number().int().positive() }),
  output: campaignCouponOutput,
});

const cardKind = z.enum(["vip", "storage"]).meta({ examples: ["vip"] });
/** A generated card's key in the table (its code's keyed hash, docs/decisions/060), which names it and is no code. */
const cardKey = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "must be a card key")
  .meta({ examples: ["5d41402abc4b2a76b9719d911017c592ae2c4f1b8e0d1a3c6f7e8d9c0b1a2f3e"] });
const cardBatchOutput = z.object({
  id: z.number().int(),
  kind: cardKind,
  packageId: z.number().int(),
  packageName: z.string(),
  size: z.number().int(),
  expireTime: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  unused: z.number().int(),
  received: z.number().int(),
  refunded: z.number().int(),
  revoked: z.number().int(),
});

const CARD_STATES = ["unused", "received", "refunded", "revoked"] as const;
const batchCardOutput = z.object({
  /** The card's key (its code's keyed hash): names it to revoke, and is no code. */
  cardKey: z.string(),
  /** The code's last four characters, to tell cards apart. */
  codeEnd: z.string(),
  state: z.enum(CARD_STATES),
  deviceId: z.string().nullable(),
  receivedAt: z.number().int().nullable(),
  refundedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});

export const cardBatchList = endpoint({
  method: "POST",
  path: "/v1/operator/card-batches/list",
  access: "operator",
  role: "viewer",
  summary: "Card batches, newest first, 20 a page, and the packages a new batch may give (VIP and cloud storage)",
  input: z.object({ before: pageCursor }),
  output: z.object({
    batches: z.array(cardBatchOutput),
    nextBefore: z.number().int().nullable(),
    packages: z.array(z.object({ id: z.number().int(), kind: cardKind, name: z.string(), currency: z.string(), periodDays: z.number().int() })),
  }),
});

export const cardBatchCreate = endpoint({
  method: "POST",
  path: "/v1/operator/card-batches/create",
  access: "operator",
  role: "admin",
  summary: `Generate a batch of up to ${CARD_BATCH_MAX.toLocaleString("en")} card codes for a VIP or cloud storage package; the same requestId answers the batch it made`,
  input: z.object({
    requestId,
    kind: cardKind,
    packageId: z.number().int().positive(),
    size: z.number().int().min(1, "must be at least 1").max(CARD_BATCH_MAX, `must be at most ${CARD_BATCH_MAX.toLocaleString("en")}`),
    expireTime: validityTime,
  }),
  output: cardBatchOutput,
});

export const cardBatchDetail = endpoint({
  method: "POST",
  path: "/v1/operator/card-batches/detail",
  access: "operator",
  role: "viewer",
  summary: "A batch and its cards in the order they were made, 50 a page (after: the position of the last card of the page before)",
  input: z.object({ batchId: z.number().int().positive(), after: pageCursor }),
  output: z.object({ batch: cardBatchOutput, cards: z.array(batchCardOutput), nextAfter: z.number().int().nullable() }),
});

export const cardBatchCodes = endpoint({
  method: "POST",
  path: "/v1/operator/card-batches/codes",
  access: "operator",
  role: "admin",
  summary: "A batch's codes as CSV (code, state, device, expiry), streamed a page at a time",
  input: z.object({ batchId: z.number().int().positive() }),
  output: csvStream(["code", "kind", "package_id", "expires_at", "state", "device_id", "received_at"]),
});

export const cardBatchRevoke = endpoint({
  method: "POST",
  path: "/v1/operator/card-batches/revoke",
  access: "operator",
  role: "admin",
  summary: "Revoke a card of a batch that nobody received (409 for a received one)",
  input: z.object({ batchId: z.number().int().positive(), cardKey }),
  output: batchCardOutput,
});
