import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Buyer } from "./helpers/orders.ts";
import { signIn } from "#test/signed-request.ts";

const DAY = 86400;
const now = () => Math.floor(Date.now() / 1000);
let cn: Buyer;

beforeAll(async () => {
  cn = { accessToken: (await signIn()).accessToken, country: "CN" };
});

/** A period of a package on a device, `from` and `to` in days from `at`; a revoked one is a refunded card's. */
async function addPeriod(deviceId: string, productId: string, from: number, to: number, source: "order" | "vip_card", ref: string, at: number, revoked = false) {
  await env.DB.prepare(
    `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref, revoked_at)
     SELECT ?1, service_type, id, service_name, 1, ?2, ?3, ?4, ?5, ?6 FROM packages WHERE product_id = ?7`,
  )
    .bind(deviceId, at + from * DAY, at + to * DAY, source, ref, revoked ? at : null, productId)
    .run();
}

/** A finished order of a package that the buyer paid `payCents` for (the rest was a coupon). */
async function addOrder(orderId: string, deviceId: string, productId: string, payCents: number, at: number) {
  await env.DB.prepare(
    `INSERT INTO orders (order_id, user_id, device_id, service_type, package_id, service_name, period_days, currency_code,
                         price_cents, discount_cents, pay_cents, payment_type, status, created_at, paid_at, updated_at)
     SELECT ?1, 1, ?2, service_type, id, service_name, period_days, currency_code,
            sale_price_cents, sale_price_cents - ?3, ?3, 1, 8008, ?4, ?4, ?4 FROM packages WHERE product_id = ?5`,
  )
    .bind(orderId, deviceId, payCents, at, productId)
    .run();
}

const vipInfo = (deviceId: unknown) => call(cn, "/v1/cloud/vip/device/info", { deviceId });
const aiInfo = (deviceId: unknown) => call(cn, "/v1/cloud/ai/device/info", { deviceId });

describe("VIP info", () => {
  it("reports never opened: 0, no expiry, nothing saved", async () => {
    const { http, body } = await vipInfo("CAM-DEMO-002");
    expect(http).toBe(200);
    expect(body).toEqual({ status: 200, msg: "success", data: { isVip: 0, durationStatus: 0, vipExpireTimestamp: null, saveMoney: 0 } });
  });

  it("reports what was saved in the buyer's own currency only: a US buyer's ¥25 card is not added to dollars", async () => {
    const us: Buyer = { ...cn, country: "US" };
    const at = now();
    await addPeriod("CAM-DEMO-002", "vip-month-usd", 0, 30, "order", "SAVED-USD-1", at);
    await addOrder("SAVED-USD-1", "CAM-DEMO-002", "vip-month-usd", 299, at);
    await addPeriod("CAM-DEMO-002", "vip-card-cny", 30, 60, "vip_card", "SAVED-CNY-CARD", at);
    // In dollars: $5.99 origin - $2.99 paid = $3.00; the ¥25 card counts only in yuan.
    expect((await call(us, "/v1/cloud/vip/device/info", { deviceId: "CAM-DEMO-002" })).body?.data.saveMoney).toBe(3);
    expect((await vipInfo("CAM-DEMO-002")).body?.data.saveMoney).toBe(25);
    await env.DB.prepare("DELETE FROM entitlements WHERE source_ref IN ('SAVED-USD-1', 'SAVED-CNY-CARD')").run();
  });

  it("reports an active VIP period received with a card, and the card's origin price as saved", async () => {
    const { body } = await vipInfo("CAM-DEMO-001");
    expect(body?.data).toMatchObject({ isVip: 1, durationStatus: 2, saveMoney: 25 });
    // The seed's period ends 25 days after the seed ran, a moment before this test.
    expect(body?.data.vipExpireTimestamp).toBeGreaterThan(now() + 25 * DAY - 60);
    expect(body?.data.vipExpireTimestamp).toBeLessThanOrEqual(now() + 25 * DAY);
  });

  it("reports an expired period (1) with its end, and what the order saved: origin price minus what was paid", async () => {
    const at = now();
    await addOrder("TEST-VIP-EXPIRED", "SIM-DEMO-002", "vip-month-cny", 1500, at - 60 * DAY);
    await addPeriod("SIM-DEMO-002", "vip-month-cny", -60, -30, "order", "TEST-VIP-EXPIRED", at);
    expect((await vipInfo("SIM-DEMO-002")).body?.data).toEqual({ isVip: 0, durationStatus: 1, vipExpireTimestamp: at - 30 * DAY, saveMoney: 20 });
  });

  it("sums the savings of every period, ignoring a revoked one, which neither counts nor extends the expiry", async () => {
    const at = now();
    await addOrder("TEST-VIP-SAVED", "SIM-DEMO-001", "vip-month-cny", 2499, at - 40 * DAY);
    await addPeriod("SIM-DEMO-001", "vip-month-cny", -40, -10, "order", "TEST-VIP-SAVED", at);
    await addPeriod("SIM-DEMO-001", "vip-card-cny", -1, 29, "vip_card", "TEST-VIPCARD-ACTIVE", at);
    await addPeriod("SIM-DEMO-001", "vip-year-cny", 29, 394, "vip_card", "TEST-VIPCARD-REVOKED", at, true);
    expect((await vipInfo("SIM-DEMO-001")).body?.data).toEqual({ isVip: 1, durationStatus: 2, vipExpireTimestamp: at + 29 * DAY, saveMoney: 35.01 });
  });

  it("reports 3 when a further period is queued after the current one, expiring at the end of the last", async () => {
    const at = now();
    await addPeriod("SIM-DEMO-003", "vip-card-cny", -1, 29, "vip_card", "TEST-VIPCARD-NOW", at);
    await addPeriod("SIM-DEMO-003", "vip-card-cny", 29, 59, "vip_card", "TEST-VIPCARD-NEXT", at);
    expect((await vipInfo("SIM-DEMO-003")).body?.data).toEqual({ isVip: 1, durationStatus: 3, vipExpireTimestamp: at + 59 * DAY, saveMoney: 50 });
  });

  it("refuses another user's device and an unknown one with 403, a wrong type or none with 400 naming deviceId", async () => {
    for (const deviceId of ["CAM-OTHER-001", "NO-SUCH-DEVICE"]) {
      const { http, body } = await vipInfo(deviceId);
      expect(http).toBe(403);
      expect(body).toEqual({ status: 403, msg: "device does not belong to this user", data: null, reason: "device_not_yours" });
    }
    expect((await vipInfo(7)).body).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: deviceId: /) });
    expect((await call(cn, "/v1/cloud/vip/device/info", {})).body).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: deviceId: /) });
  });
});

