import type { CloudApiEnv } from "#api/env.ts";

/** A positive whole number from a Worker variable, or the fallback when it is unset or not one. */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

export const DEFAULT_RESULT_PAGE_URL = "/app-h5/cloud/order/payment/result?orderId={orderId}";

export interface OrderSettings {
  /** An order not paid within this closes by itself (8014, or 8015 once a payment was attempted). */
  unpaidTtl: number;
  rateWindow: number;
  ratePerDevice: number;
  ratePerUser: number;
  fulfilmentMaxAttempts: number;
  resultPageUrl: string;
  publicBaseUrl: string;
}

export function orderSettings(env: CloudApiEnv): OrderSettings {
  return {
    unpaidTtl: positiveInt(env.UNPAID_ORDER_TTL_SECONDS, 30 * 60),
    rateWindow: positiveInt(env.ORDER_RATE_WINDOW_SECONDS, 10 * 60),
    ratePerDevice: positiveInt(env.ORDER_RATE_PER_DEVICE, 10),
    ratePerUser: positiveInt(env.ORDER_RATE_PER_USER, 30),
    fulfilmentMaxAttempts: positiveInt(env.FULFILMENT_MAX_ATTEMPTS, 3),
    resultPageUrl: env.RESULT_PAGE_URL || DEFAULT_RESULT_PAGE_URL,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? "").replace(/\/$/, ""),
  };
}

