import { useTranslation } from "../../../i18n/context.tsx";
import { Link } from "react-router";
import { parseCouponSelection, payableCents, selectCoupon, type CouponTerms } from "../../../../domain/coupons.ts";
import { formatDataVolume, parseRemainMb, toDataVolume } from "../../../../domain/data-volume.ts";
import { intlLocale, type Language } from "../../../../domain/languages.ts";
import { formatMoney, toCents } from "../../../../domain/money.ts";
import { visiblePackages } from "../../../../domain/packages.ts";
import { durationState, usageProgress } from "../../../../domain/progress.ts";
import { timeZoneForCountry } from "../../../../domain/regions.ts";
import { ServiceType } from "../../../../domain/services.ts";
import { formatUnixSeconds } from "../../../.server/format.ts";
import { getI18n, getLocale } from "../../../.server/i18n.ts";
import { requireLaunch } from "../../../.server/identity.ts";
import { currentPackage, packageList, simcardDetails, userCoupons } from "../../../.server/upstream/endpoints.ts";
import { upstreamFor } from "../../../.server/upstream/for-request.ts";
import { CopyButton } from "../../../components/copy-button.tsx";
import { ErrorView } from "../../../components/error-view.tsx";
import type { Route } from "./+types/mobile-data-buy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { launch } = requireLaunch(context, "sim");
  const locale = getLocale(context) as Language;
  const api = upstreamFor(context, request);
  const scope = { language: locale, countryCode: launch.countryCode, deviceId: launch.deviceId, type: ServiceType.mobileData };
  // One round trip: every call of the screen in parallel.
  const [sim, current, packages, coupons] = await Promise.all([
    api.call(simcardDetails, { iccId: launch.iccId }),
    api.call(currentPackage, scope),
    api.call(packageList, scope),
    api.call(userCoupons, { type: ServiceType.mobileData, countryCode: launch.countryCode, language: locale }),
  ]);

  const intl = intlLocale(locale);
  const timeZone = timeZoneForCountry(launch.countryCode);
  const url = new URL(request.url);
  const device = { id: launch.deviceId, name: launch.deviceName, iccId: launch.iccId };
  const title = getI18n(context).t("mobileData.title");

  // Spec §4: the SIM is in its normal state only when its details answer 200 with data.
  if (!sim.ok || sim.data === null) return { title, device, sim: { state: "exception" as const } };

  const remainMb = parseRemainMb(sim.data.remain);
  const status = sim.data.status.toUpperCase();
  const period = current.ok && current.data && current.data.durationStatus !== 0 ? current.data : null;
  const progress = period ? usageProgress({ status: period.status, startTime: period.startTime ?? 0, endTime: period.endTime ?? 0 }, Date.now() / 1000) : null;

  const offered = packages.ok ? visiblePackages(packages.data.packageList, { serviceType: ServiceType.mobileData }) : [];
  const selectedId = Number(url.searchParams.get("package"));
  const selected = offered.find((p) => p.id === selectedId) ?? offered[0] ?? null;
  const couponParam = url.searchParams.get("coupon");
  const couponTerms: (CouponTerms & { name: string })[] = coupons.ok
    ? coupons.data.map((c) => ({ id: c.id, name: c.name, status: c.status, amountCents: toCents(c.amount), useLimitAmountCents: toCents(c.useLimitAmount) }))
    : [];
  const priceCents = selected ? toCents(selected.salePrice) : 0;
  const coupon = selected ? selectCoupon(couponTerms, priceCents, parseCouponSelection(couponParam)) : null;
  const money = (cents: number) => formatMoney(cents, selected?.currencyCode, intl);
  const hrefFor = (packageId: number) => {
    const next = new URLSearchParams(url.searchParams);
    next.set("package", String(packageId));
    return `?${next}`;
  };

  return {
    title,
    device,
    sim: {
      state: "normal" as const,
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
    packagesError: packages.ok ? null : packages.msg,
    packages: offered.map((p) => ({
      id: p.id,
      name: p.serviceName,
      desc: p.serviceDesc ?? "",
      topTag: p.topTag ?? "",
      price: formatMoney(toCents(p.salePrice), p.currencyCode, intl),
      originPrice: p.originPrice > p.salePrice ? formatMoney(toCents(p.originPrice), p.currencyCode, intl) : null,
      selected: p.id === selected?.id,
      href: hrefFor(p.id),
    })),
    coupon: !selected
      ? null
      : coupon
        ? { state: "applied" as const, name: coupon.name, discount: money(coupon.amountCents) }
        : { state: couponParam === "none" ? ("not_used" as const) : ("none_usable" as const) },
    total: selected ? money(payableCents(priceCents, coupon)) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function MobileDataBuy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const view = loaderData;
  return (
    <main className="mx-auto max-w-md pb-28">
      <h1 className="sr-only">{view.title}</h1>
      {view.sim.state === "exception" ? (
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
          {view.sim.state === "normal" && view.sim.remain && (
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-neutral-500">{t("sim.remain")}</dt>
              <dd className="text-lg font-semibold text-sky-700" dir="ltr">
                {view.sim.remain}
              </dd>
            </div>
          )}
        </dl>
      </section>

      {view.sim.state === "normal" && (
        <>
          <CurrentPackage current={view.current ?? null} />

          <section aria-labelledby="packages-heading" className="m-3">
            <h2 id="packages-heading" className="mb-2 px-1 text-base font-semibold">
              {t("packages.title")}
            </h2>
            {view.packagesError !== null ? (
              <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">{view.packagesError || t("errors.unexpected")}</p>
            ) : view.packages.length === 0 ? (
              <p className="rounded-2xl bg-white p-4 text-sm text-neutral-600">{t("packages.empty")}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3">
                {view.packages.map((p) => (
                  <li key={p.id}>
                    <Link
                      to={p.href}
                      replace
                      preventScrollReset
                      aria-current={p.selected ? "true" : undefined}
                      className={`relative flex h-full flex-col gap-1 rounded-2xl border-2 bg-white p-3 ${p.selected ? "border-sky-600 bg-sky-50" : "border-transparent"}`}
                    >
                      {p.topTag && (
                        <span className="absolute -top-2 end-2 rounded-full bg-orange-700 px-2 py-0.5 text-[11px] font-medium text-white">{p.topTag}</span>
                      )}
                      <span dir="auto" className="text-sm font-semibold">
                        {p.name}
                      </span>
                      {p.desc && (
                        <span dir="auto" className="text-xs text-neutral-500">
                          {p.desc}
                        </span>
                      )}
                      <span className="mt-auto pt-1">
                        <span className="text-lg font-bold text-orange-700">{p.price}</span>
                        {p.originPrice && (
                          <s className="ms-2 text-xs text-neutral-500">
                            <span className="sr-only">{t("packages.originPrice", { price: p.originPrice })}</span>
                            <span aria-hidden="true">{p.originPrice}</span>
                          </s>
                        )}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {view.coupon && (
            <section className="m-3 flex items-center justify-between rounded-2xl bg-white p-4 text-sm">
              <h2 className="font-medium">{t("coupon.label")}</h2>
              {view.coupon.state === "applied" ? (
                <span className="flex flex-col items-end">
                  <span className="font-semibold text-orange-700">{t("coupon.discount", { amount: view.coupon.discount })}</span>
                  <span dir="auto" className="text-xs text-neutral-500">
                    {view.coupon.name}
                  </span>
                </span>
              ) : (
                <span className="text-neutral-500">{view.coupon.state === "not_used" ? t("coupon.notUsed") : t("coupon.noneUsable")}</span>
              )}
            </section>
          )}

          {view.total && (
            <div className="fixed inset-x-0 bottom-0 border-t border-neutral-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <div className="mx-auto flex max-w-md items-baseline justify-between">
                <span className="text-sm text-neutral-600">{t("pay.total")}</span>
                <span className="text-xl font-bold text-orange-700" aria-live="polite">
                  {view.total}
                </span>
              </div>
            </div>
          )}
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
        <span className="truncate font-mono text-xs select-all" dir="ltr">
          {value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

type View = Route.ComponentProps["loaderData"];
type Current = Extract<View, { sim: { state: "normal" } }>["current"];

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
