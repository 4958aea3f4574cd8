import type { Language } from "#domain/languages.ts";
import { formatDateInText, type BuyerTimeZone } from "../format.ts";
import type { getI18n } from "../i18n.ts";
import type { UpstreamServiceTimeline } from "../upstream/endpoints.ts";

/**
 * A service's periods on a device as the buyer reads them, one row each: in use until when, then those
 * queued after it, then (unless `compact`, as in a purchase screen's head) those ended lately; and the
 * renewal reminder when the service stops within 7 days.
 */
export function timelineView(
  service: UpstreamServiceTimeline,
  options: { t: ReturnType<typeof getI18n>["t"]; language: Language; timeZone: BuyerTimeZone; renewHref: string; compact?: boolean },
) {
  const { t } = options;
  const date = (seconds: number) => formatDateInText(seconds, options.timeZone, options.language);
  const row = (kind: "inUse" | "queued" | "ended", p: UpstreamServiceTimeline["queued"][number], text: string) => ({
    kind,
    name: p.serviceName,
    text: `${t(`services.kind.${kind}`)} · ${text}`,
  });
  const range = (p: { startTime: number; endTime: number }) => t("services.range", { from: date(p.startTime), to: date(p.endTime) });
  return {
    rows: [
      ...(service.inUse ? [row("inUse", service.inUse, t("services.inUseUntil", { date: date(service.inUse.endTime) }))] : []),
      ...service.queued.map((p) => row("queued", p, range(p))),
      ...(options.compact ? [] : service.ended.map((p) => row("ended", p, range(p)))),
    ],
    reminder: service.endingSoonAt ? { text: t("reminders.endingSoon", { date: date(service.endingSoonAt) }), renewHref: options.renewHref } : null,
  };
}

export type TimelineView = ReturnType<typeof timelineView>;
