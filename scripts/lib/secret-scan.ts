import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Key shapes that must never reach a browser whatever their value: provider secrets and private keys. */
export const SECRET_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: "Stripe secret key", pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{8,}/ },
  { name: "Stripe webhook secret", pattern: /\bwhsec_[A-Za-z0-9]{8,}/ },
  { name: "private key", pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
];

/** Configuration values that are public by design and may appear in the client. */
const PUBLIC_NAMES = new Set(["APP_ID", "STRIPE_PUBLISHABLE_KEY", "PAYPAL_CLIENT_ID"]);

export interface SecretHit {
  file: string;
  what: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Every file under `dir` (the built client assets) checked for the configured secrets' values and for
 * secret key shapes. Values shorter than 8 characters are skipped: they would match by chance.
 */
export function scanForSecrets(dir: string, configured: Record<string, string>): SecretHit[] {
  const secrets = Object.entries(configured).filter(([name, value]) => !PUBLIC_NAMES.has(name) && value.length >= 8);
  const hits: SecretHit[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, "latin1");
    const where = relative(dir, file);
    for (const [name, value] of secrets) if (text.includes(value)) hits.push({ file: where, what: `the value of ${name}` });
    for (const { name, pattern } of SECRET_PATTERNS) if (pattern.test(text)) hits.push({ file: where, what: `a ${name}` });
  }
  return hits;
}
