import { describe, expect, it } from "vitest";
import type { StorefrontEnv } from "../env.ts";
import { checkSecrets } from "../env.ts";
import { contentSecurityPolicy } from "../security.ts";
import { clientReadyMethods, providerClients, sandboxEnabled } from "./providers.ts";

const base = {
  APP_ID: "app",
  APP_SECRET: "app-secret-123",
  LAUNCH_AES_KEY: "0".repeat(64),
  SESSION_SECRET: "session-secret-0123456789",
} as StorefrontEnv;

describe("payment clients: the sandbox only by name, never in production", () => {
  it("defaults PayPal and card to the sandbox on this origin only when it is on", () => {
    const on = { ...base, PAYMENT_SANDBOX: "on" };
    expect(sandboxEnabled(on)).toBe(true);
    expect(providerClients(on, "en")).toMatchObject({
      paypal: { publicId: "sandbox", scriptUrl: "/sandbox/paypal/sdk/js" },
      stripe: { publicId: "pk_test_sandbox", scriptUrl: "/sandbox/stripe/v3.js" },
    });
    expect(clientReadyMethods(on)).toEqual([1, 2, 3, 4]);
  });

  it("offers neither PayPal nor card when their public ids are not configured and the sandbox is off", () => {
    for (const env of [base, { ...base, PAYMENT_SANDBOX: "off" }, { ...base, PAYMENT_SANDBOX: "on", ENVIRONMENT: "production" }]) {
      expect(sandboxEnabled(env)).toBe(false);
      expect(providerClients(env, "en")).toMatchObject({ paypal: { publicId: "", scriptUrl: "https://www.paypal.com/sdk/js" }, stripe: { publicId: "", scriptUrl: "" } });
      expect(clientReadyMethods(env)).toEqual([1, 2]);
    }
  });

  it("uses the configured real clients, and the CSP lets their hosts in", () => {
    const live = { ...base, ENVIRONMENT: "production", PAYPAL_CLIENT_ID: "AbC", STRIPE_PUBLISHABLE_KEY: "pk_live_x" };
    expect(clientReadyMethods(live)).toEqual([1, 2, 3, 4]);
    const csp = contentSecurityPolicy(live, "n");
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("https://*.paypal.com");
    expect(contentSecurityPolicy({ ...base, PAYMENT_SANDBOX: "on" }, "n")).not.toContain("stripe.com");
  });

  it("lets a provider's hosts into the CSP only for a client it can start: one whose public id is configured", () => {
    const stripeOnly = { ...base, ENVIRONMENT: "production", STRIPE_PUBLISHABLE_KEY: "pk_live_x" };
    expect(clientReadyMethods(stripeOnly)).toEqual([1, 2, 4]);
    expect(contentSecurityPolicy(stripeOnly, "n")).toContain("https://js.stripe.com");
    expect(contentSecurityPolicy(stripeOnly, "n")).not.toContain("paypal");
    const neither = contentSecurityPolicy({ ...base, ENVIRONMENT: "production" }, "n");
    expect(neither).not.toContain("stripe.com");
    expect(neither).not.toContain("paypal");
  });

  it("refuses to start when production names the sandbox", () => {
    expect(() => checkSecrets({ ...base, ENVIRONMENT: "production", PAYMENT_SANDBOX: "on" })).toThrowError(
      "storefront misconfigured: PAYMENT_SANDBOX: the payment sandbox is refused in production",
    );
    expect(() => checkSecrets({ ...base, ENVIRONMENT: "production" })).not.toThrow();
  });
});
