import type { StdioOptions } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { demoSeedStatements } from "#demo/seed.ts";
import { capture, run } from "./process.ts";
import { ROOT, STATE_DIR } from "./project.ts";

const wrangler = `${ROOT}node_modules/.bin/wrangler`;

/** Wipes the local D1 databases (both Workers' state lives under STATE_DIR). */
export function resetLocalState(stateDir = STATE_DIR): void {
  rmSync(`${ROOT}${stateDir}`, { recursive: true, force: true });
}

/** Applies both Workers' migrations to the local D1 databases that npm start, npm run dev and the tests serve. */
export async function migrateLocal(stateDir = STATE_DIR, stdio: StdioOptions = "inherit"): Promise<void> {
  const common = ["--local", "--persist-to", stateDir];
  await run(wrangler, ["d1", "migrations", "apply", "DB", "-c", "cloud-api/wrangler.jsonc", ...common], { cwd: ROOT, stdio });
  await run(wrangler, ["d1", "migrations", "apply", "SESSIONS_DB", "-c", "wrangler.jsonc", ...common], { cwd: ROOT, stdio });
}

export async function seedDemo(stateDir = STATE_DIR, stdio: StdioOptions = ["ignore", "ignore", "inherit"]): Promise<void> {
  const file = `${ROOT}${stateDir}/demo-seed.sql`;
  mkdirSync(`${ROOT}${stateDir}`, { recursive: true });
  writeFileSync(file, demoSeedStatements(Math.floor(Date.now() / 1000)).join("\n"));
  await run(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "-c", "cloud-api/wrangler.jsonc", "--file", file, "--yes"], { cwd: ROOT, stdio });
}

/** Rows of one query against the local cloud-api D1 (for checks after a run, e.g. the bench's order count). */
export async function queryLocal<T>(stateDir: string, sql: string): Promise<T[]> {
  const out = await capture(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "-c", "cloud-api/wrangler.jsonc", "--command", sql, "--json"], { cwd: ROOT });
  return (JSON.parse(out) as { results: T[] }[])[0]?.results ?? [];
}
