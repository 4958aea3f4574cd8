import { judgeCoupon, payableCents, type UnusableReason } from "#domain/coupons.ts";
import { currencyForCountry, fromCents, toCents } from "#domain/money.ts";
import { OrderStatus } from "#domain/order-status.ts";
import { visiblePackages } from "#domain/packages.ts";
import type { RefusalReason } from "#domain/refusals.ts";
import { paymentMethod, paymentTypesFor, type PaymentTypeCode } from "#domain/payment-methods.ts";
import { DeviceType, isSoldFor, ServiceType, soldService, type DeviceTypeCode } from "#domain/services.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { buyerIpOf } from "#api/core/buyer-ip.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { offeredPaymentTypes } from "#api/payments/configuration.ts";
import type { DeviceRow } from "#api/repositories/devices.ts";
import { findPackage, type PackageRow } from "#api/repositories/packages.ts";
import { couponStatus, findCouponOfUser, useCouponStatement } from "#api/repositories/coupons.ts";
import { createOrderStatements, findOrder, releasableOrders, releaseCouponStatement, transitionStatement, type NewOrder } from "#api/repositories/orders.ts";
import { cancelOpenPaymentsStatement } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { hmacSha256Hex, timingSafeEqualText } from "#api/core/hashing.ts";
import type { PaymentStart } from "#contract/fields.ts";
import { startPayment } from "#api/services/orders.ts";
import { queueCloses } from "#api/services/provider-closes.ts";

export interface ConfirmRequest {
  deviceId: string;
  deviceType?: number | undefined;
  serviceId?: number | undefined;
  priceId: number;
  payAmount: number;
  payMethod: PaymentTypeCode;
  buyServiceType: number;
  language?: string | undefined;
  countryCode?: string | undefined;
  signature?: string | undefined;
  couponId?: number | null | undefined;
  couponCode?: string | null | undefined;
}

const invalid = (field: string, message: string, reason?: RefusalReason) => new ApiError(Status.invalidParams, `invalid params: ${field}: ${message}`, reason);

/**
 * The purchase signature of a launch payload (product-rules §3 `signature`): the companion app's backend gets it
 * with the token pair and the storefront sends it to confirm v3, which refuses one made for another user.
 * Keyed with the server-to-server secret, not the app secret that ships in every app; without one, no
 * signature is valid.
 */
export async function purchaseSignature(env: Pick<CloudApiEnv, "S2S_SECRET">, userId: number): Promise<string | null> {
  return env.S2S_SECRET ? hmacSha256Hex(env.S2S_SECRET, `purchase:${userId}`) : null;
}

/** The kinds of device as a refusal names them. */
const DEVICE_KINDS = { [DeviceType.camera]: "cameras", [DeviceType.sim]: "SIM devices" } as const;

/** Product-rules §7: PayPal mobile-data orders are sent with buyServiceType 1; every other order names its own type. */
function buyServiceTypeMatches(pkg: PackageRow, buyServiceType: number, payMethod: number): boolean {
  if (buyServiceType === pkg.service_type) return true;
  const sentAsCloudStorage = paymentMethod(payMethod)?.sendsMobileDataAsCloudStorage ?? false;
  return pkg.service_type === ServiceType.mobileData && sentAsCloudStorage && buyServiceType === ServiceType.cloudStorage;
}

/** The chosen coupon, if it may be used; one held by an order this checkout replaces (`released`) may. */
async function requireCoupon(db: D1Database, userId: number, request: ConfirmRequest, pkg: PackageRow, now: number, released: ReadonlySet<string>) {
  if (request.couponId == null) return null;
  const coupon = await findCouponOfUser(db, request.couponId, userId);
  if (!coupon) throw new ApiError(Status.notFound, "coupon not found", "coupon_not_found");
  if (request.couponCode && request.couponCode !== coupon.coupon_code) throw invalid("couponCode", "does not match couponId");
  if (coupon.status !== 0 && !(coupon.used_order_id && released.has(coupon.used_order_id))) throw new ApiError(Status.conflict, "coupon already used", "coupon_used");
  if (coupon.expire_time <= now || coupon.start_time > now) throw new ApiError(Status.conflict, "coupon expired or not yet valid", "coupon_expired");
  if (coupon.currency_code !== pkg.currency_code || (coupon.type !== 0 && coupon.type !== pkg.service_type)) {
    throw new ApiError(Status.conflict, "coupon does not apply to this package", "coupon_not_applicable");
  }
  const terms = { id: coupon.id, status: 0, amountCents: coupon.amount_cents, useLimitAmountCents: coupon.use_limit_amount_cents };
  const { reason } = judgeCoupon(terms, pkg.sale_price_cents);
  if (reason) throw new ApiError(Status.conflict, `coupon not usable for this price: ${reason}`, COUPON_REFUSALS[reason]);
  return terms;
}

/** The refusal of a coupon the price does not allow names the same reason the coupon selector shows. */
const COUPON_REFUSALS: Record<UnusableReason, RefusalReason> = {
  expired: "coupon_expired",
  not_met: "coupon_minimum_not_met",
  worth_more: "coupon_worth_more",
  price_ceiling: "coupon_price_ceiling",
};

function newOrderId(now: number): string {
  const stamp = new Date(now * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0).padStart(10, "0").slice(-6);
  return `${stamp}${digits}`;
}

