import { env, SELF } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getOperator } from "./cloud-api.ts";
import type { ConsoleEnv } from "./env.ts";
import { ACCESS_JWT_HEADER, STAND_IN_KEY_PREFIX } from "../access-rules.ts";
import { consoleWorker, type RouteHandler } from "./worker.ts";

/**
 * The console Worker's Access check (issue 32): every failure is refused with a page and nothing else, before React
 * Router runs (the route handler below records every request it is given). The team's keys are served by the test;
 * the operator is signed in against the real cloud-api (SELF: its router, signature check and seeded operators).
 */
const TEAM = "https://camcloud.cloudflareaccess.com";
const AUD = "a1b2c3-console-aud";
const CONSOLE = "https://console.camcloud.example";
/** Where a local console finds the stand-in (scripts/lib/access-stand-in.ts). */
const STAND_IN = "http://127.0.0.1:8790";

type Key = { privateKey: CryptoKey; kid: string };
let team: Key;
let rotated: Key;
let stranger: Key;
let standIn: Key;
let jwksFetches = 0;

const makeKey = async (kid: string): Promise<Key & { jwk: object }> => {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
};

const served: Record<string, object[]> = {};
const fetchJwks = (async (input: RequestInfo | URL) => {
  const keys = served[String(input instanceof Request ? input.url : input)];
  if (!keys) return new Response("not found", { status: 404 });
  jwksFetches += 1;
  return Response.json({ keys });
}) as typeof fetch;

beforeAll(async () => {
  const keys = await Promise.all([makeKey("team-key-2026-11"), makeKey("team-key-2026-10"), makeKey("team-key-2026-11"), makeKey(`${STAND_IN_KEY_PREFIX}-0a1b2c3d`)]);
  [team, rotated, stranger, standIn] = keys;
  // The team's current and previous keys, and (as if misrouted) the stand-in's; never the stranger's.
  served[`${TEAM}/cdn-cgi/access/certs`] = [keys[0]!.jwk, keys[1]!.jwk, keys[3]!.jwk];
  served[`${STAND_IN}/cdn-cgi/access/certs`] = [keys[3]!.jwk];
});

const token = (key: Key, claims: { email?: string; iss?: string; aud?: string; exp?: number } = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ email: "email" in claims ? claims.email : "admin@camcloud.example", type: "app" })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuer(claims.iss ?? TEAM)
    .setAudience([claims.aud ?? AUD])
    .setIssuedAt(now - 60)
    .setExpirationTime(claims.exp ?? now + 3600);
  return jwt.sign(key.privateKey);
};

const production = (overrides: Partial<Record<keyof ConsoleEnv, string>> = {}): ConsoleEnv =>
  ({
    APP_ID: env.APP_ID,
    APP_SECRET: env.APP_SECRET,
    OPERATOR_SECRET: env.OPERATOR_SECRET,
    ENVIRONMENT: "production",
    ACCESS_TEAM_DOMAIN: TEAM,
    ACCESS_AUD: AUD,
    CLOUD_API: SELF,
    ...overrides,
  }) as ConsoleEnv;

