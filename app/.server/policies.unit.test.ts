import { describe, expect, it } from "vitest";
import type { StorefrontEnv } from "./env.ts";
import { launchAppFamily, policyHref, policyUrl } from "./policies.ts";

const env = (config: unknown, families = "") => ({ POLICY_URLS: config === undefined ? "" : JSON.stringify(config), APP_FAMILIES: families }) as unknown as StorefrontEnv;

describe("policy links", () => {
  it("name the buyer's language and, for app family 2, the family", () => {
    expect(policyHref("privacy", "fr")).toBe("/app/viseecam/user/privacy?language=fr");
    expect(policyHref("storageAgreement", "de", 2)).toBe("/app/viseecam/user/privacy?language=de&doc=storageAgreement&app=2");
  });

  it("open the built-in notice in the buyer's language when the brand configured none", () => {
    expect(policyUrl(env(undefined), "privacy", "fr")).toBe("/protocol/data-protection?language=fr");
    expect(policyUrl(env(undefined), "storageAgreement", "ar")).toBe("/protocol/storage-agreement?language=ar");
  });

  it("open the brand's policy in zh, en or ja (English for the others), per app family when it names one", () => {
    const config = {
      privacy: { en: "https://brand.example/privacy-en", ja: "https://brand.example/privacy-ja" },
      apps: { "2": { privacy: { en: "https://partner.example/privacy" } } },
    };
    expect(policyUrl(env(config), "privacy", "ja")).toBe("https://brand.example/privacy-ja");
    expect(policyUrl(env(config), "privacy", "fr")).toBe("https://brand.example/privacy-en");
    expect(policyUrl(env(config), "privacy", "ja", 2)).toBe("https://partner.example/privacy");
    expect(policyUrl(env(config), "storageAgreement", "de", 2)).toBe("/protocol/storage-agreement?language=de");
  });

  it("take the launch's app family from APP_FAMILIES", () => {
    const configured = env(undefined, '{"com.partner.eye": 2}');
    expect(launchAppFamily(configured, { appPackageName: "com.partner.eye" })).toBe(2);
    expect(launchAppFamily(configured, { appPackageName: "com.brand.cam" })).toBe(1);
  });
});
