import { describe, expect, it } from "vitest";
import { isPaymentType, isRepayable, isSubView, methodOfSubView, PAYMENT_METHODS, PAYMENT_TYPES, paymentMethod, paymentTypesFor, PROVIDER_NAMES, providerOf, SUB_VIEWS } from "./payment-methods.ts";

describe("payment methods (product-rules §4, §6): one descriptor each", () => {
  it("lists the four methods of the spec with their providers and sub-views", () => {
    expect(PAYMENT_TYPES).toEqual([1, 2, 3, 4]);
    expect(PAYMENT_TYPES.map(providerOf)).toEqual(["wechat", "alipay", "paypal", "stripe"]);
    expect(PROVIDER_NAMES).toEqual(["wechat", "alipay", "paypal", "stripe"]);
    expect(SUB_VIEWS).toEqual(["paypal", "card"]);
    expect(methodOfSubView("card").code).toBe(4);
    expect([0, 1, 4, 5, 1.5, "1", null].map(isPaymentType)).toEqual([false, true, true, false, false, false, false]);
    expect(["paypal", "card", "wechat", "", null].map(isSubView)).toEqual([true, true, false, false, false]);
    expect(paymentMethod(9)).toBeUndefined();
  });

  it("keeps each descriptor whole: codes unique, a sub-view exactly for the flows that run in the provider's script", () => {
    const methods = Object.values(PAYMENT_METHODS);
    expect(new Set(methods.map((method) => method.code)).size).toBe(methods.length);
    for (const method of methods) {
      const inScript = method.flow === "sdk-buttons" || method.flow === "embedded-sheet";
      expect(method.subView !== null, `${method.code}'s sub-view`).toBe(inScript);
      expect(method.currencies.length, `${method.code}'s currencies`).toBeGreaterThan(0);
    }
  });

  it("carries no provider's hosts: the browser loads this table, and only the server's CSP needs them (decision 065-a)", () => {
    expect(JSON.stringify(PAYMENT_METHODS)).not.toMatch(/https?:|\.com\b/);
  });

  it("offers WeChat Pay and Alipay in China, PayPal and card in every other country, whatever the case of the code", () => {
    expect(paymentTypesFor("CN")).toEqual([1, 2]);
    expect(paymentTypesFor("cn")).toEqual([1, 2]);
    for (const country of ["US", "de", "JP", ""]) expect(paymentTypesFor(country)).toEqual([3, 4]);
  });

  it("offers Repay for every method but PayPal, and for no code it does not know", () => {
    expect([1, 2, 3, 4, 0, 9].map(isRepayable)).toEqual([true, true, false, true, false, false]);
  });
});
