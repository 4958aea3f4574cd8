import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isAbsolute, normalize } from "node:path";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The local state (D1 databases, the dev registry) of npm start and npm run dev; LOCAL_STATE_DIR moves it (the dev-server journey keeps its own). */
export const STATE_DIR = localStateDir(process.env.LOCAL_STATE_DIR ?? ".wrangler/state");

/** The state folder as a path inside the checkout, which every step joins to ROOT; anything else is refused before a step half-uses it. */
function localStateDir(dir: string): string {
  if (isAbsolute(dir) || normalize(dir).startsWith("..")) throw new Error(`LOCAL_STATE_DIR must be a folder inside the checkout, relative to it (like .wrangler/my-state), not ${dir}`);
  return dir;
}
/** The local ports; PORT_OFFSET shifts them (and the e2e ports) so that two checkouts can run side by side. */
export const PORT_OFFSET = Number(process.env.PORT_OFFSET ?? 0);
export const STOREFRONT_PORT = 8787 + PORT_OFFSET;
export const CLOUD_API_PORT = 8788 + PORT_OFFSET;
/** The local launcher: an index of every screen and short links that sign the demo buyer in (lib/launcher.ts). */
export const LAUNCHER_PORT = 8789 + PORT_OFFSET;
/** The operator console as operators open it: the local Access stand-in (lib/access-stand-in.ts), in front of the console Worker. */
export const CONSOLE_PORT = 8790 + PORT_OFFSET;
/** The console Worker itself, reached only through the stand-in (as in production only through Access). */
export const CONSOLE_WORKER_PORT = 8792 + PORT_OFFSET;
/** The demo receiver of integration events (lib/webhook-receiver.ts); the local cloud-api delivers to it. */
export const RECEIVER_PORT = 8791 + PORT_OFFSET;

/** Reads .dev.vars (copying the documented demo values when it is missing). */
function readVars(path: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) vars[match[1]] = (match[2] ?? "").replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

/**
 * The local secrets: .dev.vars, created from .dev.vars.example when missing. A secret added to the
 * example later is appended to an existing .dev.vars with its demo value, so that an older checkout
 * keeps starting.
 */
export function devVars(): Record<string, string> {
  const path = `${ROOT}.dev.vars`;
  const examplePath = `${ROOT}.dev.vars.example`;
  if (!existsSync(path)) copyFileSync(examplePath, path);
  const vars = readVars(path);
  const missing = Object.entries(readVars(examplePath)).filter(([key]) => !(key in vars));
  if (missing.length) {
    appendFileSync(path, `\n# Added from .dev.vars.example\n${missing.map(([key, value]) => `${key}=${value}`).join("\n")}\n`);
    for (const [key, value] of missing) vars[key] = value;
  }
  return vars;
}
