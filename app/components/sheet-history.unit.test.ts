import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { revalidateUnlessOnly, searchWith } from "./sheet-history.ts";

const args = (current: string, next: string, formMethod?: "GET" | "POST") =>
  ({ currentUrl: new URL(current, "http://x"), nextUrl: new URL(next, "http://x"), formMethod, defaultShouldRevalidate: true }) as ShouldRevalidateFunctionArgs;

describe("revalidateUnlessOnly", () => {
  const revalidate = revalidateUnlessOnly("cancel", "repay");

  it("skips the loaders when only a sheet's flag comes or goes, in any order of the other values", () => {
    expect(revalidate(args("/list?page=2", "/list?cancel=D1&page=2"))).toBe(false);
    expect(revalidate(args("/list?page=2&cancel=D1", "/list?page=2"))).toBe(false);
    expect(revalidate(args("/list?repay=D1", "/list?cancel=D2"))).toBe(false);
    // A GET form that opens the sheet is a navigation like a link.
    expect(revalidate(args("/list", "/list?cancel=D1", "GET"))).toBe(false);
  });

  it("runs them when anything else changes, or after a post", () => {
    expect(revalidate(args("/list?page=1", "/list?page=2&cancel=D1"))).toBe(true);
    expect(revalidate(args("/list", "/other?cancel=D1"))).toBe(true);
    expect(revalidate(args("/list?cancel=D1", "/list", "POST"))).toBe(true);
  });
});

describe("searchWith", () => {
  it("sets or removes one value and keeps the rest", () => {
    expect(searchWith(new URLSearchParams("package=3&coupon=auto"), "pay", "card")).toBe("?package=3&coupon=auto&pay=card");
    expect(searchWith(new URLSearchParams("pay=1&package=3"), "pay", null)).toBe("?package=3");
    expect(searchWith(new URLSearchParams("pay=1"), "pay", null)).toBe("?");
  });
});
