import { env, SELF } from "cloudflare:test";
import { newNoticeStr, requestSignature, S2S_HEADERS, s2sSignature } from "#contract/signature.ts";
import { operatorRequestHeaders, type OperatorRole } from "#contract/operator.ts";
import type { Access } from "#contract/endpoints.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";

export interface SignedOptions {
  accessToken?: string;
  method?: "GET" | "POST";
  /** Override any signed header to test refusals. */
  headers?: Record<string, string>;
  rawBody?: string;
}

/** The headers the storefront sends on every /v1 call, signed with the test secret; `overrides` replaces any of them. */
export async function signedHeaders(accessToken = "", overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const noticeStr = newNoticeStr();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    appid: env.APP_ID,
    noticeStr,
    timestamp,
    signature: await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp),
    platform: "H5",
    appVersion: "2.0",
    countryCode: "CN",
    appLanguage: "en",
    accessToken,
    "content-type": "application/json",
    ...overrides,
  };
}

/** Sends a /v1 request to the cloud-api Worker the way the storefront does, signed with the test secret. */
export async function signedFetch(path: string, body: unknown = {}, options: SignedOptions = {}) {
  const headers = await signedHeaders(options.accessToken, options.headers);
  const method = options.method ?? "POST";
  const response = await SELF.fetch(`https://cloud-api.test${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : (options.rawBody ?? JSON.stringify(body)),
  });
  const text = await response.text();
  let json: { status: number; msg: string; data: any; reason?: string } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { http: response.status, body: json, text };
}

/** The companion app backend's server-to-server credential for a POST of `body` to `path` with this noticeStr. */
export async function s2sHeaders(path: string, body: string, noticeStr: string, secret = env.S2S_SECRET, timestamp = String(Math.floor(Date.now() / 1000))) {
  return { [S2S_HEADERS.timestamp]: timestamp, [S2S_HEADERS.signature]: await s2sSignature(secret ?? "", { method: "POST", path, timestamp, noticeStr, body }) };
}

export const S2S_TOKEN_PATH = "/v1/member/user/s2s/token";

/** The headers the console sends for an operator call of `email` (a demo operator's by default), keyed with OPERATOR_SECRET unless `operatorSecret` names another key. */
export async function operatorHeaders(request: { method?: string; path: string; body: string }, email: string = DEMO_OPERATORS.admin.email, operatorSecret = env.OPERATOR_SECRET) {
  const secrets = { appId: env.APP_ID, appSecret: env.APP_SECRET, operatorSecret };
  return operatorRequestHeaders(secrets, { method: request.method ?? "POST", path: request.path, body: request.body }, email);
}

/** Sends an operator call as the console does, as the demo operator of `role` unless `email` names another. */
export async function operatorFetch(path: string, body: unknown = {}, options: { role?: OperatorRole; email?: string; headers?: Record<string, string> } = {}) {
  const rawBody = JSON.stringify(body);
  const email = options.email ?? DEMO_OPERATORS[options.role ?? "admin"].email;
  return signedFetch(path, undefined, { rawBody, headers: { ...(await operatorHeaders({ path, body: rawBody }, email)), ...options.headers } });
}

/**
 * The headers an operation's rightful caller sends with `body`: a user call its access token, an
 * app-level call none, a server-to-server call also the S2S credential, an operator call the demo admin's
 * operator credential.
 */
export async function callerHeaders(op: { access: Access; path: string; method?: string }, body: string, accessToken = "") {
  const signed = await signedHeaders(op.access === "user" ? accessToken : "");
  if (op.access === "operator") return { ...signed, ...(await operatorHeaders({ method: op.method, path: op.path, body })) };
  if (op.access !== "s2s") return signed;
  return { ...signed, ...(await s2sHeaders(op.path, body, signed.noticeStr ?? "", undefined, signed.timestamp)) };
}

/** Mints a user's tokens the way the companion app's backend does: app signature plus the S2S credential. */
export async function s2sTokenFetch(account: string, options: { secret?: string; headers?: Record<string, string> } = {}) {
  const rawBody = JSON.stringify({ account });
  const signed = await signedHeaders("", options.headers);
  const s2s = await s2sHeaders(S2S_TOKEN_PATH, rawBody, signed.noticeStr ?? "", options.secret, signed.timestamp);
  return signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...signed, ...s2s, ...options.headers } });
}

export async function signIn(account = "demo@camcloud.example") {
  const { body } = await s2sTokenFetch(account);
  if (body?.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data as { userId: number; accessToken: string; refreshToken: string; tgAccessToken: string };
}
