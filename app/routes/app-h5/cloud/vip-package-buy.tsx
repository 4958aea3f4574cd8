import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigate } from "react-router";
import { z } from "zod";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { durationState } from "#domain/progress.ts";
import { deviceTypeFromAttrs, DeviceType, ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { getI18n } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { confirmPurchase } from "#app/.server/purchase/confirm.ts";
import { startPurchasePage } from "#app/.server/purchase/page.ts";
import { deviceList, receiveVipCard, vipInfo } from "#app/.server/upstream/endpoints.ts";
import { upstreamFor } from "#app/.server/upstream/for-request.ts";
import { sessionContext } from "#app/context.ts";
import { ActionSheet } from "#app/components/action-sheet.tsx";
import { DeviceOptionText, deviceOptionClass } from "#app/components/device-option.tsx";
import { ErrorView } from "#app/components/error-view.tsx";
import { CouponRow } from "#app/components/purchase/coupon-row.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { PaymentBar } from "#app/components/purchase/payment-sheet.tsx";
import { OPENS_SHEET, revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import { PurchasePlan } from "#app/components/services/service-timeline.tsx";
import { IntroItems, ServiceHeader } from "#app/components/purchase/service-header.tsx";
import { useToast } from "#app/components/toasts.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/vip-package-buy";
import { screenUrl } from "#app/.server/screen-url.ts";
import { readFormFields } from "#app/.server/form.ts";
import { chooseDevice } from "#app/.server/session/state.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { launchAppFamily, policyHref } from "#app/.server/policies.ts";
import { cloudflareContext } from "#app/context.ts";

const RECEIVE_MODE = "vip_card_receive";
/** Spec §4: after a free receive, the screen leaves receive mode after 2 s. */
const LEAVE_RECEIVE_MS = 2_000;

const isReceiveMode = (url: URL) => url.searchParams.get("page_type") === RECEIVE_MODE;

/** The same screen out of receive mode, where the new VIP state and the packages load again. */
function normalModeHref(url: URL): string {
  const next = new URLSearchParams(url.searchParams);
  for (const key of ["page_type", "device", "picker", "pay"]) next.delete(key);
  return `${url.pathname}${next.size ? `?${next}` : ""}`;
}

/**
 * Spec §2 screen 2: VIP purchase. In receive mode (page_type vip_card_receive, with a card code) the
 * packages are the card's service, a device picker replaces payment and a free receive button appears.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = screenUrl(args.request);
  const receiving = isReceiveMode(url);
  const { launch, tokens } = requireLaunch(args.context, receiving ? "vipCard" : "device");
  const page = startPurchasePage(args, launch, { serviceType: ServiceType.vip, screen: "vip_buy", onlyServiceId: receiving ? launch.serviceId : null });
  const [info, devices, offer] = await Promise.all([
    page.api.call(vipInfo, { deviceId: launch.deviceId }),
    receiving ? page.api.call(deviceList, { tgAccessToken: tokens.tgAccessToken }) : null,
    page.offer,
  ]);
  const { t } = getI18n(args.context);
  const intl = intlLocale(page.locale);
  const currency = offer.checkout?.currencyCode ?? (launch.countryCode === "CN" ? "CNY" : "USD");
  const picked = url.searchParams.get("device");
  const deviceItems = devices?.ok ? devices.data.items : [];
  const chosen = deviceItems.find((d) => d.deviceId === picked) ?? (launch.deviceName ? { deviceId: launch.deviceId, deviceName: launch.deviceName, attrs: null } : null);
  const pickerParams = (device: string) => {
    const next = new URLSearchParams(url.searchParams);
    next.delete("picker");
    next.set("device", device);
    return `?${next}`;
  };
  const state = info.ok ? durationState(info.data.durationStatus) : null;
  return {
    title: t("vip.title"),
    header: {
      deviceName: launch.deviceName || launch.deviceId,
      state,
      until: info.ok ? formatUnixSeconds(info.data.vipExpireTimestamp, buyerTimeZone(args.request, launch.countryCode)) : "",
    },
    infoFailed: !info.ok,
    saved: info.ok && info.data.saveMoney ? formatMoney(toCents(info.data.saveMoney), currency, intl) : null,
    // Spec §2: 'open now' / 'renew' only for CN and not in receive mode.
    openButton: launch.countryCode === "CN" && !receiving ? (state === "active" ? ("renew" as const) : ("openNow" as const)) : null,
    intro: [
      { title: t("vip.eventStorage"), body: "" },
      { title: t("vip.aiPackage"), body: "" },
      { title: t("vip.noAds"), body: "" },
      // Spec §2: the fourth item only for SIM devices (device type 2).
      ...(launch.deviceType === DeviceType.sim ? [{ title: t("vip.data"), body: "" }] : []),
    ],
    privacyHref: policyHref("privacy", page.locale, launchAppFamily(args.context.get(cloudflareContext).env, launch)),
    receive: receiving
      ? {
          devicesError: devices && !devices.ok ? devices.msg : null,
          devices: deviceItems.map((d) => ({ id: d.deviceId, name: d.deviceName, href: pickerParams(d.deviceId), chosen: d.deviceId === chosen?.deviceId })),
          chosen: chosen ? { id: chosen.deviceId, name: chosen.deviceName, type: chosen.attrs === null ? launch.deviceType : deviceTypeFromAttrs(chosen.attrs) } : null,
          pickerOpen: url.searchParams.get("picker") === "1",
          pickerHref: `?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), picker: "1" })}`,
          closePickerHref: `?${new URLSearchParams([...url.searchParams].filter(([key]) => key !== "picker"))}`,
        }
      : null,
    ...offer,
    ...page.payment,
  };
}

const receiveForm = z.object({
  intent: z.literal("receive"),
  deviceId: z.string().min(1).max(64),
  deviceType: z.coerce.number().int().min(1).max(2),
  enhanced: z.enum(["0", "1"]).default("0"),
});

export async function action(args: Route.ActionArgs) {
  const url = screenUrl(args.request);
  if (!isReceiveMode(url)) {
    const { launch } = requireLaunch(args.context, "device");
    return confirmPurchase(args, launch, { serviceType: ServiceType.vip, screen: "vip_buy" });
  }
  const { launch, tokens } = requireLaunch(args.context, "vipCard");
  const { t } = getI18n(args.context);
  const fields = await readFormFields(args.request);
  if (!fields) return data({ received: false as const, message: t("errors.badForm") }, { status: 400 });
  const form = receiveForm.safeParse(fields);
  if (!form.success) return data({ received: false as const, message: t("errors.unexpected") }, { status: 400 });
  const api = upstreamFor(args.context, args.request);
  const result = await api.call(receiveVipCard, {
    deviceId: form.data.deviceId,
    deviceType: form.data.deviceType,
    encryptCodeId: launch.codeId,
    countryCode: launch.countryCode,
  });
  // Spec §8: a failed receive toasts the server's message.
  if (!result.ok) return data({ received: false as const, message: result.msg || t("errors.unexpected") }, { status: 400 });
  // From now on the screen is about the device the card went to (its name from the buyer's own list).
  const devices = await api.call(deviceList, { tgAccessToken: tokens.tgAccessToken });
  const received = devices.ok ? devices.data.items.find((d) => d.deviceId === form.data.deviceId) : undefined;
  const session = args.context.get(sessionContext);
  if (received) session.set("launch", chooseDevice(launch, received));
  if (form.data.enhanced === "1") return { received: true as const, message: t("vip.received"), next: normalModeHref(url) };
  session.flash("toast", { kind: "success", message: t("vip.received") });
  throw redirect(normalModeHref(url));
}

// Opening or closing the payment chooser needs no new data.
export const shouldRevalidate = revalidateUnlessOnly("pay");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function VipPackageBuy({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const devicesError = view.receive?.devicesError ?? null;
  // Spec §8: a failed VIP info and a failed device list are toasted.
  useEffect(() => {
    if (view.infoFailed) toast({ kind: "error", message: t("vip.infoFailed") });
  }, [view.infoFailed, toast, t]);
  useEffect(() => {
    if (devicesError !== null) toast({ kind: "error", message: devicesError || t("errors.unexpected") });
  }, [devicesError, toast, t]);

  return (
    <main className="mx-auto max-w-md pb-28">
      <ServiceHeader view={view.header} title={view.title} />
      <PurchasePlan plan={view.plan} />
      {view.infoFailed && (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("vip.infoFailed")}
        </p>
      )}
      {(view.saved || view.openButton) && (
        <div className="m-3 flex items-center justify-between gap-3 rounded-2xl bg-white p-4">
          <p className="text-sm text-neutral-700">{view.saved ? t("vip.saved", { amount: view.saved }) : ""}</p>
          {view.openButton && view.checkout && (
            <Link to={view.checkout.sheetHref} state={OPENS_SHEET} preventScrollReset className="tap-target inline-flex shrink-0 items-center rounded-full bg-amber-500 px-5 py-2 text-sm font-semibold text-black">
              {t(`vip.${view.openButton}`)}
            </Link>
          )}
        </div>
      )}
      <RightsTable />
      {view.receive && <ReceiveDevice receive={view.receive} />}
      <PackageList packages={view.packages} error={view.packagesError} />
      {!view.receive && view.coupon && <CouponRow coupon={view.coupon} />}
      <IntroItems items={view.intro} privacyHref={view.privacyHref} />
      {view.receive ? (
        <ReceiveBar receive={view.receive} />
      ) : (
        view.checkout && <PaymentBar checkout={view.checkout} providers={view.providers} closeHref={view.closeHref} />
      )}
    </main>
  );
}

/** Spec §6: VIP gets event cloud storage, an AI package, 4G data and no ads; a regular user none of them. */
function RightsTable() {
  const { t } = useTranslation();
  const rows = ["eventStorage", "aiPackage", "data", "noAds"] as const;
  return (
    <section aria-labelledby="rights-heading" className="m-3 rounded-2xl bg-white p-4">
      <h2 id="rights-heading" className="text-base font-semibold">
        {t("vip.rightsTitle")}
      </h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-neutral-600">
            <th scope="col" className="py-1 text-start font-medium">
              {t("vip.right")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("vip.member")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("vip.regular")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} className="border-t border-neutral-100">
              <th scope="row" className="py-2 text-start font-normal">
                {t(`vip.${row}`)}
              </th>
              <td className="py-2 text-center text-emerald-700">
                <span aria-hidden="true">✓</span>
                <span className="sr-only">{t("vip.member")}</span>
              </td>
              <td className="py-2 text-center text-neutral-500">
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t("vip.regular")}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Receive = NonNullable<Route.ComponentProps["loaderData"]["receive"]>;

/** Receive mode: the chosen device and the device picker action sheet (a link, so it works without JavaScript). */
function ReceiveDevice({ receive }: { receive: Receive }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="receive-heading" className="m-3 rounded-2xl bg-white p-4">
      <h2 id="receive-heading" className="text-base font-semibold">
        {t("vip.receiveTitle")}
      </h2>
      <div className="mt-2 flex items-center justify-between gap-3 text-sm">
        <span className="text-neutral-600">{t("vip.device")}</span>
        <Link id="device-picker" to={receive.pickerHref} state={OPENS_SHEET} preventScrollReset className="tap-target inline-flex items-center rounded-full border border-sky-700 px-4 py-2 text-sky-700">
          {receive.chosen?.name || t("vip.chooseDevice")}
        </Link>
      </div>
      <ActionSheet open={receive.pickerOpen} title={t("vip.pickerTitle")} closeHref={receive.closePickerHref} closeLabel={t("vip.cancel")} returnFocusTo="device-picker">
        {receive.devicesError !== null && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {receive.devicesError || t("errors.unexpected")}
          </p>
        )}
        <ul className="mt-3 grid gap-2">
          {receive.devices.map((device) => (
            <li key={device.id}>
              <Link
                to={device.href}
                replace
                preventScrollReset
                aria-current={device.chosen ? "true" : undefined}
                className={deviceOptionClass(device.chosen)}
              >
                <DeviceOptionText name={device.name} id={device.id} />
              </Link>
            </li>
          ))}
        </ul>
      </ActionSheet>
    </section>
  );
}

function ReceiveBar({ receive }: { receive: Receive }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const result = actionData && "received" in actionData ? actionData : null;
  useEffect(() => {
    if (!result) return;
    toast({ kind: result.received ? "success" : "error", message: result.message });
    if (!result.received) return;
    const timer = setTimeout(() => void navigate(result.next, { replace: true }), LEAVE_RECEIVE_MS);
    return () => clearTimeout(timer);
  }, [result, toast, navigate]);

  return (
    <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div className="mx-auto max-w-md">
        {receive.chosen ? (
          <Form method="post" replace>
            <input type="hidden" name="intent" value="receive" />
            <input type="hidden" name="deviceId" value={receive.chosen.id} />
            <input type="hidden" name="deviceType" value={receive.chosen.type} />
            <EnhancedFlag />
            <button type="submit" className="w-full rounded-full bg-amber-500 py-3 text-base font-semibold text-black">
              {t("vip.receive")}
            </button>
          </Form>
        ) : (
          // Spec §5: without a device the receive button opens the device picker instead.
          <Link to={receive.pickerHref} state={OPENS_SHEET} preventScrollReset className="block w-full rounded-full bg-amber-500 py-3 text-center text-base font-semibold text-black">
            {t("vip.receive")}
          </Link>
        )}
      </div>
    </div>
  );
}

/** "1" once hydrated: the action then answers data and the page waits 2 s itself before leaving receive mode. */
function EnhancedFlag() {
  return <input type="hidden" name="enhanced" value={useHydrated() ? "1" : "0"} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
