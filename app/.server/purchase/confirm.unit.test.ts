import { describe, expect, it } from "vitest";
import { nextStep } from "./confirm.ts";

const SCREEN = "https://shop.example/app-h5/cloud/vip/buy";
const NEEDS_SCRIPT = "This payment method needs JavaScript.";
const start = (fields: Record<string, unknown>) => ({ orderId: "O-1", paymentType: 1, ...fields }) as Parameters<typeof nextStep>[0];

function redirectOf(run: () => unknown): string | null {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
  return null;
}

describe("the step after a started payment follows its method's flow (product-rules §4)", () => {
  it("sends WeChat Pay to its page with the result page as redirect_url, at once without JavaScript", () => {
    const wechat = start({ paymentType: 1, h5PaymentUrl: "https://wx.example/pay?prepay=1" });
    const url = "https://wx.example/pay?prepay=1&redirect_url=" + encodeURIComponent("https://shop.example/app-h5/cloud/order/payment/result?orderId=O-1");
    expect(nextStep(wechat, SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "redirect", url });
    expect(redirectOf(() => nextStep(wechat, SCREEN, false, NEEDS_SCRIPT))).toBe(url);
  });

  it("sends Alipay to the cashier page that posts its form", () => {
    const alipay = start({ paymentType: 2, alipayForm: "<form></form>" });
    expect(nextStep(alipay, SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "redirect", url: "/app-h5/cloud/srv/alipay?orderId=O-1" });
  });

  it("continues PayPal and card in their sub-view with the provider's reference, and says they need JavaScript without it", () => {
    const paypal = start({ paymentType: 3, payPalOrderId: "PP-9" });
    const card = start({ paymentType: 4, sessionId: "cs_test_1" });
    expect(nextStep(paypal, SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "view", view: "paypal", orderId: "O-1", reference: "PP-9" });
    expect(nextStep(card, SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "view", view: "card", orderId: "O-1", reference: "cs_test_1" });
    expect(nextStep(card, SCREEN, false, NEEDS_SCRIPT)).toEqual({ step: "error", message: NEEDS_SCRIPT });
  });

  it("refuses an answer without its method's field, or of a method it does not know", () => {
    expect(nextStep(start({ paymentType: 4, payPalOrderId: "PP-9" }), SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "error", message: NEEDS_SCRIPT });
    expect(nextStep(start({ paymentType: 1, alipayForm: "<form></form>" }), SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "error", message: NEEDS_SCRIPT });
    expect(nextStep(start({ paymentType: 7, h5PaymentUrl: "https://wx.example/pay" }), SCREEN, true, NEEDS_SCRIPT)).toEqual({ step: "error", message: NEEDS_SCRIPT });
  });
});
