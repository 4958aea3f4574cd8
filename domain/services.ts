/** Product-rules §1/§9: service and device codes (payment methods: payment-methods.ts). */

export const ServiceType = { cloudStorage: 1, mobileData: 2, vip: 5, ai: 6 } as const;
export type ServiceTypeCode = 1 | 2 | 3 | 4 | 5 | 6;

export function isServiceType(value: unknown): value is ServiceTypeCode {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 6;
}

export const DeviceType = { camera: 1, sim: 2 } as const;
export type DeviceTypeCode = 1 | 2;

export function isDeviceType(value: unknown): value is DeviceTypeCode {
  return value === 1 || value === 2;
}

/**
 * Which kinds of device each sold service is sold to (product-rules §1, issue 31): 4G data needs a SIM card;
 * a SIM device is a camera with a SIM card, so cloud storage, VIP (whose bundle adds 4G data for it,
 * product-rules §2: the VIP screen's fourth item) and AI are sold to cameras and SIM devices alike. The
 * package list and the checkout both ask this, so a screen never offers what the checkout refuses.
 */
const SOLD_TO: Readonly<Record<number, readonly DeviceTypeCode[]>> = {
  [ServiceType.cloudStorage]: [DeviceType.camera, DeviceType.sim],
  [ServiceType.mobileData]: [DeviceType.sim],
  [ServiceType.vip]: [DeviceType.camera, DeviceType.sim],
  [ServiceType.ai]: [DeviceType.camera, DeviceType.sim],
};

export function isSoldTo(serviceType: number, deviceType: number): boolean {
  return SOLD_TO[serviceType]?.some((type) => type === deviceType) ?? false;
}

/** Product-rules §2 screen 8: a device list entry whose attributes mention "sim" is a SIM device. */
export function deviceTypeFromAttrs(attrs: string | null | undefined): DeviceTypeCode {
  return attrs && /sim/i.test(attrs) ? DeviceType.sim : DeviceType.camera;
}
