/** Bindings the Worker test pool provides (vitest.config.ts). */
declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      FULFILMENT: Queue<{ orderId: string }>;
      WEBHOOKS: Queue<{ eventId: string; endpoint: string }>;
      WEBHOOK_ENDPOINTS: string;
      WEBHOOK_SECRETS: string;
      SESSIONS_DB: D1Database;
      CLOUD_API_MIGRATIONS: D1Migration[];
      SESSION_MIGRATIONS: D1Migration[];
      APP_ID: string;
      APP_SECRET: string;
      LAUNCH_AES_KEY: string;
      SESSION_SECRET: string;
      SANDBOX_NOTIFY_SECRET: string;
      S2S_SECRET: string;
      CARD_CODE_SECRET: string;
      PAYMENT_SANDBOX: string;
      UPSTREAM_TIMEOUT_MS: string;
    }
  }
}

export {};
