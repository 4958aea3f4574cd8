import { z } from "zod";

/** Bindings, variables and secrets of the storefront Worker (wrangler.jsonc, .dev.vars). */
export interface StorefrontEnv {
  CLOUD_API: Fetcher;
  SESSIONS_DB: D1Database;
  UPSTREAM_REGIONS?: string;
  UPSTREAM_TIMEOUT_MS?: string;
  /** Test configuration only: "cookie" lets a browser's fault cookie break its upstream (upstream/faults.ts). */
  UPSTREAM_FAULTS?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_SDK_URL?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_JS_URL?: string;
  /** JSON {document: {language: URL}}: the brand's privacy policy and storage agreement (spec §2 screen 6). */
  POLICY_URLS?: string;
  /** Store listings the app download page sends phones to (spec §2 screen 5). */
  APP_DOWNLOAD_ANDROID_URL?: string;
  APP_DOWNLOAD_IOS_URL?: string;
  /** Session limits in seconds: without a request (default 7200) and since sign-in (default 86400). */
  SESSION_IDLE_SECONDS?: string;
  SESSION_MAX_SECONDS?: string;
  /** Extra CSP frame-ancestors sources: who may frame the storefront (default none but itself). */
  FRAME_ANCESTORS?: string;
  /** The seller named on receipts (default: the app's name). */
  MERCHANT_NAME?: string;
  APP_ID: string;
  APP_SECRET: string;
  LAUNCH_AES_KEY: string;
  SESSION_SECRET: string;
}

const secrets = z.object({
  APP_ID: z.string().min(1),
  APP_SECRET: z.string().min(8),
  LAUNCH_AES_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits (AES-256)"),
  SESSION_SECRET: z.string().min(16),
});

/** Fails loudly at the first request when a secret is missing or malformed, naming it. */
export function checkSecrets(env: StorefrontEnv): void {
  const result = secrets.safeParse(env);
  if (!result.success) {
    const names = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`storefront misconfigured: ${names}`);
  }
}
