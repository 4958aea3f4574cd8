import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "#api/index.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { signedHeaders } from "#test/signed-request.ts";
import { freshBuyers, packageOf, sandboxNotification, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";

/** The Worker as a deployment configured with `overrides` would run it (checkSecrets included). */
async function deployedAs(overrides: Partial<CloudApiEnv>, path: string, init: { accessToken?: string; body?: unknown; method?: string; headers?: Record<string, string> } = {}) {
  const headers = path.startsWith("/v1/") && !path.startsWith("/v1/pay/") ? await signedHeaders(init.accessToken ?? "", init.headers) : (init.headers ?? {});
  const request = new Request(`https://cloud-api.test${path}`, {
    method: init.method ?? "POST",
    headers,
    body: init.method === "GET" ? undefined : JSON.stringify(init.body ?? {}),
  });
  const response = await worker.fetch(request as IncomingRequest, { ...(env as unknown as CloudApiEnv), ...overrides }, createExecutionContext());
  return { http: response.status, text: await response.text() };
}

type IncomingRequest = Parameters<typeof worker.fetch>[0];
const SANDBOX_OFF = { PAYMENT_SANDBOX: undefined } as const;

describe("the payment sandbox is an explicit opt-in that production refuses", () => {
  it("serves no sandbox page, script or provider-API stand-in where it is not turned on", async () => {
    for (const path of ["/sandbox/paypal/sdk/js", "/sandbox/stripe/v3.js", "/sandbox/wechat/pay?prepay_id=x"]) {
      const answer = await deployedAs(SANDBOX_OFF, path, { method: "GET" });
      expect(answer.http).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject({ status: 404, msg: "the payment sandbox is off" });
    }
  });

  it("offers no payment method without a configured provider, and refuses a confirm for one with a clear error", async () => {
    const { cn } = await freshBuyers();
    const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-month-cny");
    const list = await deployedAs(SANDBOX_OFF, "/v1/cloud/package/list", { accessToken: cn.accessToken, body: { deviceId: "CAM-DEMO-001", type: 5 } });
    expect(JSON.parse(list.text).data.payMethods).toEqual([]);
    const confirm = await deployedAs(SANDBOX_OFF, "/v1/cloud/order/h5/confirm/v2", {
      accessToken: cn.accessToken,
      body: { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 5 },
    });
    expect(JSON.parse(confirm.text)).toMatchObject({ status: 400, msg: "invalid params: payMethod: this payment method is not available at the moment" });
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = 1 AND created_at > ?").bind(Math.floor(Date.now() / 1000) - 5).first<{ n: number }>();
    expect(orders?.n).toBe(0);
  });

  it("offers the region's methods with the sandbox on", async () => {
    const { cn } = await freshBuyers();
    const list = await deployedAs({}, "/v1/cloud/package/list", { accessToken: cn.accessToken, body: { deviceId: "CAM-DEMO-001", type: 5 } });
    expect(JSON.parse(list.text).data.payMethods).toEqual([1, 2]);
  });

  it("refuses a sandbox notification where the sandbox is off, so nothing can be paid through it", async () => {
    const { cn } = await freshBuyers();
    const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-month-cny");
    const orderId = await confirmWechat(cn, pkg);
    const notify = await sandboxNotification(await sandboxPaymentOf(orderId), "payment.succeeded");
    const response = await worker.fetch(notify.request() as IncomingRequest, { ...(env as unknown as CloudApiEnv), ...SANDBOX_OFF }, createExecutionContext());
    expect(response.status).toBe(404);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first<{ status: number }>())?.status).toBe(8001);
  });

  it("refuses to serve at all when production is configured with the sandbox", async () => {
    await expect(deployedAs({ ENVIRONMENT: "production" }, "/v1/openapi.json", { method: "GET" })).rejects.toThrowError(
      "cloud-api misconfigured: PAYMENT_SANDBOX: the payment sandbox is refused in production",
    );
    expect((await deployedAs({ ENVIRONMENT: "production", PAYMENT_SANDBOX: undefined }, "/v1/openapi.json", { method: "GET" })).http).toBe(200);
  });

  it("refuses a provider set to the sandbox by name where the sandbox is off", async () => {
    const { cn } = await freshBuyers();
    const list = await deployedAs({ ...SANDBOX_OFF, PAYMENT_WECHAT: "sandbox" }, "/v1/cloud/package/list", { accessToken: cn.accessToken, body: { deviceId: "CAM-DEMO-001", type: 5 } });
    expect(list.http).toBe(200);
    expect(JSON.parse(list.text).data.payMethods).toEqual([]);
  });
});

async function confirmWechat(buyer: Buyer, pkg: { id: number; salePrice: number }) {
  const answer = await deployedAs({}, "/v1/cloud/order/h5/confirm/v2", {
    accessToken: buyer.accessToken,
    body: { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 5 },
  });
  return JSON.parse(answer.text).data.orderId as string;
}
