import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { DAY_SECONDS, VIP_DATA_MB_PER_MONTH } from "#domain/service-periods.ts";
import { DEMO_CARD_CODES, DEMO_DEVICES, DEMO_ICCIDS } from "#demo/seed.ts";
import { runSweeps } from "#api/cron/sweeps.ts";
import { addVipDataDue } from "#api/services/vip-data.ts";
import { call, deliver, freshBuyers, paidOrder, type Buyer } from "./helpers/orders.ts";

let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

const simTotalMb = async (iccid: string) => (await env.DB.prepare("SELECT total_mb FROM sim_cards WHERE iccid = ?").bind(iccid).first<{ total_mb: number }>())?.total_mb ?? 0;

describe("VIP on a SIM device brings 20 GB of 4G data a month (issue 31)", () => {
  it("adds the first month's data when the order is delivered, once however often it is delivered, and each later month once", async () => {
    const before = await simTotalMb(DEMO_ICCIDS.simSpare);
    const orderId = await paidOrder(cn, DEMO_DEVICES.simSpare, 5, "vip-year-cny");
    await deliver(orderId);
    await deliver(orderId, 2);
    expect(await simTotalMb(DEMO_ICCIDS.simSpare)).toBe(before + VIP_DATA_MB_PER_MONTH);

    // A month later (the period moved back 31 days), two cron runs at once add the second month once.
    await env.DB.prepare("UPDATE entitlements SET start_time = start_time - ?1, end_time = end_time - ?1 WHERE source = 'order' AND source_ref = ?2")
      .bind(31 * DAY_SECONDS, orderId)
      .run();
    const now = Math.floor(Date.now() / 1000);
    const added = await Promise.all([addVipDataDue(env.DB, now), addVipDataDue(env.DB, now)]);
    expect(added.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await simTotalMb(DEMO_ICCIDS.simSpare)).toBe(before + 2 * VIP_DATA_MB_PER_MONTH);
    expect((await runSweeps(env)).vipDataMonthsAdded).toBe(0);
    expect(await simTotalMb(DEMO_ICCIDS.simSpare)).toBe(before + 2 * VIP_DATA_MB_PER_MONTH);
  });

  it("adds nothing for a camera's VIP, nor for a SIM's VIP period that has not begun", async () => {
    const camera = await paidOrder(cn, DEMO_DEVICES.camera, 5, "vip-month-cny");
    await deliver(camera);
    const months = await env.DB.prepare("SELECT COUNT(*) AS n FROM vip_data_months m JOIN entitlements e ON e.id = m.entitlement_id WHERE e.device_id = ?")
      .bind(DEMO_DEVICES.camera)
      .first<{ n: number }>();
    expect(months?.n).toBe(0);

    // A second VIP month on the SIM queues after its year: its data comes when it begins.
    const before = await simTotalMb(DEMO_ICCIDS.simSpare);
    const queued = await paidOrder(cn, DEMO_DEVICES.simSpare, 5, "vip-month-cny");
    await deliver(queued);
    expect(await simTotalMb(DEMO_ICCIDS.simSpare)).toBe(before);
  });

  it("adds the first month's data when a VIP card is received on a SIM device", async () => {
    const before = await simTotalMb(DEMO_ICCIDS.simUnlimited);
    const received = await call(cn, "/v1/cloud/vip-card/receive", { deviceId: DEMO_DEVICES.simUnlimited, deviceType: 2, encryptCodeId: DEMO_CARD_CODES.vipNewSpare, countryCode: "CN" });
    expect(received.body?.status).toBe(200);
    expect(await simTotalMb(DEMO_ICCIDS.simUnlimited)).toBe(before + VIP_DATA_MB_PER_MONTH);
  });
});
