import { data, redirect } from "react-router";
import { intlLocale } from "#domain/languages.ts";
import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { changedQuery, withQuery } from "#app/catalogue/links.ts";
import type { RecordingTab } from "#app/components/recording-tabs.tsx";
import { parseForm } from "../form.ts";
import { formatUnixSeconds } from "../format.ts";
import { launchAppFamily, policyHref } from "../policies.ts";
import { cardRefundForm } from "../purchase/forms.ts";
import { packageOption } from "../purchase/package-option.ts";
import type { RequestContext } from "../request-context.ts";
import { screenUrl } from "../screen-url.ts";
import { chooseDevice, type LaunchState } from "../session/state.ts";
import type { StorefrontSession } from "../session/storage.ts";
import { currentPackage, deviceList, storageCardPackages, storageCardRefund } from "../upstream/endpoints.ts";

const TABS = ["allDay", "event"] as const;
type Tab = (typeof TABS)[number];

/** Product-rules §2 screen 8 status tag: durationStatus 0 not activated, 1 expired, 2 or 3 activated. */
const STATUS_TAG = { not_opened: "notActivated", expired: "expired", active: "activated" } as const;

/** The same screen with `set` applied and `remove` left out. */
const linkTo = (url: URL, set: Record<string, string>, remove: readonly string[] = []) => withQuery(url.pathname, changedQuery(url, set, remove));

/**
 * Product-rules §2 screen 8: cancelling a cloud storage package received with a card. The device comes from
 * the launch or from the picker; its current service, the packages its cards gave and the refund.
 */
export async function loadCardRefund(req: RequestContext, url: URL) {
  const { launch, tokens } = req.requireLaunch("none");
  const { upstream: api, locale, t } = req;
  const deviceId = launch.deviceId;
  const scope = { language: locale, countryCode: launch.countryCode, deviceId, type: ServiceType.cloudStorage };
  const cards = cardsToRefund(launch);
  const [devices, current, received] = await Promise.all([
    api.call(deviceList, { tgAccessToken: tokens.tgAccessToken }),
    deviceId ? api.call(currentPackage, scope) : null,
    cards ? api.call(storageCardPackages, cards) : null,
  ]);
  const timeZone = req.timeZone(launch.countryCode);
  const intl = intlLocale(locale);
  // Product-rules §8: a refund query without data counts as refunded, with an empty list and the message.
  const receivedData = received?.ok ? received.data : null;
  const packages = receivedData?.packageInfoList ?? [];
  const picked = Number(url.searchParams.get("package"));
  const selected = packages.find((p) => p.id === picked) ?? packages[0];
  const tab: Tab = url.searchParams.get("tab") === "event" ? "event" : "allDay";
  const period = current?.ok ? current.data : null;
  return {
    title: t("cardRefund.title"),
    device: deviceId ? { id: deviceId, name: launch.deviceName || deviceId } : null,
    /** Opened by scanning a card, with no device chosen: the card names what to cancel. */
    scannedCard: !deviceId && cards !== null,
    statusTag: current?.ok ? STATUS_TAG[durationState(period?.durationStatus ?? 0)] : null,
    service: deviceId
      ? {
          name: period?.serviceName || t("cardRefund.noService"),
          endDate: period && period.durationStatus !== 0 ? formatUnixSeconds(period.endTime, timeZone, "date") : "",
        }
      : null,
    receivedError: received && (!received.ok || received.data === null) ? (received.ok ? "" : received.msg) || t("cardRefund.noneReceived") : null,
    refunded: received ? (receivedData?.isRefunded ?? true) : false,
    // Product-rules §2 screen 8: the original price struck through whenever it is above 0.
    packages: packages.map((p) => packageOption(p, intl, { selected: p.id === selected?.id, href: linkTo(url, { package: String(p.id) }), strikeAbove: 0 })),
    picker: {
      open: url.searchParams.get("picker") === "1",
      openHref: linkTo(url, { picker: "1" }),
      closeHref: linkTo(url, {}, ["picker"]),
      error: devices.ok ? null : devices.msg || t("errors.unexpected"),
      devices: (devices.ok ? devices.data.items : []).map((d) => ({ id: d.deviceId, name: d.deviceName, chosen: d.deviceId === deviceId })),
    },
    tabs: TABS.map((key): RecordingTab => ({ key, href: linkTo(url, { tab: key }), selected: key === tab })),
    tab,
    usStyle: launch.countryCode === "US",
    agreementHref: policyHref("storageAgreement", locale, launchAppFamily(req.env, launch)),
  };
}

export type CardRefundView = Awaited<ReturnType<typeof loadCardRefund>>;

/**
 * What the refund calls name (product-rules §5: a chosen device or a scanned card): the device when there is
 * one, otherwise the card code the app launched with; null when there is neither.
 */
function cardsToRefund(launch: LaunchState) {
  if (launch.deviceId) return { deviceId: launch.deviceId, deviceType: launch.deviceType, countryCode: launch.countryCode };
  if (launch.codeId) return { encryptCodeId: launch.codeId, countryCode: launch.countryCode };
  return null;
}

/** Choosing a device (kept in the session, product-rules §2 screen 8) and the refund itself. */
export async function cardRefundAction(req: RequestContext, request: Request, session: StorefrontSession) {
  const { launch, tokens } = req.requireLaunch("none");
  const { t, upstream: api } = req;
  const url = screenUrl(request);
  const form = await parseForm(request, cardRefundForm);
  if (!form.ok) return data({ ok: false as const, message: t(form.messageKey) }, { status: 400 });

  if (form.data.intent === "device") {
    // The name and type come from the user's own device list, never from the form.
    const devices = await api.call(deviceList, { tgAccessToken: tokens.tgAccessToken });
    if (!devices.ok) return data({ ok: false as const, message: devices.msg || t("errors.unexpected") }, { status: 502 });
    const wanted = form.data.deviceId;
    const device = devices.data.items.find((d) => d.deviceId === wanted);
    if (!device) return data({ ok: false as const, message: t("cardRefund.unknownDevice") }, { status: 400 });
    session.set("launch", chooseDevice(launch, device));
    throw redirect(linkTo(url, {}, ["picker", "package"]));
  }

  // Product-rules §5: a refund needs a chosen device or a scanned card.
  const cards = cardsToRefund(launch);
  if (!cards) return data({ ok: false as const, message: t("cardRefund.needDevice") }, { status: 400 });
  // What the buyer agreed to refund is what the screen showed: another window may have chosen another device.
  if (form.data.shown !== launch.deviceId) return data({ ok: false as const, message: t("cardRefund.changed") }, { status: 409 });
  // On a device, only the received package the buyer selected; a scanned card names its own.
  const packageId = "deviceId" in cards ? form.data.package : undefined;
  const result = await api.call(storageCardRefund, { ...cards, packageId });
  if (!result.ok) return data({ ok: false as const, message: result.msg || t("errors.unexpected") }, { status: 400 });
  // Product-rules §5: a refund is skipped when already refunded, and the buyer is told so.
  const message = t(result.data.alreadyRefunded ? "cardRefund.already" : "cardRefund.done");
  if (form.data.enhanced === "1") return { ok: true as const, message };
  session.flash("toast", { kind: "success", message });
  throw redirect(linkTo(url, {}));
}
