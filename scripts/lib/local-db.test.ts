import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { prepareLocalDatabases, queryLocal } from "./local-db.ts";
import { quietEnv } from "./process.ts";
import { ROOT } from "./project.ts";

const stateDir = ".wrangler/test-local-db-state";
afterAll(() => rmSync(`${ROOT}${stateDir}`, { recursive: true, force: true }));

/** What `wrangler d1 migrations list` says is left to apply to a local database. */
const pending = (binding: string, config: string) =>
  execFileSync(`${ROOT}node_modules/.bin/wrangler`, ["d1", "migrations", "list", binding, "--local", "--persist-to", stateDir, "-c", config], { cwd: ROOT, env: quietEnv, encoding: "utf8" });

describe("the local databases", () => {
  it("are migrated and seeded in one step where wrangler dev reads them, and a kept database keeps its data", { timeout: 180_000 }, async () => {
    await prepareLocalDatabases({ stateDir, fresh: true });
    expect(pending("DB", "cloud-api/wrangler.jsonc")).toContain("No migrations to apply");
    expect(pending("SESSIONS_DB", "wrangler.jsonc")).toContain("No migrations to apply");
    const migrations = readdirSync(`${ROOT}cloud-api/migrations`).filter((file) => file.endsWith(".sql"));
    expect((await queryLocal<{ name: string }>(stateDir, "SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name)).toEqual(migrations);
    const orders = async () => (await queryLocal<{ n: number }>(stateDir, "SELECT COUNT(*) AS n FROM orders"))[0]?.n ?? 0;
    const seeded = await orders();
    expect(seeded).toBeGreaterThan(0);

    await prepareLocalDatabases({ stateDir, fresh: false });
    expect(await orders()).toBe(seeded);
    expect((await queryLocal<{ n: number }>(stateDir, "SELECT COUNT(*) AS n FROM d1_migrations"))[0]?.n).toBe(migrations.length);
  });
});
