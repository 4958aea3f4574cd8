import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Buyer } from "./helpers/orders.ts";
import { signIn } from "../../test/signed-request.ts";

const DAY = 86400;
let cn: Buyer;

beforeAll(async () => {
  cn = { accessToken: (await signIn()).accessToken, country: "CN" };
});

const now = () => Math.floor(Date.now() / 1000);

async function addPeriod(deviceId: string, serviceType: number, from: number, to: number, ref: string) {
  await env.DB.prepare(
    `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref)
     VALUES (?, ?, (SELECT id FROM packages WHERE product_id = 'ai-month-cny'), '{"en":"test"}', 1, ?, ?, 'order', ?)`,
  )
    .bind(deviceId, serviceType, now() + from * DAY, now() + to * DAY, ref)
    .run();
}

describe("VIP and AI info", () => {
  it("reports an active VIP period received with a card, and what it saved", async () => {
    const { body } = await call(cn, "/v1/cloud/vip/device/info", { deviceId: "CAM-DEMO-001" });
    expect(body?.data).toMatchObject({ isVip: 1, durationStatus: 2, saveMoney: 25 });
    expect(body?.data.vipExpireTimestamp).toBeGreaterThan(now() + 20 * DAY);
  });

  it("reports never opened (0) and expired (1) AI", async () => {
    expect((await call(cn, "/v1/cloud/ai/device/info", { deviceId: "CAM-DEMO-002" })).body?.data).toEqual({ isOpenAi: 0, durationStatus: 0, aiExpireTimestamp: null });
    const expired = (await call(cn, "/v1/cloud/ai/device/info", { deviceId: "CAM-DEMO-001" })).body?.data;
    expect(expired).toMatchObject({ isOpenAi: 0, durationStatus: 1 });
    expect(expired.aiExpireTimestamp).toBeLessThan(now());
  });

  it("reports 3 when a further period is queued after the current one", async () => {
    await addPeriod("SIM-DEMO-002", 6, -1, 1, "TEST-AI-NOW");
    await addPeriod("SIM-DEMO-002", 6, 1, 31, "TEST-AI-NEXT");
    const { body } = await call(cn, "/v1/cloud/ai/device/info", { deviceId: "SIM-DEMO-002" });
    expect(body?.data).toMatchObject({ isOpenAi: 1, durationStatus: 3 });
    expect(body?.data.aiExpireTimestamp).toBeGreaterThanOrEqual(now() + 31 * DAY - 5);
  });

  it("refuses another user's device with 403 and a wrong type with 400", async () => {
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "CAM-OTHER-001" })).http).toBe(403);
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: 7 })).body?.msg).toMatch(/^invalid params: deviceId:/);
  });
});

describe("user and SIM ICCID info", () => {
  it("answers the token's user", async () => {
    expect((await call(cn, "/v1/member/user/info", {})).body?.data).toEqual({ userId: 1, account: "demo@camcloud.example", nickname: "Demo buyer", countryCode: "CN" });
  });

  it("answers a SIM device's ICCID, 404 for a camera or a card the carrier lacks", async () => {
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-DEMO-001" })).body?.data).toEqual({
      deviceId: "SIM-DEMO-001",
      iccId: "89860012345678901234",
      operator: "China Mobile",
      status: "NORMAL",
    });
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "CAM-DEMO-001" })).body?.status).toBe(404);
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-DEMO-003" })).body?.status).toBe(404);
    expect((await call(cn, "/v1/cloud/simcard/iccid/info", { deviceId: "SIM-OTHER-001" })).body?.status).toBe(403);
  });
});

