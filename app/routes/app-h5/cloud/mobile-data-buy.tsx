import { useTranslation } from "#app/i18n/context.tsx";
import { formatDataVolume, parseRemainMb, toDataVolume } from "#domain/data-volume.ts";
import { intlLocale } from "#domain/languages.ts";
import { durationState, usageProgress } from "#domain/progress.ts";
import { ServiceType } from "#domain/services.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { getI18n } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { confirmPurchase } from "#app/.server/purchase/confirm.ts";
import { startPurchasePage } from "#app/.server/purchase/page.ts";
import { currentPackage, simcardDetails } from "#app/.server/upstream/endpoints.ts";
import { CopyButton } from "#app/components/copy-button.tsx";
import { ErrorView } from "#app/components/error-view.tsx";
import { CouponRow } from "#app/components/purchase/coupon-row.tsx";
import { PackageList } from "#app/components/purchase/package-list.tsx";
import { PaymentBar } from "#app/components/purchase/payment-sheet.tsx";
import { revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import { PurchasePlan } from "#app/components/services/service-timeline.tsx";
import { IntroItems } from "#app/components/purchase/service-header.tsx";
import type { Route } from "./+types/mobile-data-buy";
import { launchAppFamily, policyHref } from "#app/.server/policies.ts";
import { cloudflareContext } from "#app/context.ts";

const PURCHASE = { serviceType: ServiceType.mobileData, screen: "mobile_data_buy" } as const;

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const { launch } = requireLaunch(context, "sim");
  const page = startPurchasePage(args, launch, PURCHASE);
  const { api, locale } = page;
  const scope = { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: ServiceType.mobileData };
  // One round trip: every call of the screen in parallel.
  const [sim, current, offer] = await Promise.all([api.call(simcardDetails, { iccId: launch.iccId }), api.call(currentPackage, scope), page.offer]);

  const intl = intlLocale(locale);
  const timeZone = buyerTimeZone(args.request, launch.countryCode);
  const device = { id: launch.deviceId, name: launch.deviceName, iccId: launch.iccId };
  const { t } = getI18n(context);
  const title = t("mobileData.title");

  // Spec §4: the SIM is in its normal state only when its details answer 200 with data.
  if (!sim.ok || sim.data === null) return { state: "exception" as const, title, device };

  const remainMb = parseRemainMb(sim.data.remain);
  const status = sim.data.status.toUpperCase();
  const period = current.ok && current.data && current.data.durationStatus !== 0 ? current.data : null;
  const progress = period ? usageProgress({ status: period.status, startTime: period.startTime ?? 0, endTime: period.endTime ?? 0 }, Date.now() / 1000) : null;

  return {
    state: "normal" as const,
    title,
    device,
    sim: {
      banner: status === "NORMAL" ? ("normal" as const) : status === "EXHAUSTED" ? ("exhausted" as const) : ("other" as const),
      status: sim.data.status,
      remain: remainMb === null ? null : formatDataVolume(toDataVolume(remainMb), intl),
    },
    current: period && progress
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
    privacyHref: policyHref("privacy", locale, launchAppFamily(context.get(cloudflareContext).env, launch)),
    ...offer,
    ...page.payment,
  };
}

export function action(args: Route.ActionArgs) {
  const { launch } = requireLaunch(args.context, "sim");
  return confirmPurchase(args, launch, PURCHASE);
}

// Opening or closing the payment chooser needs no new data.
export const shouldRevalidate = revalidateUnlessOnly("pay");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function MobileDataBuy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const view = loaderData;
  return (
    <main className="mx-auto max-w-md pb-28">
      <h1 className="sr-only">{view.title}</h1>
      {view.state === "exception" ? (
        <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("sim.exception")}
        </p>
      ) : (
        <p
          className={`px-4 py-3 text-sm ${
            view.sim.banner === "normal" ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900"
          }`}
        >
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

      {view.state === "normal" && (
        <>
          <CurrentPackage current={view.current ?? null} />
          <PurchasePlan plan={view.plan} />

          <PackageList packages={view.packages} error={view.packagesError} />
          {view.coupon && <CouponRow coupon={view.coupon} />}
          <IntroItems items={view.intro} privacyHref={view.privacyHref} />
          {view.checkout && <PaymentBar checkout={view.checkout} providers={view.providers} closeHref={view.closeHref} />}
        </>
      )}
    </main>
  );
}

function IdRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-neutral-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <span className="font-mono text-xs break-all select-all" dir="ltr">
          {value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

type View = Route.ComponentProps["loaderData"];
type Current = Extract<View, { state: "normal" }>["current"];

function CurrentPackage({ current }: { current: NonNullable<Current> | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="current-heading" className="m-3 rounded-2xl bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="current-heading" className="text-base font-semibold">
          {t("current.title")}
        </h2>
        {current && (
          <span className={`rounded-full px-2 py-0.5 text-xs ${current.state === "active" ? "bg-emerald-100 text-emerald-800" : "bg-neutral-200 text-neutral-700"}`}>
            {t(`current.${current.state === "not_opened" ? "notOpened" : current.state}`)}
          </span>
        )}
      </div>
      {!current ? (
        <p className="text-sm text-neutral-600">{t("current.none")}</p>
      ) : (
        <>
          <p dir="auto" className="text-sm font-medium">
            {current.name}
          </p>
          {current.unlimited ? (
            <p className="mt-2 text-sm text-emerald-700">{t("current.unlimited")}</p>
          ) : (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={current.percent}
                aria-label={t("current.used", { percent: current.percent })}
                className="h-2 overflow-hidden rounded-full bg-neutral-200"
              >
                <div className="h-full rounded-full bg-sky-600" style={{ width: `${current.percent}%` }} />
              </div>
              <p className="mt-1 text-end text-xs text-neutral-600">{t("current.used", { percent: current.percent })}</p>
            </div>
          )}
          <dl className="mt-2 grid grid-cols-2 gap-2 text-xs">
            <div>
              <dt className="text-neutral-500">{t("current.start")}</dt>
              <dd dir="ltr" className="text-start">{current.start}</dd>
            </div>
            <div>
              <dt className="text-neutral-500">{t("current.end")}</dt>
              <dd dir="ltr" className="text-start">{current.end}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
