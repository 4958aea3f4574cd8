import { describe, expect, it } from "vitest";
import { DeviceType, isServiceType, isSoldFor, SERVICE_TYPE_RANGE, SERVICE_TYPES, ServiceType, servicesSoldFor, SOLD_SERVICE_TYPES, soldService } from "./services.ts";

describe("the catalogue of sold services (product-rules §1)", () => {
  it("names each sold service's code once: cloud storage 1, mobile data 2, VIP 5, AI 6", () => {
    expect(ServiceType).toEqual({ cloudStorage: 1, mobileData: 2, vip: 5, ai: 6 });
    expect(SOLD_SERVICE_TYPES).toEqual([1, 2, 5, 6]);
  });

  it("accepts 3 and 4 besides the sold codes, as a range with no gap, so that a check of the range is a check of the list", () => {
    expect(SERVICE_TYPES).toEqual([1, 2, 3, 4, 5, 6]);
    const { min, max } = SERVICE_TYPE_RANGE;
    expect(SERVICE_TYPES).toEqual(Array.from({ length: max - min + 1 }, (_, i) => min + i));
    expect([min - 1, max + 1].map(isServiceType)).toEqual([false, false]);
  });

  it("sells 4G data for SIM devices only and cloud storage, VIP and AI for both kinds, nothing for an unsold or unknown code", () => {
    expect(servicesSoldFor(DeviceType.camera)).toEqual([ServiceType.cloudStorage, ServiceType.vip, ServiceType.ai]);
    expect(servicesSoldFor(DeviceType.sim)).toEqual([ServiceType.cloudStorage, ServiceType.mobileData, ServiceType.vip, ServiceType.ai]);
    expect(servicesSoldFor(3)).toEqual([]);
    expect([3, 4, 7].flatMap((type) => [isSoldFor(type, DeviceType.camera), isSoldFor(type, DeviceType.sim)])).not.toContain(true);
  });

  it("has a confirm name the device type for VIP and AI only (product-rules §7)", () => {
    expect(SOLD_SERVICE_TYPES.filter((type) => soldService(type).confirmNamesDeviceType)).toEqual([ServiceType.vip, ServiceType.ai]);
    expect(soldService(3)).toBeUndefined();
  });
});
