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

export const orderDetailHref = (orderId: string) => withQuery(href(SCREENS.orderDetail.path), { orderId });
export const receiptHref = (orderId: string) => withQuery(href(SCREENS.orderReceipt.path), { orderId });
/** Product-rules §2: the payment result route, which the providers also send the buyer back to. */
export const paymentResultHref = (orderId: string) => withQuery(href(SCREENS.paymentResult.path), { orderId });
export const alipayCashierHref = (orderId: string) => withQuery(href(SCREENS.alipayCashier.path), { orderId });
export const couponsHref = (query: Query) => withQuery(href(SCREENS.coupons.path), query);
