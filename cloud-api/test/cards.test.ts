import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cardLookupKey } from "#api/core/card-codes.ts";
import { call, type Buyer } from "./helpers/orders.ts";
import { signedFetch, signIn } from "#test/signed-request.ts";

let cn: Buyer;

beforeAll(async () => {
  cn = { accessToken: (await signIn()).accessToken, country: "CN" };
});

/** A VIP card nobody has received yet. */
async function newVipCard(codeId: string) {
  await env.DB.prepare("INSERT INTO service_cards (code_id, kind, package_id, status) SELECT ?, 'vip', id, 0 FROM packages WHERE product_id = 'vip-card-cny'")
    .bind(codeId)
    .run();
}

/** The periods a card granted: named by its row's key, the code itself (a card without a batch) or its keyed hash (the demo's, a batch's). */
async function periodsOf(code: string) {
  const key = await cardLookupKey(env.CARD_CODE_SECRET, code);
  const { results } = await env.DB.prepare("SELECT device_id, service_type, revoked_at FROM entitlements WHERE source_ref IN (?, ?)").bind(code, key).all<{
    device_id: string;
    service_type: number;
    revoked_at: number | null;
  }>();
  return results;
}

const receive = (deviceId: string, deviceType: unknown, encryptCodeId: unknown) => call(cn, "/v1/cloud/vip-card/receive", { deviceId, deviceType, encryptCodeId, countryCode: "CN" });
const vipReceivedPackage = (deviceId: string, encryptCodeId: string) => call(cn, "/v1/cloud/vip-card/received/package", { deviceId, encryptCodeId, countryCode: "CN" });
const vipRefund = (deviceId: string, encryptCodeId: string) => call(cn, "/v1/cloud/vip-card/refund", { deviceId, encryptCodeId, countryCode: "CN" });

