import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { intlLocale, type Language } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { durationState } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { getI18n, getLocale } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { launchAppFamily, policyHref } from "#app/.server/policies.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { chooseDevice, type LaunchState } from "#app/.server/session/state.ts";
import { currentPackage, deviceList, storageCardPackages, storageCardRefund } from "#app/.server/upstream/endpoints.ts";
import { upstreamFor } from "#app/.server/upstream/for-request.ts";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import { ActionSheet } from "#app/components/action-sheet.tsx";
import { OPENS_SHEET } from "#app/components/sheet-history.ts";
import { CopyButton } from "#app/components/copy-button.tsx";
import { DeviceOptionText, deviceOptionClass } from "#app/components/device-option.tsx";
import { RecordingTabs, type RecordingTab } from "#app/components/recording-tabs.tsx";
import { ErrorView } from "#app/components/error-view.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { useToast } from "#app/components/toasts.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/storage-card-refund";
import { readFormFields } from "#app/.server/form.ts";

/** Spec §4: about 2 s after a refund the screen loads its data again. */
const RELOAD_AFTER_REFUND_MS = 2_000;

const TABS = ["allDay", "event"] as const;
type Tab = (typeof TABS)[number];

/** Spec §2 screen 8 status tag: durationStatus 0 not activated, 1 expired, 2 or 3 activated. */
const STATUS_TAG = { not_opened: "notActivated", expired: "expired", active: "activated" } as const;

function withQuery(url: URL, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(url.searchParams);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next.size ? `${url.pathname}?${next}` : url.pathname;
}

/**
 * Spec §2 screen 8: cancelling a cloud storage package received with a card. The device comes from
 * the launch or from the picker; its current service, the packages its cards gave and the refund.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { launch, tokens } = requireLaunch(context, "none");
  const url = screenUrl(request);
  const api = upstreamFor(context, request);
  const locale = getLocale(context) as Language;
  const { t } = getI18n(context);
  const deviceId = launch.deviceId;
  const scope = { language: locale, countryCode: launch.countryCode, deviceId, type: ServiceType.cloudStorage };
  const cards = cardsToRefund(launch);
  const [devices, current, received] = await Promise.all([
    api.call(deviceList, { tgAccessToken: tokens.tgAccessToken }),
    deviceId ? api.call(currentPackage, scope) : null,
    cards ? api.call(storageCardPackages, cards) : null,
  ]);
  const timeZone = buyerTimeZone(request, launch.countryCode);
  const intl = intlLocale(locale);
  // Spec §8: a refund query without data counts as refunded, with an empty list and the message.
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
          endDate: period && period.durationStatus !== 0 ? formatUnixSeconds(period.endTime, timeZone, "YYYY-MM-DD") : "",
        }
      : null,
    receivedError: received && (!received.ok || received.data === null) ? (received.ok ? "" : received.msg) || t("cardRefund.noneReceived") : null,
    refunded: received ? (receivedData?.isRefunded ?? true) : false,
    packages: packages.map((p) => ({
      id: p.id,
      name: p.serviceName,
      desc: p.serviceDesc ?? "",
      topTag: p.topTag ?? "",
      price: formatMoney(toCents(p.salePrice), p.currencyCode, intl),
      // Spec §2 screen 8: the original price struck through whenever it is above 0.
      originPrice: p.originPrice > 0 ? formatMoney(toCents(p.originPrice), p.currencyCode, intl) : null,
      selected: p.id === selected?.id,
      href: withQuery(url, { package: String(p.id) }),
    })),
    picker: {
      open: url.searchParams.get("picker") === "1",
      openHref: withQuery(url, { picker: "1" }),
      closeHref: withQuery(url, { picker: null }),
      error: devices.ok ? null : devices.msg || t("errors.unexpected"),
      devices: (devices.ok ? devices.data.items : []).map((d) => ({ id: d.deviceId, name: d.deviceName, chosen: d.deviceId === deviceId })),
    },
    tabs: TABS.map((key): RecordingTab => ({ key, href: withQuery(url, { tab: key }), selected: key === tab })),
    tab,
    usStyle: launch.countryCode === "US",
    agreementHref: policyHref("storageAgreement", locale, launchAppFamily(context.get(cloudflareContext).env, launch)),
  };
}

const chooseDeviceForm = z.object({ intent: z.literal("device"), deviceId: z.string().min(1).max(64) });
const refundForm = z.object({ intent: z.literal("refund"), package: z.coerce.number().int().positive().optional(), enhanced: z.enum(["0", "1"]).default("0") });

/**
 * What the refund calls name (spec §5: a chosen device or a scanned card): the device when there is
 * one, otherwise the card code the app launched with; null when there is neither.
 */
