import { data, redirect } from "react-router";
import { deviceTypeFromAttrs } from "#domain/services.ts";
import { changedQuery, withQuery } from "#app/catalogue/links.ts";
import { parseForm } from "../form.ts";
import type { RequestContext } from "../request-context.ts";
import { chooseDevice, type LaunchState } from "../session/state.ts";
import type { StorefrontSession } from "../session/storage.ts";
import { deviceList, receiveVipCard } from "../upstream/endpoints.ts";
import type { UpstreamResult } from "../upstream/envelope.ts";
import { screenUrl } from "../screen-url.ts";
import { receiveForm } from "./forms.ts";

/** Product-rules §4: the VIP screen opened with a card code (page_type vip_card_receive) receives the card for free. */
export const isReceiveMode = (url: URL) => url.searchParams.get("page_type") === "vip_card_receive";

/** The same screen out of receive mode, where the new VIP state and the packages load again. */
const normalModeHref = (url: URL) => withQuery(url.pathname, changedQuery(url, {}, ["page_type", "device", "picker", "pay"]));

type Devices = UpstreamResult<{ items: { deviceId: string; deviceName: string; attrs?: string | null }[] }>;

/** Receive mode's device picker: the buyer's devices, the chosen one (the picked one, else the launch's), and its links. */
export function receiveView(url: URL, launch: LaunchState, devices: Devices) {
  const picked = url.searchParams.get("device");
  const items = devices.ok ? devices.data.items : [];
  const chosen = items.find((d) => d.deviceId === picked) ?? (launch.deviceName ? { deviceId: launch.deviceId, deviceName: launch.deviceName, attrs: null } : null);
  return {
    devicesError: devices.ok ? null : devices.msg,
    devices: items.map((d) => ({
      id: d.deviceId,
      name: d.deviceName,
      href: `?${changedQuery(url, { device: d.deviceId }, ["picker"])}`,
      chosen: d.deviceId === chosen?.deviceId,
    })),
    chosen: chosen ? { id: chosen.deviceId, name: chosen.deviceName, type: chosen.attrs === null ? launch.deviceType : deviceTypeFromAttrs(chosen.attrs) } : null,
    pickerOpen: url.searchParams.get("picker") === "1",
    pickerHref: `?${changedQuery(url, { picker: "1" })}`,
    closePickerHref: `?${changedQuery(url, {}, ["picker"])}`,
  };
}

export type ReceiveView = ReturnType<typeof receiveView>;

/**
 * The free receive: the card goes to the chosen device, the session's launch follows it, and the screen
 * leaves receive mode (with JavaScript after the page's 2 s toast, without it at once). A failure toasts
 * the server's message (product-rules §8).
 */
export async function receiveCard(req: RequestContext, request: Request, session: StorefrontSession) {
  const url = screenUrl(request);
  const { launch, tokens } = req.requireLaunch("vipCard");
  const { t, upstream: api } = req;
  const parsed = await parseForm(request, receiveForm);
  if (!parsed.ok) return data({ received: false as const, message: t(parsed.messageKey) }, { status: 400 });
  const form = parsed.data;
  const result = await api.call(receiveVipCard, {
    deviceId: form.deviceId,
    deviceType: form.deviceType,
    encryptCodeId: launch.codeId,
    countryCode: launch.countryCode,
  });
  if (!result.ok) return data({ received: false as const, message: result.msg || t("errors.unexpected") }, { status: 400 });
  // From now on the screen is about the device the card went to (its name from the buyer's own list).
  const devices = await api.call(deviceList, { tgAccessToken: tokens.tgAccessToken });
  const received = devices.ok ? devices.data.items.find((d) => d.deviceId === form.deviceId) : undefined;
  if (received) session.set("launch", chooseDevice(launch, received));
  if (form.enhanced === "1") return { received: true as const, message: t("vip.received"), next: normalModeHref(url) };
  session.flash("toast", { kind: "success", message: t("vip.received") });
  throw redirect(normalModeHref(url));
}
