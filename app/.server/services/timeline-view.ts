import { timeZoneForCountry } from "../../../domain/regions.ts";
import type { Language } from "../../../domain/languages.ts";
import { formatDateInText } from "../format.ts";
import type { getI18n } from "../i18n.ts";
import type { UpstreamServiceTimeline } from "../upstream/endpoints.ts";

/**
 * A service's periods on a device as the buyer reads them: what is in use until when, what starts
 * after it, what ended lately, and the renewal reminder when it stops within 7 days.
 */
export function timelineView(
  service: UpstreamServiceTimeline,
  { t, language, countryCode, renewHref }: { t: ReturnType<typeof getI18n>["t"]; language: Language; countryCode: string; renewHref: string },
) {
  const timeZone = timeZoneForCountry(countryCode);
  const date = (seconds: number) => formatDateInText(seconds, timeZone, language);
  const range = (p: { startTime: number; endTime: number }) => t("services.range", { from: date(p.startTime), to: date(p.endTime) });
  return {
    inUse: service.inUse ? { name: service.inUse.serviceName, text: t("services.inUseUntil", { date: date(service.inUse.endTime) }) } : null,
    queued: service.queued.map((p) => ({ name: p.serviceName, text: range(p) })),
    ended: service.ended.map((p) => ({ name: p.serviceName, text: range(p) })),
    reminder: service.endingSoonAt ? { text: t("reminders.endingSoon", { date: date(service.endingSoonAt) }), renewHref } : null,
  };
}

export type TimelineView = ReturnType<typeof timelineView>;
