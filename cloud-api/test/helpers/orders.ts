import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import worker from "#api/index.ts";
import type { FulfilmentMessage } from "#api/fulfilment/message.ts";
import { SANDBOX_SIGNATURE_HEADER, sandboxEventFor, signSandboxPayload, type SandboxEventType } from "#api/payments/sandbox/notifications.ts";
import type { SandboxPaymentRow } from "#api/repositories/sandbox-payments.ts";
import { signedFetch, signIn } from "#test/signed-request.ts";
import { OrderStatus } from "#domain/order-status.ts";

export interface Buyer {
  accessToken: string;
  country?: "CN" | "US";
}

export function call(buyer: Buyer, path: string, body: unknown) {
  return signedFetch(path, body, { accessToken: buyer.accessToken, headers: { countryCode: buyer.country ?? "CN" } });
}

/** The package list entry with a product id, as the storefront would read it before confirming. */
export async function packageOf(buyer: Buyer, deviceId: string, type: number, productId: string) {
  const { body } = await call(buyer, "/v1/cloud/package/list", { deviceId, type });
  const pkg = (body?.data.packageList as { id: number; productId: string; salePrice: number; serviceId: number }[]).find((p) => p.productId === productId);
  if (!pkg) throw new Error(`no package ${productId}`);
  return pkg;
}

export async function orderRow(orderId: string) {
  return env.DB.prepare("SELECT * FROM orders WHERE order_id = ?").bind(orderId).first<{ status: number; coupon_id: number | null; pay_cents: number }>();
}

export async function orderEvents(orderId: string) {
  const { results } = await env.DB.prepare("SELECT from_status, to_status, reason FROM order_events WHERE order_id = ? ORDER BY id").bind(orderId).all<{
    from_status: number | null;
    to_status: number;
    reason: string;
  }>();
  return results;
}

export async function sandboxPaymentOf(orderId: string): Promise<SandboxPaymentRow> {
  const row = await env.DB.prepare("SELECT * FROM sandbox_payments WHERE merchant_order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(orderId)
    .first<SandboxPaymentRow>();
  if (!row) throw new Error(`no sandbox payment for ${orderId}`);
  return row;
}

/** A notification signed exactly as the sandbox provider signs one; `tamper` changes it after signing. */
export async function sandboxNotification(
  payment: SandboxPaymentRow,
  type: SandboxEventType,
  options: { secret?: string; age?: number; tamper?: (body: string) => string; path?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000) - (options.age ?? 0);
  const body = JSON.stringify(sandboxEventFor(payment, type, now));
  const signature = await signSandboxPayload(options.secret ?? env.SANDBOX_NOTIFY_SECRET, body, now);
  const request = () =>
    new Request(`https://cloud-api.test${options.path ?? `/v1/pay/notify/${payment.method}`}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
      body: options.tamper ? options.tamper(body) : body,
    });
  return Object.assign(() => SELF.fetch(request()), { request });
}

/**
 * The demo buyer in China and in the US, starting from a clean rate-limit window (earlier orders move
 * an hour back), for a beforeEach.
 */
export async function freshBuyers(): Promise<{ cn: Buyer; us: Buyer }> {
  await ageOrders();
  const { accessToken } = await signIn();
  return { cn: { accessToken, country: "CN" }, us: { accessToken, country: "US" } };
}

/** Lets a test start from a clean rate-limit window: earlier orders move an hour back. */
export async function ageOrders(): Promise<void> {
  await env.DB.prepare("UPDATE orders SET created_at = created_at - 3600 WHERE created_at > ?").bind(Math.floor(Date.now() / 1000) - 3600).run();
}

/** A WeChat Pay order of `buyer`, paid in the sandbox, with its notification applied (8003 and queued). */
export async function paidOrder(buyer: Buyer, deviceId: string, type: number, productId: string, couponId?: number, payAmount?: number) {
  const pkg = await packageOf(buyer, deviceId, type, productId);
  const { body } = await call(buyer, "/v1/cloud/order/h5/confirm/v2", { deviceId, priceId: pkg.id, payAmount: payAmount ?? pkg.salePrice, payMethod: 1, buyServiceType: type, couponId });
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  const orderId = body.data.orderId as string;
  await payInSandbox(orderId);
  return orderId;
}

/** Pays an order's sandbox payment and applies its notification (8003 and queued). */
export async function payInSandbox(orderId: string) {
  const payment = await sandboxPaymentOf(orderId);
  await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
  const notified = await (await sandboxNotification(payment, "payment.succeeded"))();
  if (notified.status !== 200) throw new Error(`payment notification refused: ${await notified.text()}`);
}

/** One delivery of the order's fulfilment message, as the queue would make it on its `attempts`th try. */
export async function deliver(orderId: string, attempts = 1, id = `m-${orderId}-${attempts}`) {
  const batch = createMessageBatch<FulfilmentMessage>("camcloud-fulfilment-local", [{ id, timestamp: new Date(), attempts, body: { orderId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** Reads until `done` holds (the queue works in the background), at most about five seconds; the last read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

export function waitForStatus(orderId: string, done: (status: number) => boolean) {
  return eventually(async () => (await orderRow(orderId))?.status ?? 0, done);
}

/** A fulfilled order (purchase succeeded) of the user's from the demo data, for the calls that name an order. */
export async function fulfilledOrderOf(userId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT order_id FROM orders WHERE user_id = ? AND status = ? ORDER BY created_at LIMIT 1").bind(userId, OrderStatus.purchaseSucceeded).first<{ order_id: string }>();
  if (!row) throw new Error("the user has no fulfilled order (purchase succeeded) in the demo data");
  return row.order_id;
}
