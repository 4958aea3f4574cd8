import { z } from "zod";
import type { ProbedEnv } from "#platform/d1-probe.ts";

/**
 * Bindings, variables and secrets of the storefront Worker: `StorefrontBindings` is generated from
 * wrangler.jsonc by `npm run typegen`; below are the optional variables a deployment may add
 * (docs/configuration.md).
 */
export interface StorefrontEnv extends StorefrontBindings, ProbedEnv {
  /** Error reports go to this Sentry DSN; unset, none are sent (platform/error-reporting.ts). */
  SENTRY_DSN?: string;
  /** The error page in the browser reports to this Sentry DSN (a public key); unset, it reports nothing (app/browser-error-reporting.ts). */
  SENTRY_BROWSER_DSN?: string;
  /** Test configuration only: "cookie" lets a browser's fault cookie break its upstream (upstream/faults.ts). */
  UPSTREAM_FAULTS?: string;
  SESSION_IDLE_SECONDS?: string;
  SESSION_MAX_SECONDS?: string;
  FRAME_ANCESTORS?: string;
  /** JSON {"<app identifier>": 1 | 2}: the companion apps' families (product-rules §5); unlisted apps are 1. */
  APP_FAMILIES?: string;
}

const secrets = z.object({
  APP_ID: z.string().min(1),
  APP_SECRET: z.string().min(8),
  LAUNCH_AES_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits (AES-256)"),
  SESSION_SECRET: z.string().min(16),
  ENVIRONMENT: z.enum(["local", "preview", "production"]).optional(),
  PAYMENT_SANDBOX: z.enum(["on", "off", ""]).optional(),
  BENCH_D1_LATENCY_MS: z.string().optional(),
  UPSTREAM_FAULTS: z.string().optional(),
  SENTRY_BROWSER_DSN: z.url({ protocol: /^https?$/, error: "must be a Sentry DSN, https://<public key>@<host>/<project>" }).optional(),
}).refine((env) => !(env.UPSTREAM_FAULTS && env.ENVIRONMENT === "production"), {
  path: ["UPSTREAM_FAULTS"],
  message: "the upstream fault switch is refused in production",
}).refine((env) => !(env.BENCH_D1_LATENCY_MS !== undefined && env.ENVIRONMENT === "production"), {
  path: ["BENCH_D1_LATENCY_MS"],
  message: "the bench's D1 probe is refused in production",
}).refine((env) => !(env.PAYMENT_SANDBOX === "on" && env.ENVIRONMENT === "production"), {
  path: ["PAYMENT_SANDBOX"],
  message: "the payment sandbox is refused in production",
});

/**
 * A JSON setting (POLICY_URLS, BRAND) read with its schema: empty is `{}`, and a value that is not JSON or not what
 * the schema takes fails loudly, naming the setting and each wrong field.
 */
export function parseJsonSetting<T extends z.ZodType>(name: string, raw: string | undefined, schema: T): z.output<T> {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch {
      throw new Error(`storefront misconfigured: ${name} is not JSON`);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`storefront misconfigured: ${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/**
 * Environments already found well formed. The runtime hands every request of an isolate the same env
 * object, and parsing it took a few per cent of a purchase document's CPU when done on every request.
 */
const wellFormed = new WeakSet<StorefrontEnv>();

/** Fails loudly at the first request when a secret is missing or malformed, naming it, or production names the sandbox. */
export function checkSecrets(env: StorefrontEnv): void {
  if (wellFormed.has(env)) return;
  const result = secrets.safeParse(env);
  if (!result.success) {
    const names = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`storefront misconfigured: ${names}`);
  }
  wellFormed.add(env);
}
