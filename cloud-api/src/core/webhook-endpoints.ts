import { z } from "zod";

/**
 * Where integration events go (docs/integration.md): `WEBHOOK_ENDPOINTS` (a var) names each endpoint and its
 * URL, `WEBHOOK_SECRETS` (a secret) gives each its own Standard Webhooks signing secret. Every endpoint
 * receives every event; an environment with none records events without sending them.
 */
export interface WebhookEndpoint {
  name: string;
  url: string;
  secret: string;
}

interface WebhookConfig {
  WEBHOOK_ENDPOINTS?: string;
  WEBHOOK_SECRETS?: string;
  ENVIRONMENT?: string;
}

const endpointName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "an endpoint's name is lower-case letters, digits and dashes");
/** whsec_ and the base64 of at least 24 random bytes, as the standardwebhooks library reads it. */
const signingSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, "a secret is whsec_ followed by base64 of at least 24 bytes");
const json = (text: string | undefined) => {
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return null;
  }
};

const parsed = new WeakMap<object, WebhookEndpoint[]>();

/** The configured endpoints; throws naming what is wrong (checkSecrets calls it at the first request). */
export function webhookEndpoints(env: WebhookConfig): WebhookEndpoint[] {
  const known = parsed.get(env);
  if (known) return known;
  const url = env.ENVIRONMENT === "production" ? z.url({ protocol: /^https$/ }) : z.url({ protocol: /^https?$/ });
  const urls = z.record(endpointName, url).safeParse(json(env.WEBHOOK_ENDPOINTS));
  if (!urls.success) throw new Error(`WEBHOOK_ENDPOINTS: ${urls.error.issues.map((i) => `${i.path.join(".")} ${i.message}`.trim()).join("; ")}`);
  const secrets = z.record(z.string(), signingSecret).safeParse(json(env.WEBHOOK_SECRETS));
  if (!secrets.success) throw new Error(`WEBHOOK_SECRETS: ${secrets.error.issues.map((i) => `${i.path.join(".")} ${i.message}`.trim()).join("; ")}`);
  const endpoints = Object.entries(urls.data).map(([name, endpointUrl]) => {
    const secret = secrets.data[name];
    if (!secret) throw new Error(`WEBHOOK_SECRETS: no secret for the endpoint "${name}"`);
    return { name, url: endpointUrl, secret };
  });
  parsed.set(env, endpoints);
  return endpoints;
}