/** A console whose route handler answers with the signed-in operator, recording that it ran. */
function console_() {
  const rendered: string[] = [];
  const handler: RouteHandler = async (request: Request, context: RouterContextProvider) => {
    const operator = getOperator(context);
    rendered.push(new URL(request.url).pathname);
    return new Response(`console page for ${operator.email} (${operator.role})`);
  };
  return { worker: consoleWorker(handler, { fetchJwks }), rendered };
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

async function open(headers: Record<string, string>, options: { env?: ConsoleEnv; method?: string; path?: string } = {}) {
  const { worker, rendered } = console_();
  const response = await worker.fetch!(new Request(`${CONSOLE}${options.path ?? "/today"}`, { method: options.method ?? "GET", headers }) as never, options.env ?? production(), ctx);
  return { response, body: await response.text(), rendered };
}

describe("the console Worker lets an operator in only with a valid Access token", () => {
  it("a token of the team's current key, for the application, not expired: the page renders for the operator of the table", async () => {
    const { response, body, rendered } = await open({ [ACCESS_JWT_HEADER]: await token(team) });
    expect(response.status).toBe(200);
    expect(body).toBe("console page for admin@camcloud.example (admin)");
    expect(rendered).toEqual(["/today"]);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("the team's previous key (Access keeps it valid for a week after rotating) is accepted too", async () => {
    const { response } = await open({ [ACCESS_JWT_HEADER]: await token(rotated) });
    expect(response.status).toBe(200);
  });

  const refusals: [string, () => Promise<Record<string, string>>, ConsoleEnv?][] = [
    ["no Cf-Access-Jwt-Assertion header", async () => ({})],
    ["an expired token", async () => ({ [ACCESS_JWT_HEADER]: await token(team, { exp: Math.floor(Date.now() / 1000) - 10 }) })],
    ["a token for another application (wrong audience)", async () => ({ [ACCESS_JWT_HEADER]: await token(team, { aud: "another-application" }) })],
    ["a token another team issued (wrong issuer)", async () => ({ [ACCESS_JWT_HEADER]: await token(team, { iss: "https://attacker.cloudflareaccess.com" }) })],
    ["a token signed with a key that is not the team's, under the team key's id", async () => ({ [ACCESS_JWT_HEADER]: await token(stranger) })],
    ["a token of the local stand-in's key, in production", async () => ({ [ACCESS_JWT_HEADER]: await token(standIn) })],
    ["the email header alone, without a JWT", async () => ({ "Cf-Access-Authenticated-User-Email": "admin@camcloud.example" })],
    ["a token with no email", async () => ({ [ACCESS_JWT_HEADER]: await token(team, { email: undefined }) })],
    ["not a JWT at all", async () => ({ [ACCESS_JWT_HEADER]: "admin@camcloud.example" })],
  ];
  for (const [name, headers] of refusals) {
    it(`refuses ${name}: 403, "Access refused", and no route runs`, async () => {
      const { response, body, rendered } = await open(await headers());
      expect(response.status).toBe(403);
      expect(body).toContain("<h1>Access refused</h1>");
      expect(body).not.toContain("admin@camcloud.example");
      expect(rendered).toEqual([]);
    });
  }

  it("says it in Chinese to an operator whose browser asks for Chinese", async () => {
    const { response, body } = await open({ "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8" });
    expect(response.status).toBe(403);
    expect(body).toContain('<html lang="zh">');
    expect(body).toContain("<h1>拒绝访问</h1>");
  });

  it("a signed-in email that is not in the operators table gets a page saying so, in its language, and nothing else", async () => {
    const { response, body, rendered } = await open({ [ACCESS_JWT_HEADER]: await token(team, { email: "stranger@example.com" }), "Accept-Language": "zh" });
    expect(response.status).toBe(403);
    expect(body).toContain("<h1>不是运营人员</h1>");
    expect(body).toContain("stranger@example.com 已登录，但不是本后台的运营人员");
    expect(rendered).toEqual([]);
  });

  it("a post from another site is refused even with a valid token, before any action runs", async () => {
    const { response, rendered } = await open({ [ACCESS_JWT_HEADER]: await token(team), Origin: "https://evil.example" }, { method: "POST", path: "/language" });
    expect(response.status).toBe(403);
    expect(rendered).toEqual([]);
  });

  it("a cloud-api that does not answer the sign-in: a page saying so (503), and no route runs", async () => {
    const down = production({});
    (down as { CLOUD_API: unknown }).CLOUD_API = { fetch: () => Promise.reject(new Error("connection refused")) };
    const { response, body, rendered } = await open({ [ACCESS_JWT_HEADER]: await token(team) }, { env: down });
    expect(response.status).toBe(503);
    expect(body).toContain("The cloud-api did not answer. Try again in a moment.");
    expect(rendered).toEqual([]);
  });

  it("fetches the team's keys once for many requests (cached per isolate)", async () => {
    const { worker } = console_();
    const before = jwksFetches;
    for (let i = 0; i < 3; i++) {
      const response = await worker.fetch!(new Request(`${CONSOLE}/today`, { headers: { [ACCESS_JWT_HEADER]: await token(team) } }) as never, production(), ctx);
      expect(response.status).toBe(200);
    }
    expect(jwksFetches - before).toBe(1);
  });
});

describe("the local console on the Access stand-in", () => {
  const local = () => production({ ENVIRONMENT: "local", ACCESS_STAND_IN: "on", ACCESS_TEAM_DOMAIN: STAND_IN });

  it("verifies the stand-in's token with the same code: the operator is signed in", async () => {
    const { response, body } = await open({ [ACCESS_JWT_HEADER]: await token(standIn, { iss: STAND_IN, email: "support@camcloud.example" }) }, { env: local() });
    expect(response.status).toBe(200);
    expect(body).toBe("console page for support@camcloud.example (support)");
  });

  it("still refuses a request without a token, and the email header alone", async () => {
    const { response, rendered } = await open({ "Cf-Access-Authenticated-User-Email": "admin@camcloud.example" }, { env: local() });
    expect(response.status).toBe(403);
    expect(rendered).toEqual([]);
  });
});

describe("a console configured for the stand-in, not for a real Access team, or with a demo or short operator secret refuses everything", () => {
  const misconfigured: [string, ConsoleEnv][] = [
    ["production with the stand-in turned on", production({ ACCESS_STAND_IN: "on" })],
    ["production with a team domain that is not https://<team>.cloudflareaccess.com", production({ ACCESS_TEAM_DOMAIN: "http://127.0.0.1:8790" })],
    ["production with a look-alike team domain", production({ ACCESS_TEAM_DOMAIN: "https://camcloud.cloudflareaccess.com.evil.example" })],
    ["no application AUD tag", production({ ACCESS_AUD: "" })],
    ["production with the demo operator secret", production({ OPERATOR_SECRET: "demo-operator-9c2e7b4a1f8d3e6c0b5a2d9f7e1c4b8a" })],
    ["production with the demo operator secret spelt in capitals and padded", production({ OPERATOR_SECRET: " DEMO-operator-9c2e7b4a1f8d3e6c0b5a2d9f7e1c4b8a" })],
    ["an operator secret shorter than 32 characters", production({ OPERATOR_SECRET: "too-short-operator-secret" })],
  ];
  for (const [name, environment] of misconfigured) {
    it(`${name}: 503 and no route runs, even with a valid token`, async () => {
      const { response, body, rendered } = await open({ [ACCESS_JWT_HEADER]: await token(team) }, { env: environment });
      expect(response.status).toBe(503);
      expect(body).toContain("<h1>Console not configured</h1>");
      expect(rendered).toEqual([]);
    });
  }
});
