/** Product-rules §1/§9: service, device and payment codes. */

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

export const PaymentType = { wechat: 1, alipay: 2, paypal: 3, card: 4 } as const;
export type PaymentTypeCode = 1 | 2 | 3 | 4;
export const PAYMENT_TYPES: readonly PaymentTypeCode[] = [PaymentType.wechat, PaymentType.alipay, PaymentType.paypal, PaymentType.card];

/** Product-rules §2/§6: CN pays with WeChat or Alipay; every other country with PayPal or card. */
export function paymentTypesFor(countryCode: string): readonly PaymentTypeCode[] {
  return countryCode.toUpperCase() === "CN" ? [PaymentType.wechat, PaymentType.alipay] : [PaymentType.paypal, PaymentType.card];
}
