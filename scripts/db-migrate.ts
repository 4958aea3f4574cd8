/**
 * npm run db:migrate: both Workers' D1 migrations on the local database that npm start and npm run dev
 * serve. npm run db:migrate:remote -- --env preview|production: on that environment's databases.
 */
import { parseArgs } from "node:util";
import { prepareLocalDatabases } from "./lib/local-db.ts";
import { run } from "./lib/process.ts";
import { ROOT } from "./lib/project.ts";

const { values } = parseArgs({ options: { remote: { type: "boolean" }, env: { type: "string" } } });

if (!values.remote) {
  await prepareLocalDatabases({ fresh: false });
} else {
  if (values.env !== "preview" && values.env !== "production") {
    console.error("usage: npm run db:migrate:remote -- --env preview|production");
    process.exit(2);
  }
  for (const [binding, config] of [["DB", "cloud-api/wrangler.jsonc"], ["SESSIONS_DB", "wrangler.jsonc"]] as const) {
    await run(`${ROOT}node_modules/.bin/wrangler`, ["d1", "migrations", "apply", binding, "--remote", "-c", config, "--env", values.env], { cwd: ROOT });
  }
}
