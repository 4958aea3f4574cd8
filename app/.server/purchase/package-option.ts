import { formatMoney, toCents } from "#domain/money.ts";
import type { UpstreamPackage } from "../upstream/endpoints.ts";

/**
 * A package as the package list shows it (components/purchase/package-list.tsx), prices in its
 * currency; the original price is struck through when it is above `strikeAbove`.
 */
export function packageOption(p: UpstreamPackage, intl: string, view: { selected: boolean; href: string; strikeAbove: number }) {
  return {
    id: p.id,
    name: p.serviceName,
    desc: p.serviceDesc ?? "",
    topTag: p.topTag ?? "",
    keepsDays: p.recordingDays ?? null,
    price: formatMoney(toCents(p.salePrice), p.currencyCode, intl),
    originPrice: p.originPrice > view.strikeAbove ? formatMoney(toCents(p.originPrice), p.currencyCode, intl) : null,
    selected: view.selected,
    href: view.href,
  };
}
