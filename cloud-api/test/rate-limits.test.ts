import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#demo/seed.ts";
import { newNoticeStr, requestSignature } from "#contract/signature.ts";
import { signIn } from "#test/signed-request.ts";
import { envWith, fetchWith } from "./helpers/live-worker.ts";

const limited = envWith({ COUPON_LOOKUP_RATE_PER_USER: "3", COUPON_LOOKUP_WINDOW_SECONDS: "3600" });

async function lookUpCoupons(accessToken: string) {
  const noticeStr = newNoticeStr();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetchWith(limited, "/v1/cloud/coupon/user/list?type=2&countryCode=CN", {
    headers: { appid: env.APP_ID, noticeStr, timestamp, signature: await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp), accessToken, platform: "H5" },
  });
  return { http: response.status, body: (await response.json()) as { status: number; msg: string } };
}

describe("coupon lookup limit", () => {
  it("answers 429 past the limit per user, and other users are not affected", async () => {
    const buyer = await signIn(DEMO_ACCOUNTS.buyer);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await lookUpCoupons(buyer.accessToken)).body.status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await lookUpCoupons(buyer.accessToken);
    expect(refused).toEqual({ http: 429, body: { status: 429, msg: expect.stringContaining("too many coupon lookups"), data: null } });
    const other = await signIn(DEMO_ACCOUNTS.other);
    expect((await lookUpCoupons(other.accessToken)).body.status).toBe(200);
  });

  it("counts concurrent lookups exactly: of 10 at once under a limit of 3, three pass", async () => {
    const buyer = await signIn(DEMO_ACCOUNTS.other);
    await env.DB.prepare("DELETE FROM rate_limits").run();
    const results = await Promise.all(Array.from({ length: 10 }, () => lookUpCoupons(buyer.accessToken)));
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.status === 429)).toHaveLength(7);
  });
});