describe("VIP cards", () => {
  it("receives a card, shows its package, refunds it once, and VIP info follows", async () => {
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data).toMatchObject({ isVip: 0, durationStatus: 0 });
    expect((await receive("SIM-DEMO-004", 2, "VIPCARD-NEW-0001")).body).toEqual({ status: 200, msg: "success", data: null });
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data).toMatchObject({ isVip: 1, durationStatus: 2, saveMoney: 25 });

    const received = await vipReceivedPackage("SIM-DEMO-004", "VIPCARD-NEW-0001");
    expect(received.body?.data).toEqual({
      isRefunded: false,
      packageInfoList: [
        {
          id: expect.any(Number),
          serviceId: 502,
          productId: "vip-card-cny",
          serviceName: "VIP card, 30 days",
          serviceDesc: "Received with a VIP card",
          topTag: "",
          originPrice: 25,
          salePrice: 0,
          currencyCode: "CNY",
          isGive: 0,
          isSale: 0,
          displaySort: 30,
          period: 30,
          dataQuotaMb: null,
          isUnlimited: 0,
          recordingDays: null,
        },
      ],
    });

    expect((await vipRefund("SIM-DEMO-004", "VIPCARD-NEW-0001")).body).toEqual({ status: 200, msg: "success", data: { isRefunded: true, alreadyRefunded: false } });
    const [period] = await periodsOf("VIPCARD-NEW-0001");
    expect(period).toMatchObject({ device_id: "SIM-DEMO-004", service_type: 5, revoked_at: expect.any(Number) });

    // A second refund changes nothing.
    expect((await vipRefund("SIM-DEMO-004", "VIPCARD-NEW-0001")).body).toEqual({ status: 200, msg: "success", data: { isRefunded: true, alreadyRefunded: true } });
    expect(await periodsOf("VIPCARD-NEW-0001")).toEqual([period]);
    expect((await call(cn, "/v1/cloud/vip/device/info", { deviceId: "SIM-DEMO-004" })).body?.data).toEqual({ isVip: 0, durationStatus: 0, vipExpireTimestamp: null, saveMoney: 0 });
    expect((await vipReceivedPackage("SIM-DEMO-004", "VIPCARD-NEW-0001")).body?.data.isRefunded).toBe(true);
    // A refunded card cannot be received again.
    expect((await receive("SIM-DEMO-004", 2, "VIPCARD-NEW-0001")).body).toMatchObject({ status: 409, msg: "card already received", reason: "card_already_received" });
  });

  it("gives a card to one device only, however many receive it at once", async () => {
    await newVipCard("VIPCARD-RACE");
    const devices = ["CAM-DEMO-002", "SIM-DEMO-001", "SIM-DEMO-002", "SIM-DEMO-003", "SIM-DEMO-004"];
    // Requests reach workerd staggered, so most losers stop at the status read; the guarded update stops the rest.
    const results = await Promise.all([...devices, ...devices].map((deviceId) => receive(deviceId, deviceId.startsWith("SIM") ? 2 : 1, "VIPCARD-RACE")));
    expect(results.map((r) => r.body?.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(results.filter((r) => r.http === 409).every((r) => r.body?.msg === "card already received")).toBe(true);
    const periods = await periodsOf("VIPCARD-RACE");
    const card = await env.DB.prepare("SELECT status, device_id FROM service_cards WHERE code_id = 'VIPCARD-RACE'").first<{ status: number; device_id: string }>();
    expect(periods).toEqual([{ device_id: card?.device_id, service_type: 5, revoked_at: null }]);
    expect(card?.status).toBe(1);
  });

  it("answers 404 for an unknown card, and for a storage card's code, on every VIP card call", async () => {
    for (const code of ["NO-SUCH-CARD", "STORAGECARD-NEW-0001"]) {
      expect((await receive("CAM-DEMO-002", 1, code)).body).toEqual({ status: 404, msg: "no vip card with this code", data: null, reason: "card_not_found" });
      expect((await vipReceivedPackage("CAM-DEMO-002", code)).http).toBe(404);
      expect((await vipRefund("CAM-DEMO-002", code)).http).toBe(404);
    }
  });

  it("refuses to refund a card never received (409) or received on another device (403), and lists it only where it was received", async () => {
    await newVipCard("VIPCARD-UNUSED");
    expect((await vipRefund("CAM-DEMO-002", "VIPCARD-UNUSED")).body).toEqual({ status: 409, msg: "card not received yet", data: null, reason: "card_not_received" });
    expect((await vipReceivedPackage("CAM-DEMO-002", "VIPCARD-UNUSED")).http).toBe(404);

    // VIPCARD-RECV-0002 was received on CAM-DEMO-001.
    expect((await receive("CAM-DEMO-002", 1, "VIPCARD-RECV-0002")).body).toMatchObject({ status: 409, msg: "card already received", reason: "card_already_received" });
    expect((await vipRefund("CAM-DEMO-002", "VIPCARD-RECV-0002")).body).toEqual({ status: 403, msg: "the card was not received on this device", data: null, reason: "card_on_other_device" });
    expect((await vipReceivedPackage("CAM-DEMO-002", "VIPCARD-RECV-0002")).http).toBe(404);
    expect((await vipReceivedPackage("CAM-DEMO-001", "VIPCARD-RECV-0002")).body?.data).toMatchObject({ isRefunded: false, packageInfoList: [expect.objectContaining({ serviceId: 502 })] });
    expect(await periodsOf("VIPCARD-RECV-0002")).toEqual([{ device_id: "CAM-DEMO-001", service_type: 5, revoked_at: null }]);
  });

  it("answers a card refunded before as refunded, without changing it", async () => {
    expect((await vipReceivedPackage("CAM-DEMO-002", "VIPCARD-REF-0003")).body?.data.isRefunded).toBe(true);
    expect((await vipRefund("CAM-DEMO-002", "VIPCARD-REF-0003")).body?.data).toEqual({ isRefunded: true, alreadyRefunded: true });
  });

  it("refuses another user's device with 403 before looking at the card", async () => {
    await newVipCard("VIPCARD-OTHER");
    expect((await receive("CAM-OTHER-001", 1, "VIPCARD-OTHER")).http).toBe(403);
    expect((await vipReceivedPackage("CAM-OTHER-001", "VIPCARD-RECV-0002")).http).toBe(403);
    expect((await vipRefund("CAM-OTHER-001", "VIPCARD-RECV-0002")).http).toBe(403);
    expect(await periodsOf("VIPCARD-OTHER")).toEqual([]);
  });

  it("answers 400 naming the field for a wrong type, a missing field or a deviceType that is not the device's", async () => {
    const field = (name: string) => expect.stringMatching(new RegExp(`^invalid params: ${name}: `));
    expect((await receive("CAM-DEMO-002", "1", "VIPCARD-OTHER")).body).toMatchObject({ status: 400, msg: field("deviceType") });
    expect((await receive("CAM-DEMO-002", 3, "VIPCARD-OTHER")).body).toMatchObject({ status: 400, msg: field("deviceType") });
    expect((await receive("CAM-DEMO-002", 1, 42)).body).toMatchObject({ status: 400, msg: field("encryptCodeId") });
    expect((await call(cn, "/v1/cloud/vip-card/receive", { deviceId: "CAM-DEMO-002", deviceType: 1 })).body?.msg).toBe(
      "invalid params: encryptCodeId: Invalid input: expected string, received undefined",
    );
    expect((await receive("CAM-DEMO-002", 2, "VIPCARD-OTHER")).body).toEqual({ status: 400, msg: "invalid params: deviceType: does not match the device", data: null });
    expect(await periodsOf("VIPCARD-OTHER")).toEqual([]);
  });
});

