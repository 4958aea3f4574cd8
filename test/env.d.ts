/** Bindings the Worker test pool provides (vitest.config.ts). */
declare global {
  /** Vite's import.meta.glob, which the Worker tests' bundler expands (the cloud-api project does not load vite/client). */
  interface ImportMeta {
    glob<T>(pattern: string, options: { query: "?raw"; import: "default"; eager: true }): Record<string, T>;
  }
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
      OPERATOR_SECRET: string;
      CARD_CODE_SECRET: string;
      PAYMENT_SANDBOX: string;
      UPSTREAM_TIMEOUT_MS: string;
    }
  }
}

export {};
