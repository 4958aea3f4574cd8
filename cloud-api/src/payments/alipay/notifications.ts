import { parseChinaDateTime } from "#api/payments/china-time.ts";
import { verifyRsaSha256 } from "#api/payments/crypto/rsa.ts";
import { centsOfDecimal } from "#api/payments/outbound.ts";
import { NotificationRejected, type UnfollowedNotification, type VerifiedNotification } from "#api/payments/provider.ts";
import type { AlipayConfig } from "#api/payments/alipay/config.ts";
import { alipayNotification, outcomeOfTradeStatus } from "#api/payments/alipay/schemas.ts";
import { signingContent } from "#api/payments/alipay/signing.ts";

/**
 * Alipay repeats an unanswered notification for about 25 hours (4m, 10m, 10m, 1h, 2h, 6h, 15h);
 * one sent longer ago than this is a replay.
 */
export const ALIPAY_NOTIFICATION_MAX_AGE_SECONDS = 48 * 3600;

/**
 * An Alipay asynchronous notification (POST /v1/pay/notify/alipay, form-encoded): RSA2 over every
 * parameter but sign and sign_type, empty ones included, values URL-decoded, verified with Alipay's public key; one that
 * names another app or seller id is not followed. notify_id is the event id.
 */
export async function verifyAlipayNotification(config: AlipayConfig, body: string, now: number): Promise<VerifiedNotification | UnfollowedNotification> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(params, name)) throw new NotificationRejected(`parameter ${name} appears twice`);
    params[name] = value;
  }
  const sign = params.sign;
  if (!sign) throw new NotificationRejected("notification without sign");
  if (params.sign_type !== undefined && params.sign_type !== "RSA2") throw new NotificationRejected(`sign_type ${params.sign_type}, not RSA2`);
  if (!(await verifyRsaSha256(await config.alipayPublicKey(), signingContent(params, ["sign", "sign_type"], "kept"), sign))) {
    throw new NotificationRejected("notification signature does not verify with the Alipay public key");
  }

  if (params.notify_id && params.notify_type && params.notify_type !== "trade_status_sync") {
    return { eventId: params.notify_id, unfollowed: `Alipay notification ${params.notify_type}` };
  }
  const parsed = alipayNotification.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new NotificationRejected(`notification: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const notification = parsed.data;
  // Signed by Alipay for another app or seller: genuine but not ours, so acknowledged (a refused one is sent again for a day).
  if (notification.app_id !== config.appId) return { eventId: notification.notify_id, unfollowed: `Alipay notification for app ${notification.app_id}` };
  if (notification.seller_id !== config.sellerId) return { eventId: notification.notify_id, unfollowed: `Alipay notification for seller ${notification.seller_id}` };
  const sentAt = parseChinaDateTime(notification.notify_time);
  if (sentAt === null || now - sentAt > ALIPAY_NOTIFICATION_MAX_AGE_SECONDS || sentAt - now > 300) {
    throw new NotificationRejected("notify_time outside the allowed window");
  }

  const totalCents = centsOfDecimal(notification.total_amount);
  const refundedCents = notification.refund_fee === undefined ? 0 : centsOfDecimal(notification.refund_fee);
  if (totalCents === null || refundedCents === null) throw new NotificationRejected("notification amounts are not money");
  return {
    eventId: notification.notify_id,
    providerRef: notification.out_trade_no,
    outcome: outcomeOfTradeStatus(notification.trade_status, refundedCents > 0 && refundedCents === totalCents),
    amountCents: totalCents,
    // Alipay trades in CNY (total_amount is in yuan).
    currency: "CNY",
  };
}
