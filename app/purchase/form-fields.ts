/**
 * The names of the purchase and order forms' fields, shared by the components that post them and the
 * server schemas that read them (app/.server/purchase/forms.ts): a field is renamed in one place.
 */
export const CONFIRM_FIELDS = { intent: "intent", package: "package", coupon: "coupon", payAmount: "payAmount", payMethod: "payMethod", enhanced: "enhanced" } as const;
export const ORDER_FIELDS = { intent: "intent", orderId: "orderId", enhanced: "enhanced" } as const;

/** "1" once the page is hydrated: the browser then follows the step itself (product-rules §4 waits 300 ms). */
export const enhancedValue = (hydrated: boolean) => (hydrated ? "1" : "0");
/** VIP card receive mode's free receive (product-rules §4). */
export const RECEIVE_FIELDS = { intent: "intent", deviceId: "deviceId", deviceType: "deviceType", enhanced: "enhanced" } as const;
/** The cloud card refund's device choice and refund (product-rules §2 screen 8). */
export const CARD_REFUND_FIELDS = { intent: "intent", deviceId: "deviceId", shown: "shown", package: "package", enhanced: "enhanced" } as const;
