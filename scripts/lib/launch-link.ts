import { createCipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import { DEMO_ACCOUNTS, DEMO_DEVICE_OF_KIND, DEMO_DEVICES } from "#demo/seed.ts";
import { S2S_HEADERS, s2sSignature } from "#contract/signature.ts";
import { DeviceType, SOLD_SERVICE_TYPES, soldService, type SoldServiceType } from "#domain/services.ts";
import { APP_HOME, SERVICES } from "#app/catalogue/screens.ts";

/** Calls that mint a user's identity also carry the server-to-server credential (docs/contract.md). */
const S2S_PATHS = new Set(["/v1/member/user/s2s/token"]);

/** Signs and sends one /v1 call the way the companion app's backend does (docs/contract.md). */
export async function callCloudApi<T>(base: string, vars: Record<string, string>, path: string, body: unknown, accessToken = ""): Promise<T> {
  const appid = vars.APP_ID ?? "";
  const noticeStr = String(randomInt(10_000_000, 100_000_000));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHash("md5").update(appid + (vars.APP_SECRET ?? "") + noticeStr + timestamp).digest("hex");
  const text = JSON.stringify(body);
  const s2s: Record<string, string> = S2S_PATHS.has(path)
    ? { [S2S_HEADERS.timestamp]: timestamp, [S2S_HEADERS.signature]: await s2sSignature(vars.S2S_SECRET ?? "", { method: "POST", path, timestamp, noticeStr, body: text }) }
    : {};
  const response = await fetch(base + path, {
    method: "POST",
    headers: { appid, noticeStr, timestamp, signature, platform: "H5", appVersion: "2.0", countryCode: "CN", appLanguage: "en", accessToken, "content-type": "application/json", ...s2s },
    body: text,
  });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

export interface SignIn {
  accessToken: string;
  refreshToken: string;
  tgAccessToken: string;
  /** The purchase signature; an empty one makes the storefront confirm orders with v2 instead of v3. */
  signature: string;
}

export interface DemoDevice {
  deviceId: string;
  deviceName: string;
  deviceType: number;
  iccId: string | null;
}

export async function signIn(base: string, vars: Record<string, string>, account: string) {
  const tokens = await callCloudApi<SignIn>(base, vars, "/v1/member/user/s2s/token", { account });
  const { items } = await callCloudApi<{ items: DemoDevice[] }>(base, vars, "/v1/member/device/list", { tgAccessToken: tokens.tgAccessToken });
  return { tokens, devices: items };
}

/** What a launch link may say besides the screen and the device. */
export interface LaunchChoices {
  country?: string;
  language?: string;
  version?: string;
  pageType?: string;
  codeId?: string;
  /** The service a VIP card receives (VIP receive mode). */
  serviceId?: number;
  /** Plain query parameters the screen reads besides the launch (e.g. orderId, package, pay). */
  query?: Record<string, string>;
}

export interface LaunchOptions extends LaunchChoices {
  storefront: string;
  screen: string;
  device: DemoDevice;
  tokens: SignIn;
  aesKeyHex: string;
}

/** A launch URL: base64 of the payload JSON, or with version 2 base64 of "ivHex:cipherBase64" (AES-256-CBC). */
export function launchUrl(options: LaunchOptions): string {
  const payload = {
    deviceId: options.device.deviceId,
    deviceName: options.device.deviceName,
    deviceType: options.device.deviceType,
    iccId: options.device.iccId ?? "",
    countryCode: options.country ?? "CN",
    language: options.language ?? "en",
    token: options.tokens.accessToken,
    refreshToken: options.tokens.refreshToken,
    tgAccessToken: options.tokens.tgAccessToken,
    signature: options.tokens.signature,
    app_package_name: "com.camcloud.demo",
    codeId: options.codeId ?? "",
    service_id: options.serviceId ?? null,
  };
  const json = JSON.stringify(payload);
  let text = json;
  if (options.version === "2") {
    const iv = randomBytes(16);
    const cipher = createCipheriv("aes-256-cbc", Buffer.from(options.aesKeyHex, "hex"), iv);
    text = `${iv.toString("hex")}:${Buffer.concat([cipher.update(json, "utf8"), cipher.final()]).toString("base64")}`;
  }
  const query = new URLSearchParams({ params: Buffer.from(text, "utf8").toString("base64") });
  if (options.version) query.set("version", options.version);
  if (options.pageType) query.set("page_type", options.pageType);
  for (const [key, value] of Object.entries(options.query ?? {})) query.set(key, value);
  return `${options.storefront}/app-h5/${options.screen.replace(/^\/+/, "")}?${query}`;
}

/** The demo device a sold service's screens open with: the account's device of the first kind the service is sold for. */
export const demoDeviceOf = (type: SoldServiceType, account: keyof typeof DEMO_DEVICE_OF_KIND = "buyer"): string =>
  DEMO_DEVICE_OF_KIND[account][soldService(type).soldTo[0] ?? DeviceType.camera];

/** A screen's path as launch links name it: `cloud/mobile-data/buy`. */
export const launchScreen = (path: string) => path.slice(APP_HOME.length + 1);

/** The demo device a screen (`cloud/mobile-data/buy`) opens with when none is named: its service's, else the camera. */
export function defaultDemoDevice(screen: string): string {
  const path = `${APP_HOME}/${screen.replace(/^\/?(app-h5\/)?/, "")}`;
  const type = SOLD_SERVICE_TYPES.find((candidate) => SERVICES[candidate].buy === path || SERVICES[candidate].orders === path);
  return type === undefined ? DEMO_DEVICES.camera : demoDeviceOf(type);
}

export type ScreenLaunch = Omit<LaunchOptions, "storefront" | "device" | "tokens" | "aesKeyHex"> & {
  deviceId: string;
  /** Replaces some of the signed-in tokens (e.g. a forged access token). */
  tokens?: Partial<SignIn>;
};

/** Signs a demo account (the buyer unless told) in and makes launch links for its devices, as the companion app would. */
export async function demoBuyer(api: string, storefront: string, vars: Record<string, string>, account: string = DEMO_ACCOUNTS.buyer) {
  const { tokens, devices } = await signIn(api, vars, account);
  return {
    tokens,
    devices,
    link({ deviceId, tokens: replaced, ...options }: ScreenLaunch): string {
      // An empty id launches without a device, as the cloud card refund screen may be opened.
      const device = deviceId === "" ? { deviceId: "", deviceName: "", deviceType: 1, iccId: null } : devices.find((d) => d.deviceId === deviceId);
      if (!device) throw new Error(`the demo buyer has no device ${deviceId}; theirs: ${devices.map((d) => d.deviceId).join(", ")}`);
      return launchUrl({ storefront, device, tokens: { ...tokens, ...replaced }, aesKeyHex: vars.LAUNCH_AES_KEY ?? "", ...options });
    },
    /** A link naming a device that is not the buyer's, as a tampered or stale app would send. */
    linkForForeignDevice(device: DemoDevice, options: Omit<ScreenLaunch, "deviceId" | "tokens">): string {
      return launchUrl({ storefront, device, tokens, aesKeyHex: vars.LAUNCH_AES_KEY ?? "", ...options });
    },
  };
}
