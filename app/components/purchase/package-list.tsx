import { Link } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { StruckPrice } from "./struck-price.tsx";
import { usePendingSelection } from "./pending-selection.ts";

export interface PackageOption {
  id: number;
  name: string;
  desc: string;
  topTag: string;
  /** Cloud storage: days of recordings kept, said before paying (issue 31 item 11). */
  keepsDays: number | null;
  price: string;
  originPrice: string | null;
  selected: boolean;
  href: string;
}

interface PackageListProps {
  packages: PackageOption[];
  error: string | null;
  title?: string;
  empty?: string;
}

/** Packages to choose from; choosing one is a link (`?package=`), so it works without JavaScript and on reload. */
export function PackageList({ packages, error, title, empty }: PackageListProps) {
  const { t } = useTranslation();
  // A tapped package shows selected at once, before its checkout has loaded (Pay waits for it).
  const pendingPackage = usePendingSelection()?.get("package") ?? null;
  const isSelected = (p: PackageOption) => (pendingPackage === null ? p.selected : String(p.id) === pendingPackage);
  return (
    <section aria-labelledby="packages-heading" className="m-3">
      <h2 id="packages-heading" className="mb-2 px-1 text-base font-semibold">
        {title ?? t("packages.title")}
      </h2>
      {error !== null ? (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">
          {error || t("errors.unexpected")}
        </p>
      ) : packages.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-neutral-600">{empty ?? t("packages.empty")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {packages.map((p) => (
            <li key={p.id} className="min-w-0">
              <Link
                to={p.href}
                replace
                preventScrollReset
                aria-current={isSelected(p) ? "true" : undefined}
                className={`flex h-full flex-col gap-1 rounded-2xl border-2 bg-white p-3 ${isSelected(p) ? "border-sky-600 bg-sky-50" : "border-transparent"}`}
              >
                {/* In the flow, lifted over the border: a tag that wraps ("Meilleur rapport qualité-prix") pushes the name down instead of covering it. */}
                {p.topTag && (
                  <span dir="auto" className="-mt-5 max-w-full self-end rounded-full bg-orange-700 px-2 py-0.5 text-end text-[11px] font-medium text-white">
                    {p.topTag}
                  </span>
                )}
                {/* A long word ("Daueraufnahme,") is hyphenated rather than drawn past the card's edge at 320 px. */}
                <span dir="auto" className="text-sm font-semibold hyphens-auto wrap-break-word">
                  {p.name}
                </span>
                {p.desc && (
                  <span dir="auto" className="text-xs text-neutral-500">
                    {p.desc}
                  </span>
                )}
                {p.keepsDays !== null && <span className="text-xs font-medium text-neutral-700">{t("packages.keeps", { count: p.keepsDays })}</span>}
                {/* A price never breaks inside itself (Arabic did at 320 px): a long one is set a step smaller, and the
                    price before the discount goes under it when both do not fit on one line. */}
                <span className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
                  <span className={`font-bold whitespace-nowrap text-orange-700 ${priceSize(p.price)}`}>{p.price}</span>
                  {p.originPrice && <StruckPrice price={p.originPrice} label={t("packages.originPrice", { price: p.originPrice })} className="text-xs whitespace-nowrap text-neutral-500" />}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Half a card at 320 px holds 8 characters of a bold price at 18 px, 11 at 16 px and 14 (German "1.000.000,00 ¥") at 14 px. */
function priceSize(price: string): string {
  const shown = price.replace(/[\u061c\u200e\u200f\u2066-\u2069]/g, "").length;
  return shown <= 8 ? "text-lg" : shown <= 11 ? "text-base" : "text-sm";
}
