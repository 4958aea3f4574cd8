import { z } from "zod";

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

/** Where a real Access team issues its tokens: https://<team>.cloudflareaccess.com, nothing else. */
const CLOUDFLARE_ACCESS_TEAM = /^https:\/\/[a-z0-9][a-z0-9-]*\.cloudflareaccess\.com$/;
/** The stand-in runs on the operator's own machine. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost):\d+$/;

const settings = z
  .object({
    APP_ID: z.string().min(1),
    APP_SECRET: z.string().min(8),
    S2S_SECRET: z.string().min(16),
    ENVIRONMENT: z.enum(["local", "preview", "production"]),
    ACCESS_TEAM_DOMAIN: z.string().min(1),
    ACCESS_AUD: z.string().min(1),
    ACCESS_STAND_IN: z.enum(["on", "off", ""]).optional(),
  })
  .refine((env) => !(env.ACCESS_STAND_IN === "on" && env.ENVIRONMENT === "production"), {
    path: ["ACCESS_STAND_IN"],
    message: "the Access stand-in is refused in production",
  })
  .refine((env) => (env.ACCESS_STAND_IN === "on" ? LOOPBACK : CLOUDFLARE_ACCESS_TEAM).test(env.ACCESS_TEAM_DOMAIN), {
    path: ["ACCESS_TEAM_DOMAIN"],
    message: "must be https://<team>.cloudflareaccess.com (the local stand-in's http://127.0.0.1:<port> only with ACCESS_STAND_IN=on)",
  });

/** What the Access check needs, read once from a well-formed environment. */
export interface AccessSettings {
  teamDomain: string;
  audience: string;
  /** Tokens signed by the local stand-in's keys are accepted (never in production). */
  standIn: boolean;
}

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
