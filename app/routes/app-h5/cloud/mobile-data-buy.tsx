import { formatDataVolume, parseRemainMb, toDataVolume } from "#domain/data-volume.ts";
import { intlLocale } from "#domain/languages.ts";
import { durationState, usageProgress } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { confirmPurchaseScreen, definePurchaseScreen, loadPurchaseScreen } from "#app/.server/purchase/screen.ts";
import { currentPackage, simcardDetails } from "#app/.server/upstream/endpoints.ts";
import { PurchaseScreen } from "#app/components/purchase/purchase-screen.tsx";
import { CurrentPackage, IdRow } from "#app/components/purchase/sim-card.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/mobile-data-buy";

export { purchaseMeta as meta, purchaseShouldRevalidate as shouldRevalidate } from "#app/components/purchase/purchase-screen.tsx";

/** Product-rules §2 screen 1: the 4G data top-up of the launch's SIM. */
const MOBILE_DATA_PURCHASE = definePurchaseScreen({
  serviceType: ServiceType.mobileData,
  async load({ req, launch }) {
    const { upstream: api, locale, t } = req;
    const scope = { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: ServiceType.mobileData };
    const [sim, current] = await Promise.all([api.call(simcardDetails, { iccId: launch.iccId }), api.call(currentPackage, scope)]);
    const timeZone = req.timeZone(launch.countryCode);
    const device = { id: launch.deviceId, name: launch.deviceName, iccId: launch.iccId };

    // Product-rules §4: the SIM is in its normal state only when its details answer 200 with data.
    if (!sim.ok || sim.data === null) return { state: "exception" as const, device };

    const remainMb = parseRemainMb(sim.data.remain);
    const status = sim.data.status.toUpperCase();
    const period = current.ok && current.data && current.data.durationStatus !== 0 ? current.data : null;
    const progress = period ? usageProgress({ status: period.status, startTime: period.startTime ?? 0, endTime: period.endTime ?? 0 }, Date.now() / 1000) : null;
    return {
      state: "normal" as const,
      device,
      sim: {
        banner: status === "NORMAL" ? ("normal" as const) : status === "EXHAUSTED" ? ("exhausted" as const) : ("other" as const),
        status: sim.data.status,
        remain: remainMb === null ? null : formatDataVolume(toDataVolume(remainMb), intlLocale(locale)),
      },
      current:
        period && progress
          ? {
              name: period.serviceName ?? "",
              state: durationState(period.durationStatus),
              unlimited: progress.unlimited,
              percent: progress.percent,
              start: formatUnixSeconds(period.startTime, timeZone),
              end: formatUnixSeconds(period.endTime, timeZone),
            }
          : null,
      intro: [
        { title: t("mobileData.nationwideTitle"), body: t("mobileData.nationwideBody") },
        { title: t("mobileData.instantTitle"), body: t("mobileData.instantBody") },
      ],
    };
  },
});

export const loader = (args: Route.LoaderArgs) => loadPurchaseScreen(MOBILE_DATA_PURCHASE, args);
export const action = (args: Route.ActionArgs) => confirmPurchaseScreen(MOBILE_DATA_PURCHASE, args);

export default function MobileDataBuy({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const head = (
    <>
      <h1 className="sr-only">{view.title}</h1>
      {view.state === "exception" ? (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("sim.exception")}
        </p>
      ) : (
        <p className={`px-4 py-3 text-sm ${view.sim.banner === "normal" ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"}`}>
          {view.sim.banner === "normal" ? t("sim.normal") : view.sim.banner === "exhausted" ? t("sim.exhausted") : t("sim.otherStatus", { status: view.sim.status })}
        </p>
      )}
      <section aria-labelledby="device-heading" className="m-3 rounded-2xl bg-white p-4 shadow-sm">
        <h2 id="device-heading" className="mb-3 text-base font-semibold">
          {view.device.name || view.device.id}
        </h2>
        <dl className="space-y-2 text-sm">
          <IdRow label={t("device.id")} value={view.device.id} />
          <IdRow label={t("device.iccid")} value={view.device.iccId} />
          {view.state === "normal" && view.sim.remain && (
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-neutral-500">{t("sim.remain")}</dt>
              <dd className="text-lg font-semibold text-sky-700" dir="ltr">
                {view.sim.remain}
              </dd>
            </div>
          )}
        </dl>
      </section>
    </>
  );
  // Product-rules §4: a SIM in exception sells nothing.
  if (view.state === "exception") return <main className="mx-auto max-w-md pb-28">{head}</main>;
  return (
    <PurchaseScreen
      view={view}
      head={
        <>
          {head}
          <CurrentPackage current={view.current} />
        </>
      }
    />
  );
}