/**
 * confirm_cloud_order v2/v3: checks everything the buyer sent against the catalogue and the rules,
 * recomputes the payable amount, then creates the order and consumes the coupon in one transaction.
 */
export async function confirmOrder(
  env: CloudApiEnv,
  userId: number,
  facts: { countryCode: string; language: string; request?: Request },
  request: ConfirmRequest,
  device: DeviceRow,
): Promise<PaymentStart> {
  const db = env.DB;
  const now = nowSeconds();
  const country = request.countryCode ?? facts.countryCode;
  if (request.deviceType !== undefined && request.deviceType !== device.device_type) throw invalid("deviceType", "does not match the device");
  if (request.signature) {
    const expected = await purchaseSignature(env, userId);
    if (!expected || !timingSafeEqualText(request.signature, expected)) throw new ApiError(Status.forbidden, "purchase signature does not belong to this user", "purchase_signature_invalid");
  }

  const pkg = await findPackage(db, request.priceId);
  if (!pkg) throw new ApiError(Status.notFound, "package not found", "package_not_found");
  if (request.serviceId !== undefined && request.serviceId !== pkg.service_id) throw invalid("serviceId", "does not match the package");
  if (!buyServiceTypeMatches(pkg, request.buyServiceType, request.payMethod)) throw invalid("buyServiceType", "does not match the package");
  const sellable = visiblePackages([{ isGive: pkg.is_give, isSale: pkg.is_sale, displaySort: 0, serviceId: pkg.service_id }], { serviceType: pkg.service_type });
  if (sellable.length === 0 || pkg.retired_at !== null) throw new ApiError(Status.conflict, "package is not on sale", "package_not_on_sale");
  if (pkg.device_type !== null && pkg.device_type !== device.device_type) {
    throw new ApiError(Status.conflict, `package ${pkg.id} is sold for ${DEVICE_KINDS[pkg.device_type as DeviceTypeCode]} only`, "package_wrong_device");
  }
  if (!isSoldFor(pkg.service_type, device.device_type)) {
    const kinds = soldService(pkg.service_type)?.soldTo.map((kind) => DEVICE_KINDS[kind]);
    const sold = kinds ? `is sold for ${kinds.join(" and ")} only` : "is not sold";
    throw new ApiError(Status.conflict, `service type ${pkg.service_type} ${sold}`, "package_wrong_device");
  }
  if (pkg.currency_code !== currencyForCountry(country)) throw invalid("priceId", `not sold in ${country}'s currency`);
  if (!paymentTypesFor(country).includes(request.payMethod)) throw invalid("payMethod", `not offered in ${country}`, "payment_method_unavailable");
  if (!offeredPaymentTypes(env).includes(request.payMethod)) throw invalid("payMethod", "this payment method is not available at the moment", "payment_method_unavailable");

  const replaced = await releasableOrders(db, { userId, deviceId: device.id, packageId: pkg.id, couponId: request.couponId ?? null });
  const coupon = await requireCoupon(db, userId, request, pkg, now, new Set(replaced.map((order) => order.order_id)));
  const payable = payableCents(pkg.sale_price_cents, coupon);
  if (toCents(request.payAmount) !== payable) throw invalid("payAmount", `must be ${fromCents(payable).toFixed(2)}, the price after the coupon`, "price_changed");

  const settings = orderSettings(env);
  const orderId = newOrderId(now);
  const since = now - settings.rateWindow;
  // The unpaid orders this checkout replaces end first, in the same transaction, giving their coupon back.
  const ended = [OrderStatus.cancelled, OrderStatus.paymentClosed];
  const release = replaced.flatMap(({ order_id }) => [
    transitionStatement(db, order_id, OrderStatus.cancelled, "replaced by a new checkout", now),
    transitionStatement(db, order_id, OrderStatus.paymentClosed, "replaced by a new checkout", now),
    releaseCouponStatement(db, order_id, ended),
    cancelOpenPaymentsStatement(db, order_id, now, ended),
  ]);
  const newOrder: NewOrder = {
    order_id: orderId,
    user_id: userId,
    device_id: device.id,
    service_type: pkg.service_type,
    package_id: pkg.id,
    package_version: pkg.version,
    service_name: pkg.service_name,
    period_days: pkg.period_days,
    currency_code: pkg.currency_code,
    price_cents: pkg.sale_price_cents,
    coupon_id: coupon?.id ?? null,
    discount_cents: pkg.sale_price_cents - payable,
    pay_cents: payable,
    payment_type: request.payMethod,
    language: request.language ?? facts.language,
    country_code: country.toUpperCase(),
    created_at: now,
  };
  const results = await db.batch([
    ...release,
    ...createOrderStatements(db, newOrder, { since, perDevice: settings.ratePerDevice, perUser: settings.ratePerUser }),
    useCouponStatement(db, orderId, coupon?.id ?? null),
  ]);
  await queueCloses(env, results.slice(0, release.length));
  const inserted = results[release.length];
  if (!inserted?.meta.changes) {
    if (coupon) {
      if ((await couponStatus(db, coupon.id)) !== 0) throw new ApiError(Status.conflict, "coupon already used", "coupon_used");
    }
    throw new ApiError(Status.rateLimited, "too many orders in a short time; try again in a few minutes");
  }
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished after creation`);
  return startPayment(env, order, facts.request && buyerIpOf(facts.request));
}
