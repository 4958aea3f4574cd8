import { isEmpty } from "#domain/empty.ts";
import { detectLanguage, type Language } from "#domain/languages.ts";
import { deviceTypeFromAttrs, isDeviceType, type DeviceTypeCode } from "#domain/services.ts";

/**
 * Who the buyer is and what the companion app launched, as kept in the server-side session.
 * Setters follow product-rules §5: empty values are ignored, except that an empty device id or name clears it;
 * device type only accepts 1-2.
 */
export interface LaunchState {
  deviceId: string;
  deviceName: string;
  deviceType: DeviceTypeCode;
  iccId: string;
  codeId: string;
  serviceId: number | null;
  period: number | null;
  appPackageName: string;
  /** Default CN (product-rules §3). */
  countryCode: string;
  /** Only when the launch named one; otherwise the language is detected per request. */
  language: Language | null;
  /** The app's order signature; with one, orders are confirmed through v3 (product-rules §5). */
  signature: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  tgAccessToken: string;
}

export const DEFAULT_LAUNCH_STATE: LaunchState = {
  deviceId: "",
  deviceName: "",
  deviceType: 1,
  iccId: "",
  codeId: "",
  serviceId: null,
  period: null,
  appPackageName: "",
  countryCode: "CN",
  language: null,
  signature: "",
};

type Text = string | null | undefined;

export function setDeviceId(state: LaunchState, value: Text): LaunchState {
  return { ...state, deviceId: isEmpty(value) ? "" : value };
}
export function setDeviceName(state: LaunchState, value: Text): LaunchState {
  return { ...state, deviceName: isEmpty(value) ? "" : value };
}
export function setDeviceType(state: LaunchState, value: unknown): LaunchState {
  return isDeviceType(value) ? { ...state, deviceType: value } : state;
}

/** Product-rules §2 screen 8: a device chosen from the device list becomes the screen's device (type 2 when its attrs say sim). */
export function chooseDevice(state: LaunchState, device: { deviceId: string; deviceName: string; attrs?: string | null | undefined }): LaunchState {
  return setDeviceType(setDeviceName(setDeviceId(state, device.deviceId), device.deviceName), deviceTypeFromAttrs(device.attrs));
}

function ignoringEmpty<K extends "iccId" | "codeId" | "appPackageName" | "signature">(key: K) {
  return (state: LaunchState, value: Text): LaunchState => (isEmpty(value) ? state : { ...state, [key]: value });
}
export const setIccId = ignoringEmpty("iccId");
export const setCodeId = ignoringEmpty("codeId");
export const setAppPackageName = ignoringEmpty("appPackageName");
export const setSignature = ignoringEmpty("signature");

export function setCountryCode(state: LaunchState, value: Text): LaunchState {
  if (isEmpty(value) || !/^[A-Za-z]{2}$/.test(value.trim())) return state;
  return { ...state, countryCode: value.trim().toUpperCase() };
}
export function setLanguage(state: LaunchState, value: Text): LaunchState {
  return isEmpty(value) ? state : { ...state, language: detectLanguage(value) };
}
