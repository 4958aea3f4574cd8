import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { safeRedirect } from "#api/payments/sandbox/routes.ts";
import { freshBuyers, call, eventually, orderRow, packageOf, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";

const ORIGIN = "https://cloud-api.test";
let cn: Buyer;
let us: Buyer;

beforeEach(async () => {
  ({ cn, us } = await freshBuyers());
});

async function confirm(buyer: Buyer, payMethod: 1 | 2 | 3 | 4) {
  const currency = buyer.country === "US" ? "usd" : "cny";
  const pkg = await packageOf(buyer, "CAM-DEMO-001", 6, `ai-month-${currency}`);
  const { body } = await call(buyer, "/v1/cloud/order/h5/confirm/v3", { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod, buyServiceType: 6 });
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return body.data as { orderId: string; h5PaymentUrl: string; alipayForm: string; payPalOrderId: string; sessionId: string };
}

const post = (path: string, fields: Record<string, string>) =>
  SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

/** The hidden fields of the Alipay form the storefront would auto-submit. */
function formFields(form: string): Record<string, string> {
  return Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? "", (m[2] ?? "").replace(/&amp;/g, "&")]));
}

describe("WeChat H5 sandbox", () => {
  it("shows the amount and pays, then sends the buyer to a safe redirect_url", async () => {
    const order = await confirm(cn, 1);
    const page = await SELF.fetch(`${ORIGIN}${order.h5PaymentUrl}&redirect_url=%2Fresult%3FdemoOrder%3D1`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain("SANDBOX");
    expect(text).toContain("¥15.00");
    const ref = (await sandboxPaymentOf(order.orderId)).ref;
    const paid = await post("/sandbox/wechat/pay", { prepay_id: ref, redirect_url: "/result?demoOrder=1", action: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("/result?demoOrder=1");
    expect((await orderRow(order.orderId))?.status).toBeGreaterThanOrEqual(8003);
    const again = await post("/sandbox/wechat/pay", { prepay_id: ref, redirect_url: "/result", action: "fail" });
    expect(again.status).toBe(303);
    expect((await orderRow(order.orderId))?.status).toBeGreaterThanOrEqual(8003);
  });

  it("fails (8004) or cancels (stays 8001) as chosen, and never follows a foreign redirect", async () => {
    const failing = await confirm(cn, 1);
    const failed = await post("/sandbox/wechat/pay", { prepay_id: (await sandboxPaymentOf(failing.orderId)).ref, redirect_url: "https://evil.example/x", action: "fail" });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain("Payment failed");
    expect((await orderRow(failing.orderId))?.status).toBe(8004);
    const cancelling = await confirm(cn, 1);
    await post("/sandbox/wechat/pay", { prepay_id: (await sandboxPaymentOf(cancelling.orderId)).ref, redirect_url: "//evil.example", action: "cancel" });
    expect((await orderRow(cancelling.orderId))?.status).toBe(8001);
    expect((await SELF.fetch(`${ORIGIN}/sandbox/wechat/pay?prepay_id=wxNOPE`)).status).toBe(404);
  });

  it("shows the checkout of an attempt that ended as closed, with nothing to pay: the cancel closed it", async () => {
    const order = await confirm(cn, 1);
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId: order.orderId })).body?.status).toBe(200);
    const closed = await eventually(
      async () => (await SELF.fetch(`${ORIGIN}${order.h5PaymentUrl}`)).text(),
      (text) => text.includes("This checkout is closed"),
    );
    expect(closed).toContain("It can no longer be paid");
    expect(closed).not.toContain('value="pay"');
    const { ref } = await sandboxPaymentOf(order.orderId);
    await post("/sandbox/wechat/pay", { prepay_id: ref, redirect_url: "/result", action: "pay" });
    expect((await sandboxPaymentOf(order.orderId)).status).toBe("cancelled");
    expect((await orderRow(order.orderId))?.status).toBe(8007);
  });

  it("accepts only root-relative or same-host redirects", () => {
    const here = "https://shop.example/sandbox/wechat/pay";
    expect(safeRedirect("/app-h5/cloud/order/payment/result?orderId=1", here)).toBe("/app-h5/cloud/order/payment/result?orderId=1");
    expect(safeRedirect("https://shop.example/x", here)).toBe("https://shop.example/x");
    for (const bad of ["//evil.example/x", "/\\evil.example", "https://evil.example/x", "javascript:alert(1)", "", null]) {
      expect(safeRedirect(bad, here)).toBeNull();
    }
  });

  it("judges a redirect by where a browser would land: tabs, newlines and dot segments cannot reach another host", () => {
    const here = "https://shop.example/sandbox/wechat/pay";
    for (const bad of ["/\t/evil.example", "/\n/evil.example", "\t//evil.example", "/\r\n/evil.example/x", "/.//evil.example", "/%2e//evil.example", "https://shop.example.evil.example/"]) {
      expect(safeRedirect(bad, here), JSON.stringify(bad)).toBeNull();
    }
    expect(safeRedirect("/app-h5/x?a=1\nb", here)).toBe("/app-h5/x?a=1b");
    // Another port or scheme on the same host is another site.
    for (const other of ["http://shop.example/x", "https://shop.example:8443/x", "HTTP://shop.example:1/x"]) expect(safeRedirect(other, here), other).toBeNull();
  });

  it("answers a checkout post whose redirect hides a newline or a tab without an error or a redirect elsewhere", async () => {
    for (const redirect_url of ["/\t/evil.example", "/app-h5/x\r\nSet-Cookie: a=b", "/\n/evil.example"]) {
      const order = await confirm(cn, 1);
      const answer = await post("/sandbox/wechat/pay", { prepay_id: (await sandboxPaymentOf(order.orderId)).ref, redirect_url, action: "cancel" });
      expect(answer.status).toBeLessThan(500);
      const location = answer.headers.get("location");
      if (location) expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });

  it("serves its pages with a CSP that allows no inline script and no framing by other sites", async () => {
    const order = await confirm(cn, 1);
    const page = await SELF.fetch(`${ORIGIN}/sandbox/wechat/pay?prepay_id=${(await sandboxPaymentOf(order.orderId)).ref}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(await page.text()).not.toMatch(/<script>/);
  });
});

describe("Alipay sandbox", () => {
  it("takes the signed form, pays and returns to the result page with the trade", async () => {
    const order = await confirm(cn, 2);
    const fields = formFields(order.alipayForm);
    // The post is answered with a redirect to the checkout, so that Back from the result page posts nothing again.
    const gateway = await post("/sandbox/alipay/gateway.do", fields);
    expect(gateway.status).toBe(303);
    const checkoutUrl = `${ORIGIN}${gateway.headers.get("location")}`;
    expect(checkoutUrl).toBe(`${ORIGIN}/sandbox/alipay/checkout?trade_no=${fields.trade_no}`);
    const checkout = await SELF.fetch(checkoutUrl);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("¥15.00");
    const paid = await post("/sandbox/alipay/pay", { trade_no: fields.trade_no ?? "", action: "pay" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "", ORIGIN);
    expect(back.pathname).toBe("/app-h5/cloud/order/payment/result");
    expect(back.searchParams.get("orderId")).toBe(order.orderId);
    expect(back.searchParams.get("trade_no")).toBe(fields.trade_no);
    expect((await orderRow(order.orderId))?.status).toBeGreaterThanOrEqual(8003);
    // Back to the paid trade's checkout returns to the merchant's result page.
    const again = await SELF.fetch(checkoutUrl, { redirect: "manual" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(paid.headers.get("location"));
  });

  it("refuses a form whose amount was changed in the browser", async () => {
    const order = await confirm(cn, 2);
    const fields = formFields(order.alipayForm);
    const tampered = await post("/sandbox/alipay/gateway.do", { ...fields, total_amount: "0.01" });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("signature does not match");
    expect((await orderRow(order.orderId))?.status).toBe(8001);
  });
});

describe("PayPal sandbox", () => {
  it("serves an SDK that defines paypal.Buttons", async () => {
    const sdk = await SELF.fetch(`${ORIGIN}/sandbox/paypal/sdk/js?client-id=sandbox&currency=USD`);
    expect(sdk.headers.get("content-type")).toMatch(/^application\/javascript/);
    const source = await sdk.text();
    expect(source).toContain("window.paypal");
    expect(source).toContain("Buttons: Buttons");
    expect(() => new Function(source)).not.toThrow();
  });

  it("approves through the orders API: the cloud-api captures, and capture is idempotent", async () => {
    const order = await confirm(us, 3);
    const details = await SELF.fetch(`${ORIGIN}/sandbox/paypal/v2/checkout/orders/${order.payPalOrderId}`);
    expect(await details.json()).toMatchObject({ id: order.payPalOrderId, status: "CREATED", purchase_units: [{ amount: { currency_code: "USD", value: "2.49" } }] });
    const approved = await SELF.fetch(`${ORIGIN}/sandbox/paypal/v2/checkout/orders/${order.payPalOrderId}/approve`, { method: "POST" });
    expect(await approved.json()).toMatchObject({ status: "COMPLETED" });
    expect((await orderRow(order.orderId))?.status).toBeGreaterThanOrEqual(8003);
    const captured = await SELF.fetch(`${ORIGIN}/sandbox/paypal/v2/checkout/orders/${order.payPalOrderId}/capture`, { method: "POST" });
    expect(await captured.json()).toMatchObject({ status: "COMPLETED" });
  });
});

describe("Stripe sandbox", () => {
  it("serves a Stripe.js stand-in with embedded checkout", async () => {
    const source = await (await SELF.fetch(`${ORIGIN}/sandbox/stripe/v3.js`)).text();
    expect(source).toContain("window.Stripe = Stripe");
    expect(source).toContain("createEmbeddedCheckoutPage");
    expect(source).toContain("Missing argument");
    expect(() => new Function(source)).not.toThrow();
  });

  it("pays in the embedded checkout and tells the page around it", async () => {
    const order = await confirm(us, 4);
    const page = await SELF.fetch(`${ORIGIN}/sandbox/stripe/checkout/${order.sessionId}?embedded=1`);
    expect(await page.text()).toContain("4242 4242 4242 4242");
    const paid = await post(`/sandbox/stripe/checkout/${order.sessionId}`, { embedded: "1", action: "pay" });
    // The page loads its one script from this origin (no inline script under the pages' CSP), told the outcome.
    expect(await paid.text()).toContain('<script src="/sandbox/stripe/embedded-result.js" data-outcome="pay"></script>');
    const script = await (await SELF.fetch(`${ORIGIN}/sandbox/stripe/embedded-result.js`)).text();
    expect(script).toContain('parent.postMessage({ type: "camcloud-sandbox-checkout", outcome: document.currentScript.dataset.outcome }, location.origin)');
    expect((await orderRow(order.orderId))?.status).toBeGreaterThanOrEqual(8003);
  });

  it("returns to the result page with the session id when not embedded", async () => {
    const order = await confirm(us, 4);
    const paid = await post(`/sandbox/stripe/checkout/${order.sessionId}`, { embedded: "0", action: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/app-h5/cloud/order/payment/result?orderId=${order.orderId}&session_id=${order.sessionId}`);
    const ledger = await env.DB.prepare("SELECT status FROM sandbox_payments WHERE ref = ?").bind(order.sessionId).first();
    expect(ledger?.status).toBe("paid");
  });
});
