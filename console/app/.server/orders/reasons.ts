import { PROVIDER_NAMES } from "#domain/payment-methods.ts";
import type { MessageKey, Translate } from "../../i18n.ts";

/**
 * The reasons the cloud-api and the demo data write into an order's status history (the `reason` of
 * transitionStatement), each with the message that words it in the operator's language. The parts in braces are
 * values (a provider, an operator's email) or free text as typed (a refund reason, a provider's error), shown
 * as they came. A reason not listed here is shown as it came (decision 068).
 */
const SYSTEM_REASONS: [RegExp, MessageKey][] = [
  [/^created$/, "reasons.created"],
  [/^demo history$/, "reasons.demoHistory"],
  [/^approved by the buyer at the provider$/, "reasons.approved"],
  [/^paid through (?<provider>\S+)$/, "reasons.paid"],
  [/^payment failed at (?<provider>\S+)$/, "reasons.paymentFailed"],
  [/^cancelled by the buyer$/, "reasons.cancelledByBuyer"],
  [/^replaced by a new checkout$/, "reasons.replaced"],
  [/^not paid in time$/, "reasons.notPaidInTime"],
  [/^fulfilment started$/, "reasons.fulfilmentStarted"],
  [/^period granted$/, "reasons.periodGranted"],
  [/^service period ended$/, "reasons.periodEnded"],
  [/^fulfilment failed: (?<text>[\s\S]*)$/, "reasons.fulfilmentFailed"],
  [/^refund requested$/, "reasons.refundRequested"],
  [/^refund asked for again$/, "reasons.refundAskedAgain"],
  [/^refund asked for by (?<email>\S+): (?<text>[\s\S]*)$/, "reasons.refundByOperator"],
  [/^refund asked for again by (?<email>\S+): (?<text>[\s\S]*)$/, "reasons.refundAgainByOperator"],
  [/^refund confirmed by (?<provider>\S+)$/, "reasons.refundConfirmed"],
  [/^refunded by (?<provider>\S+)$/, "reasons.refunded"],
  [/^refund failed at (?<provider>\S+)$/, "reasons.refundFailedAt"],
  [/^refund failed: (?<text>[\s\S]*)$/, "reasons.refundFailed"],
];

const PROVIDERS: readonly string[] = PROVIDER_NAMES;

/** A payment provider by the name a buyer knows it ("Alipay"), as the method column says it; an unknown one as it came. */
export function providerName(provider: string, t: Translate): string {
  return PROVIDERS.includes(provider) ? t(`providers.${provider}` as MessageKey) : provider;
}

/** A status history reason in the operator's language when it is one of the system's own; free text as typed. */
export function reasonText(reason: string, t: Translate): string {
  for (const [pattern, key] of SYSTEM_REASONS) {
    const match = pattern.exec(reason);
    if (match) return t(key, match.groups?.provider === undefined ? match.groups : { ...match.groups, provider: providerName(match.groups.provider, t) });
  }
  return reason;
}