describe("storage cards", () => {
  const storage = { deviceId: "CAM-DEMO-002", deviceType: 1, countryCode: "CN" };

  it("refuses, changing nothing, a package the device did not receive with a card and a card received on another device than the one named", async () => {
    const refusal = { status: 404, reason: "no_card_package" };
    expect((await call(cn, "/v1/cloud/storage-card/refund", { ...storage, packageId: 999_999 })).body).toMatchObject(refusal);
    expect((await call(cn, "/v1/cloud/storage-card/refund", { deviceId: "CAM-DEMO-001", deviceType: 1, encryptCodeId: "STORAGECARD-RECV-0002" })).body).toMatchObject(refusal);
    expect((await call(cn, "/v1/cloud/storage-card/received/package", { deviceId: "CAM-DEMO-001", encryptCodeId: "STORAGECARD-RECV-0002" })).body).toMatchObject(refusal);
    expect((await periodsOf("STORAGECARD-RECV-0002")).map((period) => period.revoked_at)).toEqual([null]);
    expect((await call(cn, "/v1/cloud/storage-card/received/package", storage)).body?.data.isRefunded).toBe(false);
  });

  it("moves a paid period queued behind a refunded card's up by the days the card frees, once", async () => {
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const { id: packageId } = (await env.DB.prepare("SELECT id FROM packages WHERE product_id = 'storage-card-cny'").first<{ id: number }>()) ?? { id: 0 };
    await env.DB.batch([
      env.DB.prepare("INSERT INTO service_cards (code_id, kind, package_id, status, device_id, received_at) VALUES ('STORAGECARD-QUEUE', 'storage', ?, 1, 'CAM-DEMO-004', ?)").bind(packageId, now - day),
      env.DB.prepare(
        `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref) VALUES
         ('CAM-DEMO-004', 1, ?1, 'Card', 1, ?2, ?3, 'storage_card', 'STORAGECARD-QUEUE'), ('CAM-DEMO-004', 1, ?1, 'Paid', 1, ?3, ?4, 'order', 'ORDER-QUEUED')`,
      ).bind(packageId, now - day, now + 29 * day, now + 59 * day),
    ]);
    const queued = () => env.DB.prepare("SELECT start_time, end_time FROM entitlements WHERE source_ref = 'ORDER-QUEUED'").first<{ start_time: number; end_time: number }>();

    expect((await call(cn, "/v1/cloud/storage-card/refund", { encryptCodeId: "STORAGECARD-QUEUE" })).body?.data).toEqual({ isRefunded: true, alreadyRefunded: false });
    const moved = await queued();
    // It starts now instead of in 29 days, and keeps its 30 days.
    expect(moved?.start_time).toBeGreaterThanOrEqual(now);
    expect(moved?.start_time).toBeLessThanOrEqual(now + 60);
    expect((moved?.end_time ?? 0) - (moved?.start_time ?? 0)).toBe(30 * day);
    expect((await call(cn, "/v1/cloud/storage-card/refund", { encryptCodeId: "STORAGECARD-QUEUE" })).body?.data).toEqual({ isRefunded: true, alreadyRefunded: true });
    expect(await queued()).toEqual(moved);
  });

  it("lists a device's storage card packages, refunds them once, and revokes the period", async () => {
    const listed = await call(cn, "/v1/cloud/storage-card/received/package", storage);
    expect(listed.body?.data).toEqual({
      isRefunded: false,
      packageInfoList: [expect.objectContaining({ serviceId: 103, productId: "storage-card-cny", serviceName: "Cloud card: event recording, 30 days", originPrice: 18, salePrice: 0 })],
    });
    expect((await call(cn, "/v1/cloud/package/current", { deviceId: "CAM-DEMO-002", type: 1 })).body?.data.durationStatus).toBe(2);

    expect((await call(cn, "/v1/cloud/storage-card/refund", storage)).body).toEqual({ status: 200, msg: "success", data: { isRefunded: true, alreadyRefunded: false } });
    const [period] = await periodsOf("STORAGECARD-RECV-0002");
    expect(period?.revoked_at).toEqual(expect.any(Number));

    // A second refund changes nothing.
    expect((await call(cn, "/v1/cloud/storage-card/refund", { deviceId: "CAM-DEMO-002" })).body?.data).toEqual({ isRefunded: true, alreadyRefunded: true });
    expect(await periodsOf("STORAGECARD-RECV-0002")).toEqual([period]);
    expect((await call(cn, "/v1/cloud/storage-card/received/package", storage)).body?.data.isRefunded).toBe(true);
    expect((await call(cn, "/v1/cloud/package/current", { deviceId: "CAM-DEMO-002", type: 1 })).body?.data.durationStatus).toBe(0);
  });

  it("answers 404 (the screen's 'refunded, empty list') for a device that received none, on both calls", async () => {
    const none = { deviceId: "SIM-DEMO-001", deviceType: 2 };
    const { http, body } = await call(cn, "/v1/cloud/storage-card/received/package", none);
    expect(http).toBe(404);
    expect(body).toEqual({ status: 404, msg: "no package was received with a card on this device", data: null, reason: "no_card_package" });
    expect((await call(cn, "/v1/cloud/storage-card/refund", none)).http).toBe(404);
  });

  it("refuses another user's device with 403 and a wrong type with 400 naming the field", async () => {
    expect((await call(cn, "/v1/cloud/storage-card/received/package", { deviceId: "CAM-OTHER-001", deviceType: 1 })).http).toBe(403);
    expect((await call(cn, "/v1/cloud/storage-card/refund", { deviceId: "CAM-OTHER-001", deviceType: 1 })).http).toBe(403);
    expect((await call(cn, "/v1/cloud/storage-card/refund", { ...storage, deviceType: "1" })).body?.msg).toMatch(/^invalid params: deviceType: /);
    expect((await call(cn, "/v1/cloud/storage-card/received/package", { ...storage, countryCode: 86 })).body?.msg).toMatch(/^invalid params: countryCode: /);
  });
});

