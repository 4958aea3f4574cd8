import { z } from "zod";
import { amount, paymentType } from "#contract/fields.ts";
import { CARD_REFUND_FIELDS as F, CONFIRM_FIELDS as C, ORDER_FIELDS as O, RECEIVE_FIELDS as R } from "#app/purchase/form-fields.ts";

/** "1" once the page is hydrated: the browser then follows the step itself (product-rules §4 waits 300 ms). */
const enhanced = z.enum(["0", "1"]).default("0");

/** The payment chooser's post (components/purchase/payment-bar.tsx, payment-chooser.tsx, use-confirm.ts). */
export const confirmForm = z.object({
  [C.intent]: z.literal("confirm"),
  [C.package]: z.coerce.number().int().positive(),
  // The coupon and the amount the screen showed: the cloud-api refuses the order if either no longer holds.
  [C.coupon]: z.union([z.literal("none"), z.coerce.number().int().positive().max(2 ** 31 - 1)]),
  [C.payAmount]: z.coerce.number().pipe(amount),
  [C.payMethod]: z.coerce.number().pipe(paymentType),
  [C.enhanced]: enhanced,
});

/** An order card's cancel or repay (components/orders/order-actions.tsx). */
export const orderForm = z.object({
  [O.intent]: z.enum(["cancel", "repay"]),
  [O.orderId]: z.string().max(64),
  [O.enhanced]: enhanced,
});

/** VIP card receive mode's free receive (components/purchase/vip-receive.tsx). */
export const receiveForm = z.object({
  [R.intent]: z.literal("receive"),
  [R.deviceId]: z.string().min(1).max(64),
  [R.deviceType]: z.coerce.number().int().min(1).max(2),
  [R.enhanced]: enhanced,
});

/** The cloud card refund: choosing a device, or the refund itself (components/card-refund/). */
export const cardRefundForm = z.discriminatedUnion(F.intent, [
  z.object({ [F.intent]: z.literal("device"), [F.deviceId]: z.string().min(1).max(64) }),
  // The device the screen showed ("" for a scanned card): the session's may have changed in another window since.
  z.object({ [F.intent]: z.literal("refund"), [F.shown]: z.string().max(64), [F.package]: z.coerce.number().int().positive().optional(), [F.enhanced]: enhanced }),
]);
