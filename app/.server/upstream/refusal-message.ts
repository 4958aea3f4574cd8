import type { UpstreamRefusal } from "./envelope.ts";

/** Refusals that name no reason are worded by their business status (docs/contract.md). */
const BY_STATUS: Record<number, string> = {
  400: "upstreamErrors.byStatus.invalid",
  403: "upstreamErrors.device_not_yours",
  404: "upstreamErrors.byStatus.notFound",
  409: "upstreamErrors.byStatus.conflict",
  429: "errors.rateLimited",
};

/** What the buyer reads for an upstream refusal, in their language; the upstream's own text is only a detail. */
export function refusalMessage(t: (key: string) => string, refusal: Pick<UpstreamRefusal, "status" | "reason">): string {
  if (refusal.reason) return t(`upstreamErrors.${refusal.reason}`);
  return t(BY_STATUS[refusal.status] ?? "errors.badAnswer");
}
