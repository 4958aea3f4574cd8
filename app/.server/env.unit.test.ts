import { describe, expect, it } from "vitest";
import { checkSecrets, type StorefrontEnv } from "./env.ts";

const good = {
  APP_ID: "camcloud",
  APP_SECRET: "0123456789",
  LAUNCH_AES_KEY: "ab".repeat(32),
  SESSION_SECRET: "0123456789abcdef",
} as StorefrontEnv;

describe("storefront secrets", () => {
  it("accepts a complete configuration", () => {
    expect(() => checkSecrets(good)).not.toThrow();
  });

  it("names every missing or malformed secret", () => {
    expect(() => checkSecrets({ ...good, APP_SECRET: undefined } as unknown as StorefrontEnv)).toThrow(/APP_SECRET/);
    expect(() => checkSecrets({ ...good, LAUNCH_AES_KEY: "not-hex" })).toThrow(/LAUNCH_AES_KEY: must be 64 hex digits/);
    expect(() => checkSecrets({ ...good, LAUNCH_AES_KEY: "ab".repeat(16) })).toThrow(/LAUNCH_AES_KEY/);
    expect(() => checkSecrets({ ...good, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  it("takes a browser DSN only as an http(s) URL, naming it otherwise", () => {
    expect(() => checkSecrets({ ...good, SENTRY_BROWSER_DSN: "https://public@o1.ingest.sentry.io/42" })).not.toThrow();
    expect(() => checkSecrets({ ...good, SENTRY_BROWSER_DSN: "public@o1.ingest.sentry.io/42" })).toThrow(/SENTRY_BROWSER_DSN: must be a Sentry DSN/);
    expect(() => checkSecrets({ ...good, SENTRY_BROWSER_DSN: "javascript:alert(1)" })).toThrow(/SENTRY_BROWSER_DSN/);
  });
});