describe("AI info", () => {
  it("reports never opened (0) and expired (1)", async () => {
    expect((await aiInfo("CAM-DEMO-002")).body?.data).toEqual({ isOpenAi: 0, durationStatus: 0, aiExpireTimestamp: null });
    const expired = (await aiInfo("CAM-DEMO-001")).body?.data;
    expect(expired).toMatchObject({ isOpenAi: 0, durationStatus: 1 });
    expect(expired.aiExpireTimestamp).toBeLessThan(now() - 29 * DAY);
  });

  it("reports an active period (2) with its end", async () => {
    const at = now();
    await addPeriod("SIM-DEMO-004", "ai-month-cny", -1, 29, "order", "TEST-AI-ACTIVE", at);
    expect((await aiInfo("SIM-DEMO-004")).body?.data).toEqual({ isOpenAi: 1, durationStatus: 2, aiExpireTimestamp: at + 29 * DAY });
  });

  it("reports 3 when a further period is queued after the current one", async () => {
    const at = now();
    await addPeriod("SIM-DEMO-002", "ai-month-cny", -1, 1, "order", "TEST-AI-NOW", at);
    await addPeriod("SIM-DEMO-002", "ai-year-cny", 1, 366, "order", "TEST-AI-NEXT", at);
    expect((await aiInfo("SIM-DEMO-002")).body?.data).toEqual({ isOpenAi: 1, durationStatus: 3, aiExpireTimestamp: at + 366 * DAY });
  });

  it("refuses another user's device with 403 and a wrong type with 400 naming deviceId", async () => {
    expect((await aiInfo("SIM-OTHER-001")).http).toBe(403);
    expect((await aiInfo(["CAM-DEMO-001"])).body).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: deviceId: /) });
  });
});

describe("user info", () => {
  it("answers the token's user, whoever it is", async () => {
    expect((await call(cn, "/v1/member/user/info", {})).body?.data).toEqual({ userId: 1, account: "demo@camcloud.example", nickname: "Demo buyer", countryCode: "CN" });
    const other = { accessToken: (await signIn("other@camcloud.example")).accessToken };
    expect((await call(other, "/v1/member/user/info", {})).body?.data).toEqual({ userId: 2, account: "other@camcloud.example", nickname: "Other owner", countryCode: "US" });
  });

  it("refuses a missing token (1010) and any body field", async () => {
    const { http, body } = await call({ accessToken: "" }, "/v1/member/user/info", {});
    expect(http).toBe(401);
    expect(body?.status).toBe(1010);
    expect((await call(cn, "/v1/member/user/info", { userId: 2 })).body).toMatchObject({ status: 400, msg: expect.stringMatching(/userId/) });
  });
});

describe("SIM ICCID info", () => {
  it("answers a SIM device's ICCID with its carrier and state", async () => {
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-DEMO-001" })).body?.data).toEqual({
      deviceId: "SIM-DEMO-001",
      iccId: "89860012345678901234",
      operator: "China Mobile",
      status: "NORMAL",
    });
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-DEMO-002" })).body?.data).toMatchObject({ iccId: "89860098765432109876", status: "EXHAUSTED" });
  });

  it("answers 404 for a camera (no ICCID) and for a card the carrier has no record of, 403 for another user's SIM", async () => {
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "CAM-DEMO-001" })).body).toEqual({ status: 404, msg: "this device has no SIM card", data: null, reason: "device_has_no_sim" });
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-DEMO-003" })).body).toEqual({ status: 404, msg: "SIM card not found at the carrier", data: null, reason: "sim_not_found" });
    const other = await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-OTHER-001" });
    expect(other.http).toBe(403);
    expect(other.body?.data).toBeNull();
  });
});
