import { z } from "zod";
import type { PaymentOutcome } from "#api/payments/provider.ts";

/** What Alipay sends and answers, as far as the adapter reads it (unknown fields pass). */

const yuan = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/);

export const TRADE_STATUSES = ["WAIT_BUYER_PAY", "TRADE_CLOSED", "TRADE_SUCCESS", "TRADE_FINISHED"] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/**
 * TRADE_SUCCESS and TRADE_FINISHED (no more refunds possible) both mean paid. TRADE_CLOSED is an unpaid
 * trade that timed out, or a paid one refunded in full: `refunded` tells which.
 */
export function outcomeOfTradeStatus(status: TradeStatus, refunded: boolean): PaymentOutcome {
  switch (status) {
    case "TRADE_SUCCESS":
    case "TRADE_FINISHED":
      return "paid";
    case "TRADE_CLOSED":
      return refunded ? "refunded" : "cancelled";
    case "WAIT_BUYER_PAY":
      return "pending";
  }
}

/** Every response node: code 10000 is success; others name the failure in sub_code. */
export const alipayResult = z.object({
  code: z.string(),
  msg: z.string().optional(),
  sub_code: z.string().optional(),
  sub_msg: z.string().optional(),
});

export const alipayTradeQuery = alipayResult.extend({
  code: z.literal("10000"),
  out_trade_no: z.string().min(1),
  trade_no: z.string().optional(),
  trade_status: z.enum(TRADE_STATUSES),
  total_amount: yuan,
});

export const alipayTradeRefund = alipayResult.extend({
  code: z.literal("10000"),
  out_trade_no: z.string().min(1),
  trade_no: z.string().optional(),
  /** "Y" only when this call moved the money; "N" proves nothing (made before, or not yet): the refund query tells. */
  fund_change: z.enum(["Y", "N"]),
  /** The trade's refunded total so far. */
  refund_fee: yuan,
});

/** alipay.trade.fastpay.refund.query: refund_status is REFUND_SUCCESS once the refund went through, absent until then. */
export const alipayRefundQuery = alipayResult.extend({
  code: z.literal("10000"),
  out_trade_no: z.string().optional(),
  out_request_no: z.string().optional(),
  refund_amount: yuan.optional(),
  refund_status: z.string().optional(),
});

export const alipayTradeClose = alipayResult.extend({
  code: z.literal("10000"),
  out_trade_no: z.string().optional(),
  trade_no: z.string().optional(),
});

/** An asynchronous notification (application/x-www-form-urlencoded), after its signature is checked. */
export const alipayNotification = z.object({
  notify_id: z.string().min(1).max(128),
  notify_time: z.string(),
  notify_type: z.literal("trade_status_sync"),
  app_id: z.string(),
  seller_id: z.string(),
  out_trade_no: z.string().min(1),
  trade_no: z.string().optional(),
  trade_status: z.enum(TRADE_STATUSES),
  total_amount: yuan,
  refund_fee: yuan.optional(),
});
