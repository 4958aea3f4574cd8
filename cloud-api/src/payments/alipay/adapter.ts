import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findPaymentByRef } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { absolutePublicUrl } from "#api/payments/callback-urls.ts";
import { chinaDateTime } from "#api/payments/china-time.ts";
import { centsOfDecimal, decimalOfCents, firstCharacters } from "#api/payments/outbound.ts";
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
import { alipayClient, AlipayRequestFailed } from "#api/payments/alipay/client.ts";
import { alipayConfig } from "#api/payments/alipay/config.ts";
import { gatewayFormHtml } from "#api/payments/alipay/form.ts";
import { verifyAlipayNotification } from "#api/payments/alipay/notifications.ts";
import { alipayRefundQuery, alipayTradeClose, alipayTradeQuery, alipayTradeRefund, outcomeOfTradeStatus } from "#api/payments/alipay/schemas.ts";
import { signedGatewayParams } from "#api/payments/alipay/signing.ts";

/** Alipay's rule for out_trade_no: up to 64 letters, digits and underscores. */
const OUT_TRADE_NO = /^\w{1,64}$/;
const SUBJECT_MAX = 256;

/** A refund's request number follows from the payment's and the refund's own number: a retry is the same refund. */
export const outRequestNoOf = (outTradeNo: string, refundNumber: number) => refundKey(`rf_${outTradeNo}`, refundNumber);

/**
 * Alipay mobile-website payments (alipay.trade.wap.pay): an RSA2-signed form per payment attempt whose
 * out_trade_no is our payment id (also the providerRef: Alipay creates its trade only once the buyer
 * arrives), asynchronous notifications verified with Alipay's public key and answered `success`,
 * alipay.trade.query and alipay.trade.refund through the gateway with signed answers. Docs:
 * docs/decisions/012.
 */
export function alipayProvider(env: CloudApiEnv): PaymentProvider {
  const config = alipayConfig(env);
  const client = alipayClient(config);

  async function queryPayment(ref: string): Promise<PaymentReport> {
    let trade;
    try {
      trade = await client.call("alipay.trade.query", { out_trade_no: ref }, alipayTradeQuery);
    } catch (error) {
      // The buyer never reached Alipay's cashier: no trade, no money.
      if (error instanceof AlipayRequestFailed && error.subCode === "ACQ.TRADE_NOT_EXIST") {
        const payment = await findPaymentByRef(env.DB, "alipay", ref);
        if (!payment) throw new ProviderUnavailable(`no Alipay payment ${ref} here`);
        return { providerRef: ref, outcome: "pending", amountCents: payment.amount_cents, currency: payment.currency_code };
      }
      throw error;
    }
    if (trade.out_trade_no !== ref) throw new ProviderUnavailable(`Alipay answered about ${trade.out_trade_no}, not ${ref}`);
    const cents = centsOfDecimal(trade.total_amount);
    if (cents === null) throw new ProviderUnavailable(`Alipay answered a total_amount that is not money: ${trade.total_amount}`);
    // A query does not say why a trade closed; a refund is recorded when it is made, so closed is cancelled here.
    return { providerRef: ref, outcome: outcomeOfTradeStatus(trade.trade_status, false), amountCents: cents, currency: "CNY" };
  }

  /** Whether the payment's refund went through: Alipay's refund query names REFUND_SUCCESS only then. */
  async function refundMade(ref: string, refundNumber: number): Promise<boolean> {
    const answer = await client.call("alipay.trade.fastpay.refund.query", { out_trade_no: ref, out_request_no: outRequestNoOf(ref, refundNumber) }, alipayRefundQuery);
    return answer.refund_status === "REFUND_SUCCESS";
  }

  return {
    name: "alipay",

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      if (request.currency !== "CNY") throw new Error(`Alipay takes CNY, not ${request.currency}`);
      if (!OUT_TRADE_NO.test(request.paymentId)) throw new Error(`payment id ${request.paymentId} is not a valid Alipay out_trade_no`);
      const now = nowSeconds();
      const back = absolutePublicUrl(env, request.returnUrl);
      const params = await signedGatewayParams(
        config,
        "alipay.trade.wap.pay",
        {
          out_trade_no: request.paymentId,
          total_amount: decimalOfCents(request.amountCents),
          subject: firstCharacters(request.description, SUBJECT_MAX),
          product_code: "QUICK_WAP_WAY",
          // Not payable after the order would have closed (Alipay's default is 15 days).
          time_expire: chinaDateTime(now + orderSettings(env).unpaidTtl),
          ...(back ? { quit_url: back } : {}),
        },
        now,
        { notify_url: config.notifyUrl, ...(back ? { return_url: back } : {}) },
      );
      return { providerRef: request.paymentId, instructions: { alipayForm: gatewayFormHtml(config, params) } };
    },

    verifyNotification: (_request, body) => verifyAlipayNotification(config, body, nowSeconds()),

    acknowledge() {
      // Anything but exactly "success" makes Alipay send the notification again.
      return new Response("success", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    },

    queryPayment,

    // Alipay settles without a capture step.
    capture: queryPayment,

    // A refund is looked up first; asking again with the same out_request_no is how Alipay wants one not made yet retried.
    async refund(ref: string, request: RefundRequest) {
      if (await refundMade(ref, request.number)) return { outcome: "refunded" };
      const refund = await client.call(
        "alipay.trade.refund",
        { out_trade_no: ref, refund_amount: decimalOfCents(request.amountCents), out_request_no: outRequestNoOf(ref, request.number) },
        alipayTradeRefund,
      );
      if (refund.out_trade_no !== ref) throw new ProviderUnavailable(`Alipay refunded ${refund.out_trade_no}, not ${ref}`);
      // Only fund_change "Y" says this call moved the money; anything else is asked again through the refund query.
      return { outcome: refund.fund_change === "Y" ? "refunded" : "pending" };
    },

    async close(ref: string): Promise<CloseOutcome> {
      try {
        const closed = await client.call("alipay.trade.close", { out_trade_no: ref }, alipayTradeClose);
        if (closed.out_trade_no !== undefined && closed.out_trade_no !== ref) throw new ProviderUnavailable(`Alipay closed ${closed.out_trade_no}, not ${ref}`);
        return "closed";
      } catch (error) {
        if (!(error instanceof AlipayRequestFailed)) throw error;
        // The buyer has not reached the cashier: Alipay makes the trade only then, so there is nothing to close yet.
        if (error.subCode === "ACQ.TRADE_NOT_EXIST") return "absent";
        // ACQ.TRADE_STATUS_ERROR, ACQ.TRADE_HAS_SUCCESS, ACQ.TRADE_HAS_CLOSE: not closable; the trade's state tells why.
        const report = await queryPayment(ref);
        if (report.outcome === "paid") return "paid";
        if (report.outcome === "cancelled") return "closed";
        throw error;
      }
    },
  };
}
