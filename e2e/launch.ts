import { demoBuyer, type ScreenLaunch } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { E2E } from "./ports.ts";

/** A fresh launch link for the demo buyer's device, as the companion app would open it. */
export async function launchLink(deviceId: string, extra: Partial<ScreenLaunch> = {}): Promise<string> {
  const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
  return buyer.link({ screen: "cloud/mobile-data/buy", ...extra, deviceId });
}

/** A launch link with the demo buyer's tokens for someone else's device (every device call answers 403). */
export async function foreignDeviceLaunchLink(deviceId: string, extra: Omit<Partial<ScreenLaunch>, "deviceId" | "tokens"> = {}): Promise<string> {
  const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
  return buyer.linkForForeignDevice({ deviceId, deviceName: "Not mine", deviceType: 1, iccId: null }, { screen: "cloud/mobile-data/buy", ...extra });
}

export function rawLaunch(params: string, query = ""): string {
  return `${E2E.storefront}/app-h5/cloud/mobile-data/buy?params=${encodeURIComponent(params)}${query}`;
}
