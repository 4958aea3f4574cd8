import { href, Link, redirect } from "react-router";
import { SERVICES, SCREENS, serviceTypeOfScreen } from "#app/catalogue/screens.ts";
import { loadOffer } from "#app/.server/purchase/offer.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/coupons-select";

/**
 * The coupon selector (product-rules §2 coupons_select; its layout is ours): usable coupons and, below, the
 * unusable ones with the reason, each by value; "no coupon"; choosing returns to the screen named by
 * `from` with `coupon=<id>|none` in its URL. It judges the coupons against the price of the package
 * the screen had selected.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const req = requestOf(context);
  const { launch } = req.requireLaunch("device");
  const url = screenUrl(request);
  const serviceType = serviceTypeOfScreen(url.searchParams.get("from"));
  if (serviceType === undefined) throw redirect(href(SCREENS.appHome.path));
  const returnUrl = new URL(SERVICES[serviceType].buy, url);
  for (const [key, value] of url.searchParams) if (key !== "from") returnUrl.searchParams.set(key, value);
  const offer = await loadOffer(req, { serviceType, launch, url: returnUrl });
  return {
    title: req.t("coupon.selectTitle"),
    choices: offer.couponChoices,
    error: offer.couponsError,
    noCouponHref: offer.noCouponHref,
    noCouponSelected: offer.noCouponSelected,
    backHref: `${returnUrl.pathname}${returnUrl.search}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type Choice = Route.ComponentProps["loaderData"]["choices"][number];

export default function CouponsSelect({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const usable = view.choices.filter((c) => c.usable);
  const unusable = view.choices.filter((c) => !c.usable);
  return (
    <main className="mx-auto max-w-md p-3 pb-10">
      <div className="flex items-center justify-between px-1 py-2">
        <h1 className="text-lg font-semibold">{view.title}</h1>
        <Link to={view.backHref} replace className="tap-target inline-flex items-center rounded-full px-3 text-sm text-sky-700">
          {t("shell.back")}
        </Link>
      </div>
      {view.error !== null && (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">
          {view.error || t("errors.unexpected")}
        </p>
      )}
      <Link
        to={view.noCouponHref}
        replace
        aria-current={view.noCouponSelected ? "true" : undefined}
        className={`mt-2 flex items-center justify-between rounded-2xl border-2 bg-white p-4 text-sm font-medium ${view.noCouponSelected ? "border-sky-600" : "border-transparent"}`}
      >
        {t("coupon.noCoupon")}
        {view.noCouponSelected && <span className="text-sky-700">✓</span>}
      </Link>
      <section aria-labelledby="usable-heading" className="mt-4">
        <h2 id="usable-heading" className="px-1 text-sm font-semibold text-neutral-700">
          {t("coupon.usable", { count: usable.length })}
        </h2>
        {usable.length === 0 ? (
          <p className="mt-2 rounded-2xl bg-white p-4 text-sm text-neutral-600">{t("coupon.noneUsable")}</p>
        ) : (
          <ul className="mt-2 grid gap-2">{usable.map((c) => <CouponCard key={c.id} coupon={c} />)}</ul>
        )}
      </section>
      {unusable.length > 0 && (
        <section aria-labelledby="unusable-heading" className="mt-6">
          <h2 id="unusable-heading" className="px-1 text-sm font-semibold text-neutral-700">
            {t("coupon.unusable", { count: unusable.length })}
          </h2>
          <ul className="mt-2 grid gap-2">{unusable.map((c) => <CouponCard key={c.id} coupon={c} />)}</ul>
        </section>
      )}
    </main>
  );
}

function CouponCard({ coupon }: { coupon: Choice }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className={`flex w-24 shrink-0 flex-col items-center justify-center rounded-s-2xl p-3 text-center text-white wrap-anywhere ${coupon.usable ? "bg-orange-700" : "bg-neutral-600"}`}>
        <span className="text-lg font-bold">{coupon.value}</span>
        <span className="text-[11px]">{coupon.minimum ? t("coupon.minimum", { amount: coupon.minimum }) : t("coupon.noMinimum")}</span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-3 text-sm">
        <span dir="auto" className="font-semibold">
          {coupon.name}
        </span>
        {coupon.descrip && (
          <span dir="auto" className="text-xs text-neutral-600">
            {coupon.descrip}
          </span>
        )}
        <span className="text-xs text-neutral-600">
          {t("coupon.expires", { time: coupon.expires })}
          {coupon.expiresSoon && <strong className="ms-2 font-semibold text-red-700">{t("reminders.couponExpiresSoon")}</strong>}
        </span>
        <span className={`text-xs font-medium ${coupon.usable ? "text-emerald-700" : "text-red-700"}`}>
          {coupon.usable ? t("coupon.available") : t(`coupon.reason.${coupon.reason ?? "expired"}`, { amount: coupon.ceiling })}
        </span>
      </span>
      {coupon.selected && (
        <span className="self-center pe-3 text-sky-700" aria-label={t("coupon.selected")}>
          ✓
        </span>
      )}
    </>
  );
  return (
    <li>
      {coupon.href ? (
        <Link to={coupon.href} replace aria-current={coupon.selected ? "true" : undefined} className={`flex rounded-2xl border-2 bg-white ${coupon.selected ? "border-sky-600" : "border-transparent"}`}>
          {body}
        </Link>
      ) : (
        <div aria-disabled="true" className="flex rounded-2xl bg-white opacity-80">
          {body}
        </div>
      )}
    </li>
  );
}
