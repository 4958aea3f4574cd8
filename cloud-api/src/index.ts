import { buildApp } from "./app.ts";
import type { CloudApiEnv } from "./env.ts";
import { nowSeconds } from "./http/clock.ts";
import { SIGNATURE_WINDOW_SECONDS } from "../../domain/signature.ts";
import { forgetTokensExpiredBefore } from "./repositories/auth-tokens.ts";
import { forgetNoncesBefore } from "./repositories/request-nonces.ts";

const app = buildApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller, env) {
    const now = nowSeconds();
    await forgetNoncesBefore(env.DB, now - 2 * SIGNATURE_WINDOW_SECONDS);
    await forgetTokensExpiredBefore(env.DB, now - 86400);
  },
} satisfies ExportedHandler<CloudApiEnv>;
