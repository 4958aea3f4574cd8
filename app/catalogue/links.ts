import { href } from "react-router";
import { SCREENS } from "./screens.ts";

type Query = Record<string, string> | URLSearchParams;

/** A path and its query; an empty query adds no "?". */
export function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams(query);
  return search.size ? `${path}?${search}` : path;
}

/** The query of `url` with `set` applied and `remove` deleted: a link that keeps the rest of a screen's state. */
export function changedQuery(url: URL, set: Record<string, string>, remove: readonly string[] = []): URLSearchParams {
  const next = new URLSearchParams(url.searchParams);
  for (const key of remove) next.delete(key);
  for (const [key, value] of Object.entries(set)) next.set(key, value);
  return next;
}

/** The screens' paths, which have no parameters: built once, not per link (an order list builds one per order). */
const ORDER_DETAIL_PATH = href(SCREENS.orderDetail.path);
const ORDER_RECEIPT_PATH = href(SCREENS.orderReceipt.path);
const PAYMENT_RESULT_PATH = href(SCREENS.paymentResult.path);
const ALIPAY_CASHIER_PATH = href(SCREENS.alipayCashier.path);
const COUPONS_PATH = href(SCREENS.coupons.path);

export const orderDetailHref = (orderId: string) => withQuery(ORDER_DETAIL_PATH, { orderId });
export const receiptHref = (orderId: string) => withQuery(ORDER_RECEIPT_PATH, { orderId });
/** Product-rules §2: the payment result route, which the providers also send the buyer back to. */
export const paymentResultHref = (orderId: string) => withQuery(PAYMENT_RESULT_PATH, { orderId });
export const alipayCashierHref = (orderId: string) => withQuery(ALIPAY_CASHIER_PATH, { orderId });
export const couponsHref = (query: Query) => withQuery(COUPONS_PATH, query);
