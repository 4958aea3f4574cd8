import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES } from "#demo/seed.ts";
import { newNoticeStr, requestSignature } from "#contract/signature.ts";
import { signIn } from "#test/signed-request.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { callWith, envWith, fetchWith } from "./helpers/live-worker.ts";

/** cloud-api/wrangler.jsonc: COUPON_LOOKUPS allows 120 lookups per user in a 60 s window, CARD_LOOKUPS 60. */
const LIMIT = 120;
const CARD_LIMIT = 60;
const WINDOW_MS = 60_000;

async function lookUpCoupons(accessToken: string, workerEnv: CloudApiEnv = envWith({})) {
  const noticeStr = newNoticeStr();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetchWith(workerEnv, "/v1/cloud/coupon/user/list?type=2&countryCode=CN", {
    headers: { appid: env.APP_ID, noticeStr, timestamp, signature: await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp), accessToken, platform: "H5" },
  });
  return { http: response.status, body: (await response.json()) as { status: number; msg: string } };
}

/** The binding's windows are aligned to the clock: a run that would straddle two waits for the next one. */
async function startOfAWindow() {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("coupon lookup limit (Workers Rate Limiting binding)", () => {
  it("is required at start: a Worker deployed without a binding refuses to serve, naming it, instead of a 500 at every lookup", async () => {
    const { accessToken } = await signIn();
    for (const binding of ["COUPON_LOOKUPS", "CARD_LOOKUPS"] as const) {
      await expect(lookUpCoupons(accessToken, envWith({ [binding]: undefined }))).rejects.toThrow(
        `cloud-api misconfigured: ${binding}: Rate Limiting binding missing (the Worker's ratelimits in cloud-api/wrangler.jsonc)`,
      );
    }
    expect((await lookUpCoupons(accessToken)).body.status).toBe(200);
  });

  it("answers 429 past the limit per user, writes nothing to D1, and other users are not affected", { timeout: 60_000 }, async () => {
    await startOfAWindow();
    const other = await signIn(DEMO_ACCOUNTS.other);
    const buyer = await signIn(DEMO_ACCOUNTS.buyer);
    const nonces = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM request_nonces").first<{ n: number }>())?.n ?? 0;
    const before = await nonces();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT && !statuses.includes(429); i++) statuses.push((await lookUpCoupons(other.accessToken)).body.status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(LIMIT);
    // The replay record is the only row a lookup leaves.
    expect((await nonces()) - before).toBe(statuses.length);
    const refused = await lookUpCoupons(other.accessToken);
    expect(refused).toEqual({ http: 429, body: { status: 429, msg: expect.stringContaining("too many coupon lookups"), data: null } });
    expect((await lookUpCoupons(buyer.accessToken)).body.status).toBe(200);
  });

  it("is lifted by LOOKUP_LIMITS=off, which production refuses", async () => {
    const other = await signIn(DEMO_ACCOUNTS.other);
    expect((await lookUpCoupons(other.accessToken, envWith({ LOOKUP_LIMITS: "off" }))).body.status).toBe(200);
    await expect(lookUpCoupons(other.accessToken, envWith({ LOOKUP_LIMITS: "off", ENVIRONMENT: "production", PAYMENT_SANDBOX: "off" }))).rejects.toThrow(/LOOKUP_LIMITS/);
  });
});

describe("card-code lookup limit (Workers Rate Limiting binding)", () => {
  const lookUpCard = (accessToken: string, encryptCodeId: string, workerEnv: CloudApiEnv = envWith({})) =>
    callWith(workerEnv, { accessToken }, "/v1/cloud/storage-card/received/package", { encryptCodeId });

  it("answers 429 past the limit per user, for a code that exists as for one that does not, and other users are not affected", { timeout: 60_000 }, async () => {
    await startOfAWindow();
    const guesser = await signIn(DEMO_ACCOUNTS.other);
    const buyer = await signIn(DEMO_ACCOUNTS.buyer);
    const statuses: number[] = [];
    for (let i = 0; i <= CARD_LIMIT && !statuses.includes(429); i++) statuses.push((await lookUpCard(guesser.accessToken, `STORAGECARD-GUESS-${1000 + i}`)).body.status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 404).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(CARD_LIMIT);
    // Past the limit a real code answers as a wrong guess does: the guesser cannot tell a hit.
    const hit = await lookUpCard(guesser.accessToken, DEMO_CARD_CODES.storageReceived);
    expect(hit).toMatchObject({ http: 429, body: { status: 429, msg: expect.stringContaining("too many card code lookups"), data: null } });
    expect((await lookUpCard(buyer.accessToken, DEMO_CARD_CODES.storageReceived)).body.status).toBe(200);
  });

  it("is lifted by LOOKUP_LIMITS=off, which production refuses", async () => {
    const other = await signIn(DEMO_ACCOUNTS.other);
    expect((await lookUpCard(other.accessToken, "STORAGECARD-GUESS-9", envWith({ LOOKUP_LIMITS: "off" }))).body.status).toBe(404);
    await expect(lookUpCard(other.accessToken, "STORAGECARD-GUESS-9", envWith({ LOOKUP_LIMITS: "off", ENVIRONMENT: "production", PAYMENT_SANDBOX: "off" }))).rejects.toThrow(/LOOKUP_LIMITS/);
  });
});