describe("VIP cards", () => {
  it("receives a card, shows its package, refunds it once, and VIP info follows", async () => {
    const before = (await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data;
    expect(before).toMatchObject({ isVip: 0, durationStatus: 0 });
    const received = await call(cn, "/v1/cloud/vip-card/receive", { deviceId: "SIM-DEMO-004", deviceType: 2, encryptCodeId: "VIPCARD-NEW-0001", countryCode: "CN" });
    expect(received.body).toEqual({ status: 200, msg: "success", data: null });
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data).toMatchObject({ isVip: 1, durationStatus: 2 });

    const pkg = await call(cn, "/v1/cloud/vip-card/received/package", { deviceId: "SIM-DEMO-004", encryptCodeId: "VIPCARD-NEW-0001", countryCode: "CN" });
    expect(pkg.body?.data.isRefunded).toBe(false);
    expect(pkg.body?.data.packageInfoList).toEqual([expect.objectContaining({ serviceName: "VIP card, 30 days", originPrice: 25, salePrice: 0, currencyCode: "CNY" })]);

    const refund = { deviceId: "SIM-DEMO-004", encryptCodeId: "VIPCARD-NEW-0001", countryCode: "CN" };
    expect((await call(cn, "/v1/cloud/vip-card/refund", refund)).body?.data).toEqual({ isRefunded: true, alreadyRefunded: false });
    expect((await call(cn, "/v1/cloud/vip-card/refund", refund)).body?.data).toEqual({ isRefunded: true, alreadyRefunded: true });
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data).toMatchObject({ isVip: 0 });
    expect((await call(cn, "/v1/cloud/vip-card/received/package", refund)).body?.data.isRefunded).toBe(true);
    const revoked = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source_ref = 'VIPCARD-NEW-0001' AND revoked_at IS NOT NULL").first<{ n: number }>();
    expect(revoked?.n).toBe(1);
  });

  it("gives a card to one device only, however many receive it at once", async () => {
    await env.DB.prepare("INSERT INTO service_cards (code_id, kind, package_id, status) SELECT 'VIPCARD-RACE', 'vip', id, 0 FROM packages WHERE product_id = 'vip-card-cny'").run();
    const devices = ["CAM-DEMO-002", "SIM-DEMO-001", "SIM-DEMO-002", "SIM-DEMO-003", "SIM-DEMO-004"];
    const results = await Promise.all(
      [...devices, ...devices].map((deviceId) =>
        call(cn, "/v1/cloud/vip-card/receive", { deviceId, deviceType: deviceId.startsWith("SIM") ? 2 : 1, encryptCodeId: "VIPCARD-RACE" }),
      ),
    );
    expect(results.map((r) => r.body?.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const periods = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source_ref = 'VIPCARD-RACE'").first<{ n: number }>();
    expect(periods?.n).toBe(1);
  });

  it("refuses unknown, already received, never received and other devices' cards", async () => {
    const receive = (encryptCodeId: string, deviceId = "CAM-DEMO-002", deviceType = 1) => call(cn, "/v1/cloud/vip-card/receive", { deviceId, deviceType, encryptCodeId });
    expect((await receive("NO-SUCH-CARD")).body).toMatchObject({ status: 404 });
    expect((await receive("VIPCARD-RECV-0002")).body).toMatchObject({ status: 409, msg: "card already received" });
    expect((await receive("VIPCARD-RECV-0002", "CAM-DEMO-002", 2)).body?.msg).toBe("invalid params: deviceType: does not match the device");
    expect((await call(cn, "/v1/cloud/vip-card/refund", { deviceId: "CAM-DEMO-002", encryptCodeId: "VIPCARD-RECV-0002" })).body?.status).toBe(403);
    expect((await call(cn, "/v1/cloud/vip-card/received/package", { deviceId: "CAM-DEMO-002", encryptCodeId: "VIPCARD-RECV-0002" })).body?.status).toBe(404);
    await env.DB.prepare("INSERT INTO service_cards (code_id, kind, package_id, status) SELECT 'VIPCARD-UNUSED', 'vip', id, 0 FROM packages WHERE product_id = 'vip-card-cny'").run();
    await env.DB.prepare("UPDATE service_cards SET device_id = 'CAM-DEMO-002' WHERE code_id = 'VIPCARD-UNUSED'").run();
    expect((await call(cn, "/v1/cloud/vip-card/refund", { deviceId: "CAM-DEMO-002", encryptCodeId: "VIPCARD-UNUSED" })).body?.status).toBe(409);
    expect((await call(cn, "/v1/cloud/vip-card/receive", { deviceId: "CAM-DEMO-002", deviceType: 1 })).body?.msg).toBe("invalid params: encryptCodeId: Invalid input: expected string, received undefined");
  });
});

describe("storage cards and received packages", () => {
  it("lists a device's storage card packages, refunds them once, and revokes the period", async () => {
    const query = { deviceId: "CAM-DEMO-002", deviceType: 1, countryCode: "CN" };
    const listed = await call(cn, "/v1/cloud/storage-card/received/package", query);
    expect(listed.body?.data).toMatchObject({ isRefunded: false, packageInfoList: [expect.objectContaining({ serviceName: "Cloud card: event recording, 30 days", originPrice: 18, salePrice: 0 })] });
    expect((await call(cn, "/v1/cloud/package/current", { deviceId: "CAM-DEMO-002", type: 1 })).body?.data.durationStatus).toBe(2);
    expect((await call(cn, "/v1/cloud/storage-card/refund", query)).body?.data).toEqual({ isRefunded: true, alreadyRefunded: false });
    expect((await call(cn, "/v1/cloud/storage-card/refund", query)).body?.data).toEqual({ isRefunded: true, alreadyRefunded: true });
    expect((await call(cn, "/v1/cloud/storage-card/received/package", query)).body?.data.isRefunded).toBe(true);
    expect((await call(cn, "/v1/cloud/package/current", { deviceId: "CAM-DEMO-002", type: 1 })).body?.data.durationStatus).toBe(0);
  });

  it("answers 404 (the screen's 'refunded, empty list') for a device that received nothing", async () => {
    const { http, body } = await call(cn, "/v1/cloud/storage-card/received/package", { deviceId: "SIM-DEMO-001", deviceType: 2 });
    expect(http).toBe(404);
    expect(body).toEqual({ status: 404, msg: "no package was received with a card on this device", data: null });
  });

  it("lists every card package of a device, narrowed by type", async () => {
    const all = await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001" });
    expect(all.body?.data.packageInfoList.map((p: { serviceId: number }) => p.serviceId).sort()).toEqual([103, 502]);
    const vip = await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 5 });
    expect(vip.body?.data).toMatchObject({ isRefunded: false, packageInfoList: [expect.objectContaining({ serviceId: 502 })] });
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 2 })).http).toBe(400);
  });
});
