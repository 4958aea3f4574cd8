import type { z } from "zod";
import { ProviderUnavailable } from "#api/payments/provider.ts";

/** How long one call to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Pauses before the second and third attempt of a retried call. */
const RETRY_DELAYS_MS = [250, 750];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** By default an answer is worth asking again for when it is a 429 or a 5xx. */
const busyOrFailing = (response: Response) => response.status >= 500 || response.status === 429;

export interface ProviderCallOptions {
  label: string;
  /** Whether the call is safe to repeat: a read, or a write that carries the provider's idempotency key. */
  retry: boolean;
  /** Whether an answer is worth asking again for, as the provider says; one that reads the body reads a clone. */
  transient?: (response: Response) => boolean | Promise<boolean>;
}

/**
 * One HTTP call to a provider, with a timeout. With `retry`, a network error, a timeout or a transient
 * answer is tried twice more: only for calls that are safe to repeat (reads, and writes that carry the
 * provider's idempotency key, so that a retry never charges or refunds twice). `init` may be a function,
 * called for every attempt, when a request must be signed afresh each time (WeChat Pay's nonce and
 * timestamp). The last answer is returned whatever its status; only a call that never got one throws
 * ProviderUnavailable.
 */
export async function callProvider(url: string, init: RequestInit | (() => Promise<RequestInit>), options: ProviderCallOptions): Promise<Response> {
  const attempts = options.retry ? RETRY_DELAYS_MS.length + 1 : 1;
  const transient = options.transient ?? busyOrFailing;
  for (let attempt = 1; ; attempt++) {
    try {
      const request = typeof init === "function" ? await init() : init;
      const response = await fetch(url, { ...request, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      if (attempt >= attempts || !(await transient(response))) return response;
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

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/**
 * The start of a text within a provider's limit of `max` characters (code points): cut between whole
 * characters as a reader sees them, so that neither an emoji's halves nor a flag's or a family's parts
 * are split.
 */
export function firstCharacters(text: string, max: number): string {
  let kept = "";
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    count += [...segment].length;
    if (count > max) break;
    kept += segment;
  }
  return kept;
}
