import { applyD1Migrations, env } from "cloudflare:test";
import { demoSeedStatements } from "#demo/seed.ts";

/** Every test file starts from the migrated schema and the demo data, relative to now. */
await applyD1Migrations(env.DB, env.CLOUD_API_MIGRATIONS);
await applyD1Migrations(env.SESSIONS_DB, env.SESSION_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
if (!seeded?.n) {
  await env.DB.batch((await demoSeedStatements(Math.floor(Date.now() / 1000), env.CARD_CODE_SECRET)).map((sql) => env.DB.prepare(sql)));
}
