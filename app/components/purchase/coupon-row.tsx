import { Link } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";

export type CouponState =
  | { state: "applied"; name: string; discount: string; expiresSoon: boolean; selectorHref: string }
  | { state: "not_used" | "none_usable"; selectorHref: string };

/** The coupon row: what is applied (product-rules §4 mode 1 picks the best), and the way to the coupon selector. */
export function CouponRow({ coupon }: { coupon: CouponState }) {
  const { t } = useTranslation();
  return (
    <Link to={coupon.selectorHref} className="m-3 flex items-center justify-between gap-3 rounded-2xl bg-white p-4 text-sm">
      <span className="font-medium">{t("coupon.label")}</span>
      <span className="flex items-center gap-2">
        {coupon.state === "applied" ? (
          <span className="flex flex-col items-end">
            <span className="font-semibold text-orange-700">{t("coupon.discount", { amount: coupon.discount })}</span>
            <span dir="auto" className="text-xs text-neutral-500">
              {coupon.name}
            </span>
            {coupon.expiresSoon && <span className="text-xs font-medium text-red-700">{t("reminders.couponExpiresSoon")}</span>}
          </span>
        ) : (
          <span className="text-neutral-500">{coupon.state === "not_used" ? t("coupon.notUsed") : t("coupon.noneUsable")}</span>
        )}
        <span aria-hidden="true" className="text-neutral-400 rtl:rotate-180">
          ›
        </span>
      </span>
    </Link>
  );
}
