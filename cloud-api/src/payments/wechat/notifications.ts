import type { z } from "zod";
import { NotificationRejected, type UnfollowedNotification, type VerifiedNotification } from "#api/payments/provider.ts";
import type { WechatPayConfig } from "#api/payments/wechat/config.ts";
import { decryptResource } from "#api/payments/wechat/resource.ts";
import { reportOfTransaction } from "#api/payments/wechat/reports.ts";
import { wechatNotification, wechatRefundResource, wechatTransaction } from "#api/payments/wechat/schemas.ts";
import { wechatpaySignatureProblem } from "#api/payments/wechat/signing.ts";

function parsed<T extends z.ZodType>(schema: T, text: string, what: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NotificationRejected(`${what} is not JSON`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new NotificationRejected(`${what}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return result.data;
}

/**
 * A WeChat Pay notification (POST /v1/pay/notify/wechat): the signature over the raw body first, then
 * the encrypted resource; one naming another merchant (or app, for a payment: the merchant's mini program, say) is
 * genuine but not followed, so acknowledged rather than sent again for a day. TRANSACTION.SUCCESS
 * says a payment went through; REFUND.* answers a refund we asked for. The notification id is the
 * event id: WeChat repeats it on every retry.
 */
export async function verifyWechatNotification(
  config: WechatPayConfig,
  request: Request,
  body: string,
  now: number,
): Promise<VerifiedNotification | UnfollowedNotification> {
  const problem = await wechatpaySignatureProblem(config, request.headers, body, now);
  if (problem) throw new NotificationRejected(problem);
  const notification = parsed(wechatNotification, body, "notification body");
  const plain = await decryptResource(config.apiV3Key, notification.resource);
  if (plain === null) throw new NotificationRejected("the resource does not decrypt with the APIv3 key");

  if (notification.event_type.startsWith("TRANSACTION.") && notification.resource.original_type === "transaction") {
    const transaction = parsed(wechatTransaction, plain, "transaction");
    if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      return { eventId: notification.id, unfollowed: `WeChat Pay transaction of merchant ${transaction.mchid} / app ${transaction.appid}` };
    }
    const report = reportOfTransaction(transaction);
    if (!report) throw new NotificationRejected("transaction without amount or currency");
    return { ...report, eventId: notification.id };
  }

  if (notification.event_type.startsWith("REFUND.") && notification.resource.original_type === "refund") {
    const refund = parsed(wechatRefundResource, plain, "refund");
    if (refund.mchid !== config.mchId) return { eventId: notification.id, unfollowed: `WeChat Pay refund of merchant ${refund.mchid}` };
    // Only whole payments are refunded; anything else (closed, abnormal, partial) changes nothing here.
    const whole = refund.refund_status === "SUCCESS" && refund.amount.refund === refund.amount.total;
    return {
      eventId: notification.id,
      providerRef: refund.out_trade_no,
      outcome: whole ? "refunded" : "pending",
      amountCents: refund.amount.total,
      currency: "CNY",
    };
  }

  return { eventId: notification.id, unfollowed: `WeChat Pay notification ${notification.event_type} (${notification.resource.original_type})` };
}
