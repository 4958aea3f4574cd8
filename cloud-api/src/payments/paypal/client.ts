import { z } from "zod";
import { callProvider, readProviderJson } from "#api/payments/outbound.ts";
import { ProviderUnavailable } from "#api/payments/provider.ts";
import type { PayPalConfig } from "#api/payments/paypal/config.ts";

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * Access tokens per API base and client id, kept for the isolate's life: PayPal's tokens last hours,
 * and asking for one per request would double every call. Only the resolved value is shared between
 * requests (Workers must not share a pending promise across requests).
 */
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().positive() });

const payPalError = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** PayPal refused a request (4xx) or kept failing (5xx); `issue` is PayPal's error issue or name. */
export class PayPalRequestFailed extends ProviderUnavailable {
  override name = "PayPalRequestFailed";
  constructor(
    message: string,
    readonly status: number,
    readonly issue: string | undefined,
  ) {
    super(message);
  }
}

async function failureOf(response: Response, label: string): Promise<PayPalRequestFailed> {
  const parsed = payPalError.safeParse(await response.json().catch(() => null));
  const error = parsed.success ? parsed.data : {};
  const issue = error.details?.[0]?.issue ?? error.name ?? error.error;
  const detail = [issue, error.details?.[0]?.description ?? error.message ?? error.error_description].filter(Boolean).join(": ");
  return new PayPalRequestFailed(`${label}: HTTP ${response.status} ${detail}`.trim(), response.status, issue);
}

export interface PayPalCall<T extends z.ZodType> {
  schema: T;
  /** A JSON text (sent as is, so that a webhook event can be forwarded byte for byte). */
  body?: string;
  /** PayPal-Request-Id: PayPal answers a repeated request with the first one's result, so it can be retried. */
  requestId?: string;
  prefer?: "return=minimal" | "return=representation";
  /** A POST without effects (a check), retried like a GET. */
  readOnly?: boolean;
}

export interface PayPalClient {
  get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>>;
  post<T extends z.ZodType>(path: string, call: PayPalCall<T>): Promise<z.infer<T>>;
}

export function payPalClient(config: PayPalConfig): PayPalClient {
  const cacheKey = `${config.apiBase} ${config.clientId}`;

  async function accessToken(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.accessToken;
    const label = "PayPal POST /v1/oauth2/token";
    const response = await callProvider(
      `${config.apiBase}/v1/oauth2/token`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: "grant_type=client_credentials",
      },
      { label, retry: true },
    );
    if (!response.ok) throw await failureOf(response, label);
    const token = await readProviderJson(response, tokenAnswer, label);
    tokens.set(cacheKey, { accessToken: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 });
    return token.access_token;
  }

  async function send<T extends z.ZodType>(method: "GET" | "POST", path: string, call: PayPalCall<T>): Promise<z.infer<T>> {
    const label = `PayPal ${method} ${path}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (method === "POST") headers["content-type"] = "application/json";
    if (call.requestId) headers["paypal-request-id"] = call.requestId;
    if (call.prefer) headers["prefer"] = call.prefer;
    // Reads and checks are safe to repeat; writes only with their PayPal-Request-Id.
    const retry = method === "GET" || call.readOnly === true || call.requestId !== undefined;
    for (let renewed = false; ; renewed = true) {
      const response = await callProvider(
        `${config.apiBase}${path}`,
        { method, headers: { ...headers, authorization: `Bearer ${await accessToken()}` }, body: call.body },
        { label, retry },
      );
      // A token revoked before its time: forget it and ask once for a new one.
      if (response.status === 401 && !renewed) {
        tokens.delete(cacheKey);
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw await failureOf(response, label);
      return readProviderJson(response, call.schema, label);
    }
  }

  return {
    get: (path, schema) => send("GET", path, { schema }),
    post: (path, call) => send("POST", path, call),
  };
}