describe("received-package info", () => {
  it("lists and refunds a scanned card by its code alone, with no device chosen (product-rules §5), only on its owner's devices", async () => {
    const byCode = { encryptCodeId: "STORAGECARD-RECV-0004", countryCode: "CN" };
    const listed = await call(cn, "/v1/cloud/storage-card/received/package", byCode);
    expect(listed.body?.data).toMatchObject({ isRefunded: false, packageInfoList: [expect.objectContaining({ productId: "storage-card-cny" })] });
    const other = { accessToken: (await signIn("other@camcloud.example")).accessToken, country: "US" as const };
    expect((await call(other, "/v1/cloud/storage-card/refund", byCode)).http).toBe(403);
    expect((await call(cn, "/v1/cloud/storage-card/refund", byCode)).body?.data).toEqual({ isRefunded: true, alreadyRefunded: false });
    expect((await call(cn, "/v1/cloud/storage-card/received/package", byCode)).body?.data.isRefunded).toBe(true);
    expect((await call(cn, "/v1/cloud/storage-card/refund", { encryptCodeId: "STORAGECARD-NEW-0001" })).body).toMatchObject({ status: 409, msg: "card not received yet" });
    expect((await call(cn, "/v1/cloud/storage-card/refund", { countryCode: "CN" })).body?.msg).toMatch(/^invalid params: deviceId: a device or a card code is required/);
  });

  it("lists every card package of a device, VIP and storage, narrowed by type", async () => {
    const all = await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001" });
    expect(all.body?.data.isRefunded).toBe(false);
    expect(all.body?.data.packageInfoList.map((p: { productId: string }) => p.productId).sort()).toEqual(["storage-card-cny", "vip-card-cny"]);
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 5 })).body?.data).toEqual({
      isRefunded: false,
      packageInfoList: [expect.objectContaining({ productId: "vip-card-cny" })],
    });
    // CAM-DEMO-001's storage card was refunded.
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 1 })).body?.data).toEqual({
      isRefunded: true,
      packageInfoList: [expect.objectContaining({ productId: "storage-card-cny" })],
    });
  });

  it("answers in the request's language", async () => {
    const zh = await signedFetch("/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 5 }, { accessToken: cn.accessToken, headers: { appLanguage: "zh" } });
    expect(zh.body?.data.packageInfoList[0]).toMatchObject({ serviceName: "VIP 卡 30天", serviceDesc: "VIP 卡领取" });
  });

  it("refuses a type other than 1 or 5 with 400, another user's device with 403, and answers 404 when none was received", async () => {
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-DEMO-001", type: 2 })).body?.msg).toMatch(/^invalid params: type: /);
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "CAM-OTHER-001" })).http).toBe(403);
    expect((await call(cn, "/v1/cloud/package/received/info", { deviceId: "SIM-DEMO-005" })).http).toBe(404);
  });
});
