import { redirect, type RouterContextProvider } from "react-router";
import { NO_LOGIN_PATHS, type LaunchNeed } from "#app/catalogue/screens.ts";
import { sessionContext } from "#app/context.ts";
import type { LaunchState, Tokens } from "./session/state.ts";


/**
 * No stored access token: the signed-out no-login screen. A launch without the device id (the ICCID
 * for mobile data, the card code in VIP card receive mode): the incomplete-launch one.
 */
export function requireLaunch(context: Readonly<RouterContextProvider>, need: LaunchNeed): { launch: LaunchState; tokens: Tokens } {
  const session = context.get(sessionContext);
  const tokens = session.get("tokens");
  const launch = session.get("launch");
  if (!tokens?.accessToken) throw redirect(NO_LOGIN_PATHS.signedOut);
  if (!launch || (need !== "none" && !launch.deviceId) || (need === "sim" && !launch.iccId) || (need === "vipCard" && !launch.codeId)) {
    throw redirect(NO_LOGIN_PATHS.launchIncomplete);
  }
  return { launch, tokens };
}
