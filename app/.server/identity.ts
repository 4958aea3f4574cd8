import { redirect, type RouterContextProvider } from "react-router";
import { sessionContext } from "../context.ts";
import type { LaunchState, Tokens } from "./session/state.ts";

/** What a screen needs from the launch (spec §5); "none" is a signed-in buyer who may still pick a device. */
export type LaunchNeed = "none" | "device" | "sim" | "vipCard";

/**
 * No stored access token: /app-h5/no-login/1. A launch without the device id (the ICCID for mobile
 * data, the card code in VIP card receive mode): /app-h5/no-login/2.
 */
export function requireLaunch(context: Readonly<RouterContextProvider>, need: LaunchNeed): { launch: LaunchState; tokens: Tokens } {
  const session = context.get(sessionContext);
  const tokens = session.get("tokens");
  const launch = session.get("launch");
  if (!tokens?.accessToken) throw redirect("/app-h5/no-login/1");
  if (!launch || (need !== "none" && !launch.deviceId) || (need === "sim" && !launch.iccId) || (need === "vipCard" && !launch.codeId)) {
    throw redirect("/app-h5/no-login/2");
  }
  return { launch, tokens };
}
