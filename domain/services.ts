/** Product-rules §1/§9: service and device codes (payment methods: payment-methods.ts). */

export const DeviceType = { camera: 1, sim: 2 } as const;
export type DeviceTypeCode = 1 | 2;

export function isDeviceType(value: unknown): value is DeviceTypeCode {
  return value === 1 || value === 2;
}

/** Product-rules §2 screen 8: a device list entry whose attributes mention "sim" is a SIM device. */
export function deviceTypeFromAttrs(attrs: string | null | undefined): DeviceTypeCode {
  return attrs && /sim/i.test(attrs) ? DeviceType.sim : DeviceType.camera;
}

/** What both Workers know of a sold service (its screens are in app/catalogue/screens.ts, keyed by its code). */
export interface ServiceRules {
  code: number;
  /** The kinds of device it is sold for: what My services offers, what the checkout sells. */
  soldTo: readonly DeviceTypeCode[];
  /** Product-rules §7: a confirm of it names the launch's device type (VIP and AI). */
  confirmNamesDeviceType: boolean;
}

/**
 * Product-rules §1: every sold service once, by name. A new service is an entry here and its screens' entry
 * in app/catalogue/screens.ts; the codes, the accepted range and the kinds of device derive from these.
 * Kinds of device (issue 31): 4G data needs a SIM card; a SIM device is a camera with a SIM card, so cloud
 * storage, VIP (whose bundle adds 4G data for it, product-rules §2: the VIP screen's fourth item) and AI are
 * sold to cameras and SIM devices alike. The package list and the checkout both ask isSoldFor, so a screen
 * never offers what the checkout refuses.
 */
export const SOLD_SERVICES = {
  cloudStorage: { code: 1, soldTo: [DeviceType.camera, DeviceType.sim], confirmNamesDeviceType: false },
  mobileData: { code: 2, soldTo: [DeviceType.sim], confirmNamesDeviceType: false },
  vip: { code: 5, soldTo: [DeviceType.camera, DeviceType.sim], confirmNamesDeviceType: true },
  ai: { code: 6, soldTo: [DeviceType.camera, DeviceType.sim], confirmNamesDeviceType: true },
} as const satisfies Record<string, ServiceRules>;

type SoldServices = typeof SOLD_SERVICES;
/** The code of each sold service by name: `ServiceType.vip` is 5. */
export const ServiceType = Object.fromEntries(Object.entries(SOLD_SERVICES).map(([name, rules]) => [name, rules.code])) as {
  readonly [Name in keyof SoldServices]: SoldServices[Name]["code"];
};
export type SoldServiceType = SoldServices[keyof SoldServices]["code"];
/** The sold services' codes in the catalogue's order. */
export const SOLD_SERVICE_TYPES = Object.values(ServiceType) as SoldServiceType[];

/** Product-rules §1: 3 and 4 are valid service types that nothing sells. */
const UNSOLD_SERVICE_TYPES = [3, 4] as const;
export type ServiceTypeCode = SoldServiceType | (typeof UNSOLD_SERVICE_TYPES)[number];
/** Every service type accepted (product-rules §5), in order; the contract's range is its first to its last. */
export const SERVICE_TYPES: readonly ServiceTypeCode[] = [...SOLD_SERVICE_TYPES, ...UNSOLD_SERVICE_TYPES].sort((a, b) => a - b);
export const SERVICE_TYPE_RANGE = { min: Math.min(...SERVICE_TYPES), max: Math.max(...SERVICE_TYPES) };

export function isServiceType(value: unknown): value is ServiceTypeCode {
  return SERVICE_TYPES.includes(value as ServiceTypeCode);
}

/** The rules of a sold service by its code, if it is one. */
export function soldService(code: SoldServiceType): ServiceRules;
export function soldService(code: number): ServiceRules | undefined;
export function soldService(code: number): ServiceRules | undefined {
  return Object.values<ServiceRules>(SOLD_SERVICES).find((rules) => rules.code === code);
}

/** Whether a service is sold for a kind of device; no unsold or unknown service is. */
export const isSoldFor = (serviceType: number, deviceType: number): boolean => soldService(serviceType)?.soldTo.some((kind) => kind === deviceType) ?? false;

/** The sold services a kind of device can buy, in the catalogue's order. */
export const servicesSoldFor = (deviceType: number): SoldServiceType[] => SOLD_SERVICE_TYPES.filter((type) => isSoldFor(type, deviceType));
