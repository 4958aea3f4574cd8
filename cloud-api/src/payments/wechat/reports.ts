import type { PaymentReport } from "#api/payments/provider.ts";
import { outcomeOfTradeState, type WechatTransaction } from "#api/payments/wechat/schemas.ts";

/** A transaction as a payment report; null when WeChat left the amount out (an unpaid order). */
export function reportOfTransaction(transaction: WechatTransaction): PaymentReport | null {
  const { total, currency } = transaction.amount ?? {};
  if (total === undefined || currency === undefined) return null;
  return { providerRef: transaction.out_trade_no, outcome: outcomeOfTradeState(transaction.trade_state), amountCents: total, currency };
}