function cardsToRefund(launch: LaunchState) {
  if (launch.deviceId) return { deviceId: launch.deviceId, deviceType: launch.deviceType, countryCode: launch.countryCode };
  if (launch.codeId) return { encryptCodeId: launch.codeId, countryCode: launch.countryCode };
  return null;
}
const refundActionForm = z.discriminatedUnion("intent", [chooseDeviceForm, refundForm]);

/** Choosing a device (kept in the session, spec §2 screen 8) and the refund itself. */
export async function action({ context, request }: Route.ActionArgs) {
  const { launch, tokens } = requireLaunch(context, "none");
  const { t } = getI18n(context);
  const url = screenUrl(request);
  const fields = await readFormFields(request);
  if (!fields) return data({ ok: false as const, message: t("errors.badForm") }, { status: 400 });
  const form = refundActionForm.safeParse(fields);
  if (!form.success) return data({ ok: false as const, message: t("errors.unexpected") }, { status: 400 });
  const api = upstreamFor(context, request);
  const session = context.get(sessionContext);

  if (form.data.intent === "device") {
    // The name and type come from the user's own device list, never from the form.
    const devices = await api.call(deviceList, { tgAccessToken: tokens.tgAccessToken });
    if (!devices.ok) return data({ ok: false as const, message: devices.msg || t("errors.unexpected") }, { status: 502 });
    const wanted = form.data.deviceId;
    const device = devices.data.items.find((d) => d.deviceId === wanted);
    if (!device) return data({ ok: false as const, message: t("cardRefund.unknownDevice") }, { status: 400 });
    session.set("launch", chooseDevice(launch, device));
    throw redirect(withQuery(url, { picker: null, package: null }));
  }

  // Spec §5: a refund needs a chosen device or a scanned card.
  const cards = cardsToRefund(launch);
  if (!cards) return data({ ok: false as const, message: t("cardRefund.needDevice") }, { status: 400 });
  // On a device, only the received package the buyer selected; a scanned card names its own.
  const packageId = "deviceId" in cards ? form.data.package : undefined;
  const result = await api.call(storageCardRefund, { ...cards, packageId });
  if (!result.ok) return data({ ok: false as const, message: result.msg || t("errors.unexpected") }, { status: 400 });
  if (form.data.enhanced === "1") return { ok: true as const, message: t("cardRefund.done") };
  session.flash("toast", { kind: "success", message: t("cardRefund.done") });
  throw redirect(withQuery(url, {}));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type View = Route.ComponentProps["loaderData"];

export default function StorageCardRefund({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const result = useActionData<typeof action>();
  const revalidator = useRevalidator();

  useEffect(() => {
    if (view.receivedError !== null) toast({ kind: "error", message: view.receivedError });
  }, [view.receivedError, toast]);
  useEffect(() => {
    if (!result) return;
    toast({ kind: result.ok ? "success" : "error", message: result.message });
    if (!result.ok) return;
    const timer = setTimeout(() => void revalidator.revalidate(), RELOAD_AFTER_REFUND_MS);
    return () => clearTimeout(timer);
    // The revalidator object changes on every render; the timer belongs to this result only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, toast]);

  return (
    <main className="mx-auto max-w-md pb-28">
      <header className="bg-gradient-to-b from-sky-800 to-sky-700 px-4 pt-5 pb-6 text-white">
        <h1 className="text-xl font-bold">{view.title}</h1>
        {view.statusTag && <p className="mt-3 inline-block rounded-full bg-white/15 px-3 py-1 text-sm">{t(`cardRefund.status.${view.statusTag}`)}</p>}
      </header>
      <DeviceSection view={view} />
      {view.device || view.scannedCard ? (
        <PackageList packages={view.packages} error={null} title={t("cardRefund.received")} empty={t("cardRefund.noneReceived")} />
      ) : (
        <p className="m-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">{t("cardRefund.needDevice")}</p>
      )}
      <Features view={view} />
      <RefundBar refunded={view.refunded} selectedPackage={view.packages.find((p) => p.selected)?.id ?? null} />
    </main>
  );
}

function DeviceSection({ view }: { view: View }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="device-heading" className="m-3 grid gap-3 rounded-2xl bg-white p-4 text-sm">
      <h2 id="device-heading" className="sr-only">
        {t("cardRefund.device")}
      </h2>
      <div className="flex items-center justify-between gap-3">
        <span className="text-neutral-600">{t("cardRefund.device")}</span>
        <Link
          id="refund-device-picker"
          to={view.picker.openHref}
          state={OPENS_SHEET}
          preventScrollReset
          className="tap-target inline-flex max-w-[60%] items-center rounded-full border border-sky-700 px-4 text-sky-700"
        >
          <span dir="auto" className="min-w-0 truncate">
            {view.device?.name ?? t("cardRefund.chooseDevice")}
          </span>
        </Link>
      </div>
      {view.device && (
        <>
          <div className="flex items-center justify-between gap-3">
            <span className="text-neutral-600">{t("cardRefund.deviceId")}</span>
            <span className="flex items-center gap-2">
              <span dir="ltr" className="font-mono break-all select-all">
                {view.device.id}
              </span>
              <CopyButton value={view.device.id} label={t("cardRefund.deviceId")} />
            </span>
          </div>
          {view.service && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
              <dt className="text-neutral-600">{t("cardRefund.currentService")}</dt>
              <dd dir="auto" className="text-end font-medium">
                {view.service.name}
              </dd>
              <dt className="text-neutral-600">{t("cardRefund.endDate")}</dt>
              <dd dir="ltr" className="text-end">
                {view.service.endDate || "—"}
              </dd>
            </dl>
          )}
        </>
      )}
      <ActionSheet open={view.picker.open} title={t("cardRefund.pickerTitle")} closeHref={view.picker.closeHref} closeLabel={t("cardRefund.cancel")} returnFocusTo="refund-device-picker">
        {view.picker.error !== null && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {view.picker.error}
          </p>
        )}
        <ul className="mt-3 grid gap-2">
          {view.picker.devices.map((device) => (
            <li key={device.id}>
              <Form method="post" replace preventScrollReset>
                <input type="hidden" name="intent" value="device" />
                <input type="hidden" name="deviceId" value={device.id} />
                <button
                  type="submit"
                  aria-current={device.chosen ? "true" : undefined}
                  className={deviceOptionClass(device.chosen)}
                >
                  <DeviceOptionText name={device.name} id={device.id} />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </ActionSheet>
    </section>
  );
}

/** The tabs and the four features with the service agreement; US buyers get the card-style layout. */
function Features({ view }: { view: View }) {
  const { t } = useTranslation();
  const items = ["safe", "smart", "multiScene", "certified"] as const;
  return (
    <section aria-labelledby="features-heading" className="m-3 rounded-2xl bg-white p-4">
      <h2 id="features-heading" className="text-base font-semibold">
        {t("cardRefund.featuresTitle")}
      </h2>
      <RecordingTabs tabs={view.tabs} className="mt-3 bg-page" />
      <p className="mt-3 text-sm text-neutral-700">{t(`cardRefund.${view.tab}Body`)}</p>
      <ul className={view.usStyle ? "mt-4 grid grid-cols-2 gap-3" : "mt-4 grid gap-3"}>
        {items.map((item) => (
          <li key={item} className={view.usStyle ? "rounded-xl bg-sky-50 p-3 text-sm" : "border-s-4 border-sky-600 ps-3 text-sm"}>
            <p className="font-medium">{t(`cardRefund.feature.${item}`)}</p>
            <p className="text-neutral-600">{t(`cardRefund.feature.${item}Body`)}</p>
          </li>
        ))}
      </ul>
      <a href={view.agreementHref} className="tap-target mt-2 inline-flex items-center text-sm text-sky-700 underline">
        {t("cardRefund.agreement")}
      </a>
    </section>
  );
}

function RefundBar({ refunded, selectedPackage }: { refunded: boolean; selectedPackage: number | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "refund";
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <Form method="post" replace preventScrollReset className="mx-auto max-w-md">
        <input type="hidden" name="intent" value="refund" />
        {selectedPackage !== null && <input type="hidden" name="package" value={selectedPackage} />}
        <input type="hidden" name="enhanced" value={hydrated ? "1" : "0"} />
        <button
          type="submit"
          disabled={refunded || submitting}
          aria-busy={submitting}
          className="w-full rounded-full bg-sky-700 py-3 text-base font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-700"
        >
          {refunded ? t("cardRefund.refunded") : t("cardRefund.refund")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
