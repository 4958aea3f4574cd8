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

/** Product-rules §2 screen 8: a device list entry whose attributes mention "sim" is a SIM device. */
export function deviceTypeFromAttrs(attrs: string | null | undefined): DeviceTypeCode {
  return attrs && /sim/i.test(attrs) ? DeviceType.sim : DeviceType.camera;
}
