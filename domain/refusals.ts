/**
 * Which refusal an error envelope carries: the optional `reason` beside `{status, msg, data: null}`
 * (docs/decisions/022). `msg` stays the cloud-api's English detail; the storefront words the reason
 * in the buyer's language. A refusal without a reason is worded by its status.
 */
export const REFUSAL_REASONS = [
  "device_not_yours",
  "purchase_signature_invalid",
  "coupon_not_found",
  "coupon_used",
  "coupon_expired",
  "coupon_not_applicable",
  "coupon_minimum_not_met",
  "coupon_worth_more",
  "coupon_price_ceiling",
  "package_not_found",
  "package_not_on_sale",
  "package_wrong_device",
  "price_changed",
  "payment_method_unavailable",
  "payment_provider_unavailable",
  "order_not_found",
  "order_not_cancellable",
  "order_not_payable",
  "paypal_order_not_repayable",
  "order_state_changed",
  "card_not_found",
  "card_already_received",
  "card_expired",
  "card_not_received",
  "card_on_other_device",
  "card_package_missing",
  "no_card_package",
  "sim_not_found",
  "device_has_no_sim",
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function isRefusalReason(value: unknown): value is RefusalReason {
  return typeof value === "string" && (REFUSAL_REASONS as readonly string[]).includes(value);
}
