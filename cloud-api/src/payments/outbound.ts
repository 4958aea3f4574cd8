import type { z } from "zod";
import { ProviderUnavailable } from "#api/payments/provider.ts";

/** How long one call to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Pauses before the second and third attempt of a retried call. */
const RETRY_DELAYS_MS = [250, 750];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP call to a provider, with a timeout. With `retry`, a network error, a timeout, a 429 or a
 * 5xx is tried twice more: only for calls that are safe to repeat (reads, and writes that carry the
 * provider's idempotency key, so that a retry never charges or refunds twice). The last answer is
 * returned whatever its status; only a call that never got one throws ProviderUnavailable.
 */
export async function callProvider(url: string, init: RequestInit, options: { label: string; retry: boolean }): Promise<Response> {
  const attempts = options.retry ? RETRY_DELAYS_MS.length + 1 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      const transient = response.status >= 500 || response.status === 429;
      if (!transient || attempt >= attempts) return response;
      await response.body?.cancel();
    } catch (error) {
      if (attempt >= attempts) {
        throw new ProviderUnavailable(`${options.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await wait(RETRY_DELAYS_MS[attempt - 1] ?? 0);
  }
}

/** A provider's JSON answer read with its schema; an answer that does not parse is ProviderUnavailable. */
export async function readProviderJson<T extends z.ZodType>(response: Response, schema: T, label: string): Promise<z.infer<T>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ProviderUnavailable(`${label}: the answer (HTTP ${response.status}) is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderUnavailable(`${label}: unexpected answer: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Integer cents as the decimal string PayPal and Alipay want ("12.34"). */
export function decimalOfCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A provider's decimal amount ("12.34", "12.3", "12") as integer cents; null when it is not one. */
export function centsOfDecimal(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
