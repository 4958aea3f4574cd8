import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { firstCharacters } from "#api/payments/outbound.ts";
import { findPaymentByRef } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { chinaRfc3339 } from "#api/payments/china-time.ts";
import {
  ProviderUnavailable,
  refundKey,
  type CloseOutcome,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentReport,
  type PaymentRequest,
  type RefundRequest,
} from "#api/payments/provider.ts";
import { wechatPayClient, WechatPayRequestFailed } from "#api/payments/wechat/client.ts";
import { wechatPayConfig } from "#api/payments/wechat/config.ts";
import { verifyWechatNotification } from "#api/payments/wechat/notifications.ts";
import { reportOfTransaction } from "#api/payments/wechat/reports.ts";
import { noAnswerBody, outcomeOfTradeState, wechatH5Order, wechatRefund, wechatTransaction, type WechatRefund } from "#api/payments/wechat/schemas.ts";

/** WeChat's rule for out_trade_no: 6-32 of digits, letters and _-|*. */
const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
/** description is at most 127 characters. */
const DESCRIPTION_MAX = 127;

/** A refund's number follows from the payment's and the refund's own number: a retry is the same refund. */
export const outRefundNoOf = (outTradeNo: string, refundNumber: number) => refundKey(`rf_${outTradeNo}`, refundNumber);

/**
 * WeChat Pay APIv3, H5 payments: an order per payment attempt whose out_trade_no is our payment id
 * (also the providerRef: H5 returns no prepay id), the h5_url the storefront sends the buyer to,
 * notifications verified with the platform public key and decrypted with the APIv3 key, queries and
 * refunds by out_trade_no. Every answer must carry WeChat's signature. Docs: docs/decisions/012.
 */
export function wechatPayProvider(env: CloudApiEnv): PaymentProvider {
  const config = wechatPayConfig(env);
  const client = wechatPayClient(config);

  async function queryPayment(ref: string): Promise<PaymentReport> {
    let transaction;
    try {
      transaction = await client.call("GET", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(ref)}?mchid=${encodeURIComponent(config.mchId)}`, undefined, wechatTransaction);
    } catch (error) {
      // An order WeChat has not seen took no money: nothing to settle yet.
      if (error instanceof WechatPayRequestFailed && error.code === "ORDER_NOT_EXIST") return unpaidReport(ref, "pending");
      throw error;
    }
    if (transaction.out_trade_no !== ref || transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      throw new ProviderUnavailable(`WeChat Pay answered about ${transaction.out_trade_no} of ${transaction.mchid}/${transaction.appid}, not ${ref}`);
    }
    const report = reportOfTransaction(transaction);
    if (report) return report;
    const outcome = outcomeOfTradeState(transaction.trade_state);
    if (outcome === "paid" || outcome === "refunded") throw new ProviderUnavailable(`WeChat Pay answered ${transaction.trade_state} for ${ref} without its amount`);
    return unpaidReport(ref, outcome);
  }

  /** No money moved, and WeChat left the amount out: the report carries the amount we asked for. */
  async function unpaidReport(ref: string, outcome: "pending" | "cancelled" | "failed"): Promise<PaymentReport> {
    const payment = await findPaymentByRef(env.DB, "wechat", ref);
    if (!payment) throw new ProviderUnavailable(`no WeChat Pay payment ${ref} here`);
    return { providerRef: ref, outcome, amountCents: payment.amount_cents, currency: payment.currency_code };
  }

  /** The payment's refund as WeChat has it now, or null when WeChat has none (it was never asked for, or never arrived). */
  async function refundOf(ref: string, refundNumber: number): Promise<WechatRefund | null> {
    try {
      return await client.call("GET", `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNoOf(ref, refundNumber))}`, undefined, wechatRefund);
    } catch (error) {
      if (error instanceof WechatPayRequestFailed && error.code === "RESOURCE_NOT_EXISTS") return null;
      throw error;
    }
  }

  return {
    name: "wechat",

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      if (request.currency !== "CNY") throw new Error(`WeChat Pay takes CNY, not ${request.currency}`);
      if (!OUT_TRADE_NO.test(request.paymentId)) throw new Error(`payment id ${request.paymentId} is not a valid WeChat Pay out_trade_no`);
      if (!request.payerIp) {
        throw new Error("WeChat Pay H5 needs the buyer's IP: the confirm request must carry X-Forwarded-For (or CF-Connecting-IP)");
      }
      const order = await client.call(
        "POST",
        "/v3/pay/transactions/h5",
        {
          appid: config.appId,
          mchid: config.mchId,
          description: firstCharacters(request.description, DESCRIPTION_MAX),
          out_trade_no: request.paymentId,
          // Not payable after the order would have closed, so that late money is rare.
          time_expire: chinaRfc3339(nowSeconds() + orderSettings(env).unpaidTtl),
          notify_url: config.notifyUrl,
          amount: { total: request.amountCents, currency: "CNY" },
          scene_info: { payer_client_ip: request.payerIp, h5_info: { type: "Wap" } },
        },
        wechatH5Order,
      );
      return { providerRef: request.paymentId, instructions: { h5PaymentUrl: order.h5_url } };
    },

    verifyNotification: (request, body) => verifyWechatNotification(config, request, body, nowSeconds()),

    acknowledge() {
      // WeChat Pay takes 200 or 204 without a body as "received".
      return new Response(null, { status: 204 });
    },

    queryPayment,

    // WeChat Pay settles without a capture step.
    capture: queryPayment,

    // A refund already asked for is followed by its status query; only one WeChat does not have is asked for.
    async refund(ref: string, { number, amountCents, paymentCents }: RefundRequest) {
      const refund =
        (await refundOf(ref, number)) ??
        (await client.call(
          "POST",
          "/v3/refund/domestic/refunds",
          {
            out_trade_no: ref,
            out_refund_no: outRefundNoOf(ref, number),
            notify_url: config.notifyUrl,
            // total is what the buyer paid for the order, whatever part of it this refund gives back.
            amount: { refund: amountCents, total: paymentCents, currency: "CNY" },
          },
          wechatRefund,
        ));
      if (refund.status === "SUCCESS") return { outcome: "refunded" };
      if (refund.status === "PROCESSING") return { outcome: "pending" };
      // ABNORMAL: the buyer's account cannot take the money back; CLOSED: WeChat gave up. Either way the debt stays owed.
      throw new ProviderUnavailable(`WeChat Pay refund ${refund.out_refund_no} of ${ref} is ${refund.status}`);
    },

    async close(ref: string): Promise<CloseOutcome> {
      try {
        await client.call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(ref)}/close`, { mchid: config.mchId }, noAnswerBody);
        return "closed";
      } catch (error) {
        if (!(error instanceof WechatPayRequestFailed)) throw error;
        if (error.code === "ORDER_CLOSED") return "closed";
        // Paid before the close (ORDERPAID), or refused for another reason: the order's own state tells.
        const report = await queryPayment(ref);
        if (report.outcome === "paid" || report.outcome === "refunded") return "paid";
        if (report.outcome === "cancelled" || report.outcome === "failed") return "closed";
        throw error;
      }
    },
  };
}
