import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { requestSignature } from "#contract/signature.ts";
import { runConformance } from "#contract/conformance.ts";
import { batch } from "#contract/endpoints.ts";

describe("the contract's conformance run (npm run conformance) against the embedded cloud-api", () => {
  it("finds every endpoint conforming: the spec's header set on every call, refusals and their codes, generated bad input, the token refresh, pagination", { timeout: 120_000 }, async () => {
    const results = await runConformance(
      { fetch: (path, init) => SELF.fetch(`https://cloud-api.test${path}`, init), appId: env.APP_ID, appSecret: env.APP_SECRET, sign: requestSignature },
      { s2sSecret: env.S2S_SECRET ?? "", account: DEMO_ACCOUNTS.buyer },
      { vipCard: { code: DEMO_CARD_CODES.vipReceived, deviceId: DEMO_DEVICES.camera }, storageCard: { code: DEMO_CARD_CODES.storageReceived, deviceId: DEMO_DEVICES.cameraNoPackage } },
    );
    const failing = results.filter((result) => result.ok !== true).map((result) => `${result.endpoint}: ${result.check}: ${result.detail}`);
    expect(failing).toEqual([]);
    // Every endpoint of the contract was asked, and each readable one answered a valid call.
    const endpoints = new Set(results.map((result) => result.endpoint));
    expect(endpoints.size).toBe(28);
    // The embedded cloud-api offers the optional batch: its checks ran (docs/decisions/061).
    expect(results.filter((result) => result.endpoint === "batch" && result.check.startsWith("answers /v1/")).length).toBe(10);
    expect(results.filter((result) => result.check.startsWith("answers a valid call")).length).toBeGreaterThanOrEqual(17);
    expect(results.some((result) => result.endpoint === "orderList" && result.check.startsWith("pages of"))).toBe(true);
    // Bad input is generated from each schema, its limits included.
    expect(results.map((result) => `${result.endpoint}: ${result.check}`)).toEqual(
      expect.arrayContaining(["orderDetail: refuses bad input: orderId longer than 64", "orderList: refuses bad input: pageSize above 50", "confirmOrderV2: refuses bad input: priceId missing"]),
    );
  });

  it("counts the batch as optional: an upstream without it is told so and conforms otherwise (docs/decisions/061)", { timeout: 300_000 }, async () => {
    const withoutBatch = (path: string, init: RequestInit) =>
      path === batch.path ? Promise.resolve(Response.json({ status: 404, msg: "no such endpoint", data: null }, { status: 404 })) : SELF.fetch(`https://cloud-api.test${path}`, init);
    const results = await runConformance(
      { fetch: withoutBatch, appId: env.APP_ID, appSecret: env.APP_SECRET, sign: requestSignature },
      { s2sSecret: env.S2S_SECRET ?? "", account: DEMO_ACCOUNTS.buyer },
      { vipCard: { code: DEMO_CARD_CODES.vipReceived, deviceId: DEMO_DEVICES.camera }, storageCard: { code: DEMO_CARD_CODES.storageReceived, deviceId: DEMO_DEVICES.cameraNoPackage } },
    );
    expect(results.filter((result) => result.ok !== true).map((result) => [result.endpoint, result.check, result.ok])).toEqual([["batch", "offers the optional batch", null]]);
  });
});
