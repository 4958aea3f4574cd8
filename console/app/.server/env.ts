import { z } from "zod";
import { demoSecretRefusedInProduction } from "#contract/demo-secrets.ts";
import { accessVariables } from "../access-rules.ts";
import type { AccessSettings } from "./access.ts";

/**
 * Bindings, variables and secrets of the console Worker: `ConsoleBindings` is generated from
 * console/wrangler.jsonc by `npm run typegen`; below are the optional variables (docs/configuration.md).
 */
export interface ConsoleEnv extends ConsoleBindings {
  /** "on": the local Access stand-in signs the operators' tokens (scripts/lib/access-stand-in.ts); refused in production. */
  ACCESS_STAND_IN?: string;
  /** Error reports go to this Sentry DSN; unset, none are sent (platform/error-reporting.ts). */
  SENTRY_DSN?: string;
}

const secrets = z.object({ APP_ID: z.string().min(1), APP_SECRET: z.string().min(8), OPERATOR_SECRET: z.string().min(32) });
const settings = z.intersection(secrets, accessVariables).refine(...demoSecretRefusedInProduction("OPERATOR_SECRET"));

/** The runtime hands every request of an isolate the same env object: it is checked once. */
const checked = new WeakMap<ConsoleEnv, AccessSettings>();

/**
 * Fails loudly, naming each wrong setting, when a secret is missing, the Access settings are not a real team's,
 * or production names the stand-in: a misconfigured console refuses every request.
 */
export function accessSettings(env: ConsoleEnv): AccessSettings {
  const known = checked.get(env);
  if (known) return known;
  const result = settings.safeParse(env);
  if (!result.success) throw new Error(`console misconfigured: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const parsed = { teamDomain: result.data.ACCESS_TEAM_DOMAIN, audience: result.data.ACCESS_AUD, standIn: result.data.ACCESS_STAND_IN === "on" };
  checked.set(env, parsed);
  return parsed;
}
