import { intlLocale } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";
import type { PackageState } from "#contract/package-fields.ts";
import type { ConsoleLocale, MessageKey, Translate } from "../i18n.ts";
import { formatUtc } from "./admin.ts";

/** A package's text in the operator's language, else English (the storefront's fallback), else any. */
export function textIn(texts: Partial<Record<string, string>> | null, locale: ConsoleLocale): string {
  if (!texts) return "";
  return texts[locale] || texts.en || Object.values(texts).find(Boolean) || "";
}

/** Who saved a version and when, in the operator's language. */
export function savedLine(state: Pick<PackageState, "savedBy" | "savedAt">, t: Translate, locale: ConsoleLocale): string {
  return t("packages.savedByAt", { by: state.savedBy ?? t("packages.fromDemoData"), at: state.savedAt === null ? "—" : formatUtc(locale, state.savedAt) });
}

/** A package as the list and the history show it: texts, money and labels already in the operator's language. */
export function packageRow(state: PackageState, t: Translate, locale: ConsoleLocale) {
  const money = (cents: number) => formatMoney(cents, state.currencyCode, intlLocale(locale));
  return {
    id: state.id,
    version: state.version,
    group: `${state.currencyCode}/${state.serviceType}`,
    name: textIn(state.serviceName, locale),
    productId: state.productId,
    service: t(`packages.service_${state.serviceType}` as MessageKey),
    region: t(`packages.region_${state.currencyCode}` as MessageKey),
    devices: state.deviceType === null ? t("packages.deviceAny") : t(`packages.device_${state.deviceType}` as MessageKey),
    salePrice: money(state.salePriceCents),
    originPrice: money(state.originPriceCents),
    period: t("packages.days", { count: state.periodDays }),
    badge: textIn(state.topTag, locale),
    retiredOn: state.retiredAt === null ? null : formatUtc(locale, state.retiredAt),
    saved: savedLine(state, t, locale),
    savedBy: state.savedBy ?? t("packages.fromDemoData"),
    savedAt: state.savedAt === null ? "—" : formatUtc(locale, state.savedAt),
  };
}
export type PackageRowView = ReturnType<typeof packageRow>;
