/**
 * The purchase funnel in Workers Analytics Engine (the FUNNEL binding of each Worker; docs/decisions/055 has the
 * schema and docs/operations.md the SQL API queries). A point says which step a buyer reached and in what
 * setting; it never names a person, a device, an order or an account, so the dataset holds no personal data.
 * A write never delays or breaks the request: it is handed to waitUntil and its failure is only logged.
 */
import { describeError, log } from "./observability.ts";

export const FUNNEL_STEPS = ["launch", "screen", "method", "confirm", "paid", "failed", "cancelled", "refunded"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** What a point may carry: the step and its setting, never an id. Unknown fields stay empty. */
export interface FunnelPoint {
  step: FunnelStep;
  /** The screen's route path (`cloud/mobile-data/buy`), without query. */
  screen?: string;
  /** The service type number (domain/services.ts). */
  service?: number | null;
  /** The payment method code (domain/payment-methods.ts). */
  method?: number | null;
  /** The buyer's country code, which picks the region. */
  region?: string | null;
  language?: string | null;
}

/** blob1..blob8 in this order (the SQL API names columns by position). */
export const funnelBlobs = (point: FunnelPoint, appVersion: string): string[] => [
  point.step,
  point.screen ?? "",
  point.service == null ? "" : String(point.service),
  point.method == null ? "" : String(point.method),
  point.region ?? "",
  point.language ?? "",
  appVersion,
];

export interface FunnelEnv {
  FUNNEL?: AnalyticsEngineDataset;
  /** The deployed version (version_metadata binding); empty locally. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
}

/**
 * Records a step. With the request's context the write is handed to waitUntil and made after the request's own
 * work, so a page never waits for it; a failing write is logged, never thrown.
 */
export function recordFunnel(env: FunnelEnv, point: FunnelPoint, ctx?: Pick<ExecutionContext, "waitUntil">): void {
  const dataset = env.FUNNEL;
  if (!dataset) return;
  const appVersion = env.CF_VERSION_METADATA?.tag || env.CF_VERSION_METADATA?.id || "";
  const write = () => {
    try {
      dataset.writeDataPoint({ indexes: [point.step], blobs: funnelBlobs(point, appVersion), doubles: [1] });
    } catch (error) {
      log("warn", "funnel.write-failed", { step: point.step, error: describeError(error) });
    }
  };
  // A timer, not a microtask: the write runs once the request's own work has yielded, never before it.
  if (ctx) ctx.waitUntil(new Promise<void>((done) => setTimeout(() => done(write()), 0)));
  else write();
}
