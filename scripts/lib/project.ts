import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const STATE_DIR = ".wrangler/state";
export const STOREFRONT_PORT = 8787;
export const CLOUD_API_PORT = 8788;

/** Reads .dev.vars (copying the documented demo values when it is missing). */
export function devVars(): Record<string, string> {
  const path = `${ROOT}.dev.vars`;
  if (!existsSync(path)) copyFileSync(`${ROOT}.dev.vars.example`, path);
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) vars[match[1]] = (match[2] ?? "").replace(/^"(.*)"$/, "$1");
  }
  for (const key of ["APP_ID", "APP_SECRET", "LAUNCH_AES_KEY", "SESSION_SECRET"]) {
    if (!vars[key]) throw new Error(`.dev.vars lacks ${key}; see .dev.vars.example`);
  }
  return vars;
}
