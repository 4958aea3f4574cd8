/** Bindings, variables and secrets of the cloud-api Worker (cloud-api/wrangler.jsonc, .dev.vars). */
export interface CloudApiEnv {
  DB: D1Database;
  APP_ID: string;
  APP_SECRET: string;
  ACCESS_TOKEN_TTL_SECONDS?: string;
  REFRESH_TOKEN_TTL_SECONDS?: string;
  REFRESH_GRACE_SECONDS?: string;
}
