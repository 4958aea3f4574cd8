import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findPaymentByRef } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { absolutePublicUrl } from "#api/payments/callback-urls.ts";
import { chinaDateTime } from "#api/payments/china-time.ts";
import { centsOfDecimal, decimalOfCents, firstCharacters } from "#api/payments/outbound.ts";
import { isWholeRefund, ProviderUnavailable, refundKey, type CreatedPayment, type PaymentProvider, type PaymentReport, type PaymentRequest, type RefundRequest } from "#api/payments/provider.ts";
import { alipayClient, AlipayRequestFailed } from "#api/payments/alipay/client.ts";
import { alipayConfig } from "#api/payments/alipay/config.ts";
import { gatewayFormHtml } from "#api/payments/alipay/form.ts";
import { verifyAlipayNotification } from "#api/payments/alipay/notifications.ts";
import { alipayTradeQuery, alipayTradeRefund, outcomeOfTradeStatus } from "#api/payments/alipay/schemas.ts";
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

    async refund(ref: string, request: RefundRequest) {
      const refund = await client.call(
        "alipay.trade.refund",
        { out_trade_no: ref, refund_amount: decimalOfCents(request.amountCents), out_request_no: outRequestNoOf(ref, request.number) },
        alipayTradeRefund,
      );
      if (refund.out_trade_no !== ref) throw new ProviderUnavailable(`Alipay refunded ${refund.out_trade_no}, not ${ref}`);
      // fund_change is "N" when a retry finds the refund already made. The trade's refunded total then
      // tells only for a whole refund: after part of a trade was refunded, it counts the earlier parts too.
      const refunded = refund.fund_change === "Y" || (isWholeRefund(request) && (centsOfDecimal(refund.refund_fee) ?? 0) >= request.amountCents);
      return { outcome: refunded ? "refunded" : "pending" };
    },
  };
}
