import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkSecrets, type StorefrontEnv } from "../env.ts";

describe("the bench's D1 probe on the storefront", () => {
  it("is refused in production, as the payment sandbox is", () => {
    const production = { ...env, ENVIRONMENT: "production", PAYMENT_SANDBOX: "off", BENCH_D1_LATENCY_MS: "25" } as unknown as StorefrontEnv;
    expect(() => checkSecrets(production)).toThrow(/BENCH_D1_LATENCY_MS: the bench's D1 probe is refused in production/);
    expect(() => checkSecrets({ ...production, ENVIRONMENT: "preview" })).not.toThrow();
  });
});
