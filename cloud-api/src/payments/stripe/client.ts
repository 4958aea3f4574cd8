import { z } from "zod";
import { callProvider, readProviderJson } from "#api/payments/outbound.ts";
import { ProviderUnavailable } from "#api/payments/provider.ts";
import type { StripeConfig } from "#api/payments/stripe/config.ts";

/**
 * Pinned so that Stripe's answers, and the `embedded_page` UI mode, do not change with the account's
 * default version; it matches the Stripe.js release the storefront loads (createEmbeddedCheckoutPage).
 */
export const STRIPE_API_VERSION = "2026-03-25.dahlia";

export type FormValue = string | number | boolean | null | undefined | readonly FormValue[] | { readonly [key: string]: FormValue };

/** Stripe's form encoding of nested parameters: `a[b][0][c]=v`; null and undefined are left out. */
export function stripeForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === "object") for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form.toString();
}

const stripeError = z.object({ error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional() }) });

/** Stripe refused a request (4xx) or kept failing (5xx); `code` is Stripe's error code when it gave one. */
export class StripeRequestFailed extends ProviderUnavailable {
  override name = "StripeRequestFailed";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Whether to ask Stripe again, as stripe-node decides: Stripe-Should-Retry when Stripe says, else a 409
 * (idempotency_key_in_use: the first request with the key is still running, or a lock timed out) or a 5xx.
 */
export function stripeShouldRetry(response: Response): boolean {
  const says = response.headers.get("stripe-should-retry");
  if (says === "true" || says === "false") return says === "true";
  return response.status === 409 || response.status >= 500;
}

export interface StripeClient {
  get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>>;
  /** A POST that Stripe deduplicates by `idempotencyKey`, so that it can be retried safely. */
  post<T extends z.ZodType>(path: string, params: Record<string, FormValue>, idempotencyKey: string, schema: T): Promise<z.infer<T>>;
}

export function stripeClient(config: StripeConfig): StripeClient {
  async function send<T extends z.ZodType>(method: "GET" | "POST", path: string, headers: Record<string, string>, body: string | undefined, schema: T) {
    const label = `Stripe ${method} ${path}`;
    const response = await callProvider(
      `${config.apiBase}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${config.secretKey}`, "stripe-version": STRIPE_API_VERSION, ...headers },
        body,
      },
      { label, retry: true, transient: stripeShouldRetry },
    );
    if (!response.ok) {
      const failure = stripeError.safeParse(await response.json().catch(() => null));
      const detail = failure.success ? `${failure.data.error.type}${failure.data.error.code ? `/${failure.data.error.code}` : ""}: ${failure.data.error.message ?? ""}` : "";
      throw new StripeRequestFailed(`${label}: HTTP ${response.status} ${detail}`.trim(), response.status, failure.data?.error.code);
    }
    return readProviderJson(response, schema, label);
  }

  return {
    get: (path, schema) => send("GET", path, {}, undefined, schema),
    post: (path, params, idempotencyKey, schema) =>
      send("POST", path, { "content-type": "application/x-www-form-urlencoded", "idempotency-key": idempotencyKey }, stripeForm(params), schema),
  };
}
