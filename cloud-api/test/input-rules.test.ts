import { beforeAll, describe, expect, it } from "vitest";
import { signedFetch, signIn } from "#test/signed-request.ts";

/** docs/decisions/049 over HTTP: the values contract/input-rules.test.ts checks against the document. */
let accessToken = "";
beforeAll(async () => {
  accessToken = (await signIn()).accessToken;
});

const post = (path: string, body: Record<string, unknown>) => signedFetch(path, body, { accessToken });
const coupons = (type: string) => signedFetch(`/v1/cloud/coupon/user/list?${new URLSearchParams({ type })}`, undefined, { method: "GET", accessToken });

describe("inputs as the OpenAPI document describes them", () => {
  it.each([
    ["white space alone as a device id", { deviceId: " ", type: 1 }, "invalid params: deviceId: must not begin or end with white space"],
    ["a device id with white space around it", { deviceId: " SIM-DEMO-001", type: 2 }, "invalid params: deviceId: must not begin or end with white space"],
    ["a country code with white space", { deviceId: "SIM-DEMO-001", type: 2, countryCode: " cn" }, "invalid params: countryCode: must be a 2-letter country code"],
    ["a language with white space", { deviceId: "SIM-DEMO-001", type: 2, language: " a" }, "invalid params: language: must be a language code such as en or zh-CN"],
    ["a service type as text", { deviceId: "SIM-DEMO-001", type: "1" }, "invalid params: type: Invalid input: expected number, received string"],
    ["a service type as hexadecimal text", { deviceId: "SIM-DEMO-001", type: "0x1" }, "invalid params: type: Invalid input: expected number, received string"],
  ])("refuses %s with 400 naming the field", async (_case, body, msg) => {
    const { http, body: answer } = await post("/v1/cloud/package/list", body);
    expect(http).toBe(400);
    expect(answer).toEqual({ status: 400, msg, data: null });
  });

  it("refuses an ICCID that ends in a newline", async () => {
    const { http, body } = await post("/v1/cloud/simcard/details", { iccId: "89860012345678901234\n" });
    expect([http, body?.msg]).toEqual([400, "invalid params: iccId: must be an ICCID (18-22 digits)"]);
  });

  it("takes the same values as sent: a device, a lower-case country and a language with a region", async () => {
    const { http, body } = await post("/v1/cloud/package/list", { deviceId: "SIM-DEMO-001", type: 2, countryCode: "cn", language: "zh-CN" });
    expect(http).toBe(200);
    expect(body?.data.packageList.length).toBeGreaterThan(0);
  });

  it("reads a query's service type from decimal digits only", async () => {
    expect((await coupons("2")).http).toBe(200);
    for (const type of ["0x1", " 1 ", "1e0"]) {
      const { http, body } = await coupons(type);
      expect([type, http, body?.msg]).toEqual([type, 400, "invalid params: type: Invalid input: expected number, received string"]);
    }
  });
});
