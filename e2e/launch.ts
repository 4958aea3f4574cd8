import { DEMO_ACCOUNTS } from "../cloud-api/demo/seed.ts";
import { launchUrl, signIn, type LaunchOptions } from "../scripts/lib/launch-link.ts";
import { devVars } from "../scripts/lib/project.ts";
import { E2E } from "./ports.ts";

type Extra = Partial<Omit<LaunchOptions, "device" | "tokens" | "storefront" | "aesKeyHex">> & {
  /** Replace tokens (e.g. to launch with an invalid access token). */
  tokens?: Partial<LaunchOptions["tokens"]>;
};

/** A fresh launch link for the demo buyer's device, as the companion app would open it. */
export async function launchLink(deviceId: string, extra: Extra = {}): Promise<string> {
  const vars = devVars();
  const session = await signIn(E2E.api, vars, DEMO_ACCOUNTS.buyer);
  const device = session.devices.find((d) => d.deviceId === deviceId);
  if (!device) throw new Error(`no demo device ${deviceId}`);
  const { tokens, ...rest } = extra;
  return launchUrl({ storefront: E2E.storefront, screen: "cloud/mobile-data/buy", aesKeyHex: vars.LAUNCH_AES_KEY ?? "", device, ...rest, tokens: { ...session.tokens, ...tokens } });
}

export function rawLaunch(params: string, query = ""): string {
  return `${E2E.storefront}/app-h5/cloud/mobile-data/buy?params=${encodeURIComponent(params)}${query}`;
}
