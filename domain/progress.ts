/** Product-rules §4: usage progress of the current package. Times are Unix seconds. */

export const PACKAGE_STATUS_UNLIMITED = 2;

export type UsageProgress = { unlimited: true; percent: 0 } | { unlimited: false; percent: number };

export function usageProgress(
  pkg: { status: number; startTime: number; endTime: number },
  nowSeconds: number,
): UsageProgress {
  if (pkg.status === PACKAGE_STATUS_UNLIMITED) return { unlimited: true, percent: 0 };
  const span = pkg.endTime - pkg.startTime;
  if (!(span > 0)) return { unlimited: false, percent: nowSeconds >= pkg.startTime ? 100 : 0 };
  const ratio = Math.min(1, Math.max(0, (nowSeconds - pkg.startTime) / span));
  return { unlimited: false, percent: Math.floor(ratio * 100) };
}

/** Product-rules §4 durationStatus: 0 not opened, 1 expired, 2 or 3 in use. */
export type DurationState = "not_opened" | "expired" | "active";

export function durationState(durationStatus: number): DurationState {
  if (durationStatus === 1) return "expired";
  if (durationStatus === 2 || durationStatus === 3) return "active";
  return "not_opened";
}
