/**
 * The demo secrets of .dev.vars.example all start with "demo-": a Worker's settings refuse them in production
 * (docs/decisions/060), however spelt or padded. Both the cloud-api's and the console's settings check it, here once.
 */
const DEMO_SECRET_PREFIX = "demo-";

const isDemoSecret = (value: string | undefined) => value?.trim().toLowerCase().startsWith(DEMO_SECRET_PREFIX) ?? false;

/** A zod `refine` (check and issue) refusing a demo value of `key` when ENVIRONMENT is production. */
export function demoSecretRefusedInProduction<Key extends string>(key: Key) {
  const check = (env: { ENVIRONMENT?: string } & Partial<Record<Key, string>>) => !(isDemoSecret(env[key]) && env.ENVIRONMENT === "production");
  const issue = { path: [key as PropertyKey], message: `a demo value (starting with "${DEMO_SECRET_PREFIX}") is refused in production` };
  return [check, issue] satisfies [unknown, unknown];
}
