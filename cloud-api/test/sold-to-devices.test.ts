import { beforeEach, describe, expect, it } from "vitest";
import { DeviceType, isSoldFor, ServiceType } from "#domain/services.ts";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { call, deliver, freshBuyers, orderRow, paidOrder, type Buyer } from "./helpers/orders.ts";

let us: Buyer;
let cn: Buyer;

beforeEach(async () => {
  ({ us, cn } = await freshBuyers());
});

const DEVICES = [
  { deviceId: DEMO_DEVICES.cameraNoPackage, deviceType: DeviceType.camera },
  { deviceId: DEMO_DEVICES.simSpare, deviceType: DeviceType.sim },
];
const SERVICES = [ServiceType.cloudStorage, ServiceType.mobileData, ServiceType.vip, ServiceType.ai];

async function packagesFor(buyer: Buyer, deviceId: string, type: number) {
  const { body } = await call(buyer, "/v1/cloud/package/list", { deviceId, type });
  expect(body?.status).toBe(200);
  return body?.data.packageList as { id: number; salePrice: number }[];
}

describe("what is sold to which device (issue 31)", () => {
  it("the package list offers a service exactly when the checkout sells it to the device", async () => {
    // A package of every service, listed for a device that can have it, to try on the other kind.
    const anyPackage = new Map<number, { id: number; salePrice: number }>();
    for (const type of SERVICES) {
      const device = DEVICES.find((d) => isSoldFor(type, d.deviceType));
      const [first] = await packagesFor(us, device?.deviceId ?? "", type);
      if (first) anyPackage.set(type, first);
    }
    expect([...anyPackage.keys()]).toEqual(SERVICES);

    for (const { deviceId, deviceType } of DEVICES) {
      for (const type of SERVICES) {
        const listed = await packagesFor(us, deviceId, type);
        const pkg = anyPackage.get(type);
        const confirmed = await call(us, "/v1/cloud/order/h5/confirm/v3", { deviceId, priceId: pkg?.id, payAmount: pkg?.salePrice, payMethod: 4, buyServiceType: type });
        const label = `service ${type} on ${deviceId}`;
        if (isSoldFor(type, deviceType)) {
          expect(listed.length, label).toBeGreaterThan(0);
          expect(confirmed.body?.status, label).toBe(200);
        } else {
          expect(listed, label).toEqual([]);
          expect(confirmed.body, label).toMatchObject({ status: 409, reason: "package_wrong_device" });
        }
      }
    }
    // The spec's rule: 4G data only with a SIM card; VIP (and every camera service) for a 4G camera too.
    expect(isSoldFor(ServiceType.vip, DeviceType.sim)).toBe(true);
    expect(isSoldFor(ServiceType.mobileData, DeviceType.camera)).toBe(false);
  });

  it("a SIM device bought VIP in China gets its VIP period, and the VIP info says it is VIP until then", async () => {
    const orderId = await paidOrder(cn, DEMO_DEVICES.simSpare, ServiceType.vip, "vip-month-cny");
    await deliver(orderId);
    expect((await orderRow(orderId))?.status).toBe(8006);
    const { body } = await call(cn, "/v1/cloud/vip/device/info", { deviceId: DEMO_DEVICES.simSpare });
    expect(body?.data).toMatchObject({ isVip: 1, durationStatus: 2 });
    const now = Math.floor(Date.now() / 1000);
    expect(body?.data.vipExpireTimestamp).toBeGreaterThanOrEqual(now + 30 * 86_400 - 60);
  });
});
