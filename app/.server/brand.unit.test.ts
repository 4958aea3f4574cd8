import { describe, expect, it } from "vitest";
import { brandOf } from "./brand.ts";
import type { StorefrontEnv } from "./env.ts";

const env = (brand: unknown) => ({ BRAND: typeof brand === "string" ? brand : JSON.stringify(brand) }) as StorefrontEnv;

describe("the brand (BRAND, decision 051)", () => {
  it("without a setting names the app as seller, links the built-in refund terms in the buyer's language and offers no support contact", () => {
    const brand = brandOf(env(""), 1, "de", "CamCloud");
    expect(brand.seller).toEqual({ name: "CamCloud", address: null, taxId: null });
    expect(brand.refundPolicyHref).toBe("/protocol/storage-agreement?language=de#section-refund");
    expect(brand.support).toBeNull();
    expect(brand.taxRate("DE")).toBe(0);
  });

  it("reads the seller, support as an address or a page, the refund policy and tax rates, app family 2 over the shared ones", () => {
    const configured = env({
      seller: { name: "Brand Ltd", address: "1 Road, Town" },
      support: "help@brand.example",
      refundPolicy: "https://brand.example/refunds",
      taxRates: { DE: 19, "*": 5 },
      apps: { "2": { seller: { name: "Partner SA", address: "2 Rue, Ville", taxId: "FR00" }, support: "https://partner.example/help" } },
    });
    const one = brandOf(configured, 1, "en", "CamCloud");
    expect(one.seller).toEqual({ name: "Brand Ltd", address: "1 Road, Town", taxId: null });
    expect(one.support).toEqual({ href: "mailto:help@brand.example", label: "help@brand.example" });
    expect(one.refundPolicyHref).toBe("https://brand.example/refunds");
    expect([one.taxRate("de"), one.taxRate("US")]).toEqual([19, 5]);
    const two = brandOf(configured, 2, "en", "CamCloud");
    expect(two.seller).toEqual({ name: "Partner SA", address: "2 Rue, Ville", taxId: "FR00" });
    expect(two.support).toEqual({ href: "https://partner.example/help", label: "partner.example/help" });
    expect(two.refundPolicyHref).toBe("https://brand.example/refunds");
  });

  it("fails loudly, naming the field, on a value that is not JSON or not a brand", () => {
    expect(() => brandOf(env("{seller"), 1, "en", "CamCloud")).toThrow("BRAND is not JSON");
    expect(() => brandOf(env({ support: "http://insecure.example" }), 1, "en", "CamCloud")).toThrow(/BRAND: support/);
    expect(() => brandOf(env({ taxRates: { Germany: 19 } }), 1, "en", "CamCloud")).toThrow(/BRAND: taxRates/);
    expect(() => brandOf(env({ seller: { name: "No address" } }), 1, "en", "CamCloud")).toThrow(/BRAND: seller\.address/);
  });
});
