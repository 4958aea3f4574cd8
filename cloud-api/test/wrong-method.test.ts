import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { operations } from "#api/operations/index.ts";
import { signedHeaders } from "#test/signed-request.ts";

const api = (path: string, init: RequestInit) => SELF.fetch(`https://cloud-api.test${path}`, init);

describe("a method an operation does not take", () => {
  it.each(["GET", "TRACE", "PUT", "DELETE"])("%s on a POST operation answers 405 with Allow: POST and the envelope", async (method) => {
    const response = await api("/v1/cloud/package/list", { method, headers: await signedHeaders() });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ status: 405, msg: `method not allowed: ${method} /v1/cloud/package/list takes POST`, data: null });
  });

  it("POST on the GET operation answers 405 with Allow: GET, HEAD", async () => {
    const response = await api("/v1/cloud/coupon/user/list", { method: "POST", headers: await signedHeaders(), body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers 405, not 404, on every operation's path", async () => {
    for (const op of operations) {
      const response = await api(op.path, { method: "DELETE" });
      expect([op.path, response.status]).toEqual([op.path, 405]);
      await response.body?.cancel();
    }
  });

  it("leaves an unknown path at 404", async () => {
    const response = await api("/v1/cloud/no/such/operation", { method: "TRACE" });
    expect(response.status).toBe(404);
    expect(response.headers.get("allow")).toBeNull();
  });
});
