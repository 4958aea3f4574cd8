import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { purchaseShouldRevalidate } from "./purchase-screen.tsx";

const afterConfirm = (actionResult: unknown) =>
  ({
    currentUrl: new URL("/buy?package=3&pay=1", "http://x"),
    nextUrl: new URL("/buy?package=3&pay=1", "http://x"),
    formMethod: "POST",
    actionResult,
    defaultShouldRevalidate: true,
  }) as ShouldRevalidateFunctionArgs;

describe("a purchase screen's loaders after a confirm", () => {
  it("are not run again when the confirm started a payment: the buyer leaves for the provider or its sub-view", () => {
    expect(purchaseShouldRevalidate(afterConfirm({ step: "redirect", url: "https://pay.example/1" }))).toBe(false);
    expect(purchaseShouldRevalidate(afterConfirm({ step: "view", view: "paypal", orderId: "O1", reference: "P1" }))).toBe(false);
  });

  it("run again after a refused confirm, and still skip only the chooser's own opening and closing", () => {
    expect(purchaseShouldRevalidate(afterConfirm({ step: "error", message: "coupon used" }))).toBe(true);
    const chooser = { currentUrl: new URL("/buy?package=3", "http://x"), nextUrl: new URL("/buy?package=3&pay=1", "http://x"), defaultShouldRevalidate: true };
    expect(purchaseShouldRevalidate(chooser as ShouldRevalidateFunctionArgs)).toBe(false);
  });
});
