import type { D1Database } from "@cloudflare/workers-types/index.ts";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { getPlatformProxy, unstable_splitSqlQuery } from "wrangler";
import { demoSeedStatements } from "#demo/seed.ts";
import { capture } from "./process.ts";
import { devVars, ROOT, STATE_DIR } from "./project.ts";

const wrangler = `${ROOT}node_modules/.bin/wrangler`;

/** Wipes the local D1 databases (both Workers' state lives under STATE_DIR). */
function resetLocalState(stateDir = STATE_DIR): void {
  rmSync(`${ROOT}${stateDir}`, { recursive: true, force: true });
}

/** The table wrangler records applied migrations in, as `wrangler d1 migrations apply` creates it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** Applies the migrations of `dir` that `db` has not recorded, each in one batch with its record, as wrangler does. */
async function applyMigrations(db: D1Database, dir: string): Promise<void> {
  await db.prepare(MIGRATIONS_TABLE).run();
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name));
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".sql")).sort()) {
    if (applied.has(name)) continue;
    const queries = unstable_splitSqlQuery(readFileSync(`${dir}/${name}`, "utf8"));
    await db.batch([...queries.map((query) => db.prepare(query)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
}

/**
 * Both Workers' local databases migrated and, when `fresh`, wiped and filled with fresh demo data, from this
 * process: one local runtime per Worker's bindings, started together, instead of a wrangler command per step.
 * They write where `wrangler dev --persist-to <stateDir>` reads, and record migrations as wrangler does, so
 * `npm run db:migrate` and wrangler find them applied. The wipe is done when this returns its promise (npm run dev
 * starts its servers meanwhile).
 */
export async function prepareLocalDatabases(options: { stateDir?: string; fresh: boolean }): Promise<void> {
  const stateDir = options.stateDir ?? STATE_DIR;
  if (options.fresh) resetLocalState(stateDir);
  const persist = { path: `${ROOT}${stateDir}/v3` };
  // Only the databases are used: wrangler's notes about the Workers' other bindings and secrets are not for here.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error";
  // One after the other: two runtimes opening the same persisted state at once can meet SQLite's lock (SQLITE_BUSY).
  const [cloudApi, storefront] = await (async () => {
    const api = await getPlatformProxy<{ DB: D1Database }>({ configPath: `${ROOT}cloud-api/wrangler.jsonc`, persist });
    try {
      return [api, await getPlatformProxy<{ SESSIONS_DB: D1Database }>({ configPath: `${ROOT}wrangler.jsonc`, persist })] as const;
    } catch (error) {
      await api.dispose();
      throw error;
    }
  })().finally(() => (logLevel === undefined ? delete process.env.WRANGLER_LOG : (process.env.WRANGLER_LOG = logLevel)));
  try {
    const db = cloudApi.env.DB;
    await Promise.all([applyMigrations(db, `${ROOT}cloud-api/migrations`), applyMigrations(storefront.env.SESSIONS_DB, `${ROOT}app/.server/session/migrations`)]);
    // The demo's cards are sealed with the local cloud-api's own secret, which it reads them with.
    if (options.fresh) await db.batch((await demoSeedStatements(Math.floor(Date.now() / 1000), devVars().CARD_CODE_SECRET!)).map((statement) => db.prepare(statement)));
  } finally {
    await Promise.all([cloudApi.dispose(), storefront.dispose()]);
  }
}

/** Rows of one query against the local cloud-api D1 (for checks after a run, e.g. the bench's order count). */
export async function queryLocal<T>(stateDir: string, sql: string): Promise<T[]> {
  const out = await capture(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "-c", "cloud-api/wrangler.jsonc", "--command", sql, "--json"], { cwd: ROOT });
  return (JSON.parse(out) as { results: T[] }[])[0]?.results ?? [];
}
