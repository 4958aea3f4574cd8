import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { localeBundlesPlugin } from "./locales/browser-bundles.ts";
import { apiReferenceAsText } from "./vite.config.ts";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** Test-only secrets; the real ones come from Worker secrets or .dev.vars. */
export const TEST_SECRETS = {
  APP_ID: "camcloud-test",
  APP_SECRET: "test-app-secret-0123456789",
  LAUNCH_AES_KEY: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  SESSION_SECRET: "test-session-secret-0123456789",
  SANDBOX_NOTIFY_SECRET: "test-sandbox-secret-0123456789",
  S2S_SECRET: "test-s2s-secret-0123456789abcdef0123456789",
  OPERATOR_SECRET: "test-operator-secret-0123456789abcdef0123",
  CARD_CODE_SECRET: "test-card-code-secret-0123456789abcdef",
};

export default defineConfig({
  test: {
    // Every request writes its JSON log line (platform/observability.ts): shown for failing tests only.
    silent: "passed-only",
    projects: [
      {
        plugins: [localeBundlesPlugin()],
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "contract/**/*.test.ts", "app/**/*.unit.test.ts", "workers/**/*.unit.test.ts", "console/**/*.unit.test.ts", "platform/**/*.unit.test.ts", "locales/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.worker.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [
          apiReferenceAsText,
          localeBundlesPlugin(),
          cloudflareTest(async () => ({
            main: "./cloud-api/src/index.ts",
            wrangler: { configPath: "./cloud-api/wrangler.jsonc" },
            miniflare: {
              d1Databases: ["DB", "SESSIONS_DB"],
              bindings: {
                ...TEST_SECRETS,
                // The tests pay through the payment sandbox, turned on by name as npm start and previews do.
                PAYMENT_SANDBOX: "on",
                UPSTREAM_TIMEOUT_MS: "30000",
                // No integration-event endpoint unless a test names one (cloud-api/test/webhooks.test.ts).
                WEBHOOK_ENDPOINTS: "{}",
                WEBHOOK_SECRETS: "{}",
                CLOUD_API_MIGRATIONS: await readD1Migrations(path("./cloud-api/migrations")),
                SESSION_MIGRATIONS: await readD1Migrations(path("./app/.server/session/migrations")),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["cloud-api/**/*.test.ts", "app/**/*.worker.test.ts", "console/**/*.worker.test.ts", "domain/**/*.worker.test.ts", "contract/**/*.worker.test.ts"],
          setupFiles: ["./test/worker-setup.ts"],
          globalSetup: ["./test/fake-provider/global-setup.ts"],
        },
      },
    ],
  },
});
