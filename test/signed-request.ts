import { env, SELF } from "cloudflare:test";
import { newNoticeStr, requestSignature } from "../domain/signature.ts";

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
  let json: { status: number; msg: string; data: any } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { http: response.status, body: json, text };
}

export async function signIn(account = "demo@camcloud.example") {
  const { body } = await signedFetch("/v1/member/user/s2s/token", { account });
  if (body?.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data as { userId: number; accessToken: string; refreshToken: string; tgAccessToken: string };
}
