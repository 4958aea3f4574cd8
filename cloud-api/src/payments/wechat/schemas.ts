import { z } from "zod";
import type { PaymentOutcome } from "#api/payments/provider.ts";

/** What WeChat Pay APIv3 sends and answers, as far as the adapter reads it (unknown fields pass). */

const TRADE_STATE_OUTCOMES = {
  SUCCESS: "paid",
  REFUND: "refunded",
  NOTPAY: "pending",
  USERPAYING: "pending",
  CLOSED: "cancelled",
  REVOKED: "cancelled",
  PAYERROR: "failed",
} as const satisfies Record<string, PaymentOutcome>;
type TradeState = keyof typeof TRADE_STATE_OUTCOMES;

export function outcomeOfTradeState(state: TradeState): (typeof TRADE_STATE_OUTCOMES)[TradeState] {
  return TRADE_STATE_OUTCOMES[state];
}

const fen = z.number().int().nonnegative();

/** A transaction: the answer to a query, and the decrypted resource of TRANSACTION.SUCCESS. */
export const wechatTransaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional(),
  trade_state: z.enum(Object.keys(TRADE_STATE_OUTCOMES) as [TradeState, ...TradeState[]]),
  trade_state_desc: z.string().optional(),
  // WeChat returns the amount once paid; an unpaid order's answer may leave it (or its currency) out.
  amount: z.object({ total: fen.optional(), currency: z.string().optional() }).optional(),
});
export type WechatTransaction = z.infer<typeof wechatTransaction>;

/** The decrypted resource of REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED (no currency: CNY). */
export const wechatRefundResource = z.object({
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  out_refund_no: z.string().min(1),
  refund_id: z.string().optional(),
  refund_status: z.enum(["SUCCESS", "CLOSED", "ABNORMAL", "PROCESSING"]),
  amount: z.object({ total: fen, refund: fen }),
});

export const wechatNotification = z.object({
  id: z.string().min(1).max(64),
  create_time: z.string().optional(),
  event_type: z.string().min(1),
  resource_type: z.literal("encrypt-resource"),
  summary: z.string().optional(),
  resource: z.object({
    algorithm: z.literal("AEAD_AES_256_GCM"),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    original_type: z.string(),
    nonce: z.string().min(1),
  }),
});

export const wechatH5Order = z.object({ h5_url: z.url({ protocol: /^https$/ }) });

/** A refund: the answer to a refund request and to a refund status query. */
export const wechatRefund = z.object({
  refund_id: z.string().optional(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  status: z.enum(["SUCCESS", "CLOSED", "PROCESSING", "ABNORMAL"]),
  amount: z.object({ total: fen, refund: fen, currency: z.string().optional() }),
});

export type WechatRefund = z.infer<typeof wechatRefund>;

/** 204 No Content (a close): nothing to read. */
export const noAnswerBody = z.undefined();

export const wechatError = z.object({ code: z.string(), message: z.string().optional() });
