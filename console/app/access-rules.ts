import { z } from "zod";

/**
 * What the console Worker, the local Access stand-in (scripts/lib/access-stand-in.ts) and the deploy check agree
 * on about Cloudflare Access (docs/decisions/056). No Worker types: scripts import it too.
 */

/** The header Cloudflare Access adds to every request it lets through: its signed JWT (RS256). */
export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

/**
 * The local stand-in's signing keys are named with this prefix, so that a console that is not running on the
 * stand-in refuses them even if their JWKS were somehow served to it.
 */
export const STAND_IN_KEY_PREFIX = "camcloud-access-stand-in";

/** Where a real Access team issues its tokens: https://<team>.cloudflareaccess.com, nothing else. */
const CLOUDFLARE_ACCESS_TEAM = /^https:\/\/[a-z0-9][a-z0-9-]*\.cloudflareaccess\.com$/;
/** The stand-in runs on the operator's own machine. */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost):\d+$/;

/** The console's Access variables (console/wrangler.jsonc); production refuses the stand-in as it refuses the payment sandbox. */
export const accessVariables = z
  .object({
    ENVIRONMENT: z.enum(["local", "preview", "production"]),
    ACCESS_TEAM_DOMAIN: z.string().min(1),
    ACCESS_AUD: z.string().min(1),
    ACCESS_STAND_IN: z.enum(["on", "off", ""]).optional(),
  })
  .refine((vars) => !(vars.ACCESS_STAND_IN === "on" && vars.ENVIRONMENT === "production"), {
    path: ["ACCESS_STAND_IN"],
    message: "the Access stand-in is refused in production",
  })
  .refine((vars) => (vars.ACCESS_STAND_IN === "on" ? LOOPBACK : CLOUDFLARE_ACCESS_TEAM).test(vars.ACCESS_TEAM_DOMAIN), {
    path: ["ACCESS_TEAM_DOMAIN"],
    message: "must be https://<team>.cloudflareaccess.com (the local stand-in's http://127.0.0.1:<port> only with ACCESS_STAND_IN=on)",
  });

/** Each wrong Access variable, "NAME: why"; empty when they are a real team's (or, locally, the stand-in's). */
export function accessVariableProblems(vars: Record<string, unknown>): string[] {
  const result = accessVariables.safeParse(vars);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
