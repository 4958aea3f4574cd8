import { applyD1Migrations, env } from "cloudflare:test";
import { demoSeedStatements } from "../cloud-api/demo/seed.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      SESSIONS_DB: D1Database;
      CLOUD_API_MIGRATIONS: D1Migration[];
      SESSION_MIGRATIONS: D1Migration[];
      APP_ID: string;
      APP_SECRET: string;
      LAUNCH_AES_KEY: string;
      SESSION_SECRET: string;
      UPSTREAM_TIMEOUT_MS: string;
    }
  }
}

/** Every test file starts from the migrated schema and the demo data, relative to now. */
await applyD1Migrations(env.DB, env.CLOUD_API_MIGRATIONS);
await applyD1Migrations(env.SESSIONS_DB, env.SESSION_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
if (!seeded?.n) {
  await env.DB.batch(demoSeedStatements(Math.floor(Date.now() / 1000)).map((sql) => env.DB.prepare(sql)));
}
