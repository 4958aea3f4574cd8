import type { z } from "zod";
import { newNoticeStr, requestSignature } from "#contract/signature.ts";
import type { Tokens } from "../session/state.ts";
import * as endpoints from "./endpoints.ts";
import type { Endpoint } from "./endpoints.ts";
import { Status } from "#contract/codes.ts";
import { parseEnvelope, UpstreamUnavailable, type UpstreamRefusal, type UpstreamResult } from "./envelope.ts";
import type { Transport } from "./transport.ts";
import { currentTrace, traceparentOf } from "#platform/observability.ts";

export interface TokenStore {
  get(): Tokens | undefined;
  set(tokens: Tokens): void;
  clear(): void;
}

export interface UpstreamOptions {
  transport: Transport;
  appId: string;
  appSecret: string;
  countryCode: string;
  language: string;
  timeoutMs: number;
  tokens: TokenStore;
  /** The buyer's IP address (CF-Connecting-IP), passed on as X-Forwarded-For: WeChat Pay wants it with each order. */
  buyerIp?: string | null;
  /** What the buyer reads for a refusal: a sentence in their language (the upstream's text stays as detail). */
  refusalMessage?: (refusal: Pick<UpstreamRefusal, "status" | "reason">) => string;
}

/**
 * The buyer has no usable session with the upstream (no refresh token, or its refresh was refused): the
 * tokens are forgotten, and the request's wrapper (for-request.ts) decides where the buyer goes.
 */
export class SignedOut extends Error {
  constructor(detail: string) {
    super(`signed out: ${detail}`);
    this.name = "SignedOut";
  }
}

/**
 * Refreshes in flight, by refresh token: concurrent calls that meet an expired token wait for one
 * refresh. Finished ones are remembered briefly so that a call that failed just after it reuses the result.
 */
const inFlight = new Map<string, Promise<Tokens>>();
const recent = new Map<string, { tokens: Tokens; at: number }>();
const RECENT_MS = 60_000;

function remember(oldRefreshToken: string, tokens: Tokens) {
  const now = Date.now();
  for (const [key, entry] of recent) if (now - entry.at > RECENT_MS) recent.delete(key);
  recent.set(oldRefreshToken, { tokens, at: now });
}

export function createUpstreamClient(options: UpstreamOptions) {
  async function send<I extends z.ZodType, S extends z.ZodType>(endpoint: Endpoint<I, S>, payload: z.input<I>, accessToken: string) {
    const noticeStr = newNoticeStr();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = new Headers({
      appid: options.appId,
      noticeStr,
      timestamp,
      signature: await requestSignature(options.appId, options.appSecret, noticeStr, timestamp),
      platform: "H5",
      appVersion: "2.0",
      countryCode: options.countryCode,
      appLanguage: options.language,
      accept: "application/json",
    });
    if (endpoint.access === "user") headers.set("accessToken", accessToken);
    if (options.buyerIp) headers.set("X-Forwarded-For", options.buyerIp);
    // The cloud-api continues the buyer's request's trace: one reference finds both Workers' log lines.
    const trace = currentTrace();
    if (trace) headers.set("traceparent", traceparentOf(trace));
    let path: string = endpoint.path;
    let body: string | undefined;
    if (endpoint.method === "GET") {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(payload as Record<string, unknown>)) if (value !== undefined && value !== null) query.set(key, String(value));
      path += `?${query}`;
    } else {
      headers.set("content-type", "application/json");
      body = JSON.stringify(payload);
    }
    const signal = AbortSignal.timeout(options.timeoutMs);
    let text: string;
    let httpStatus: number;
    try {
      const response = await options.transport(path, { method: endpoint.method, headers, body, signal });
      httpStatus = response.status;
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new UpstreamUnavailable("timeout", `${endpoint.path} took longer than ${options.timeoutMs} ms`);
      throw new UpstreamUnavailable("network", `${endpoint.path}: ${String(error)}`);
    }
    // The envelope decides, whatever the HTTP status (a 429 comes as one); the status only helps the log.
    return parseEnvelope(text, endpoint.output, httpStatus < 400 ? endpoint.path : `${endpoint.path} (HTTP ${httpStatus})`);
  }

  async function refresh(tokens: Tokens): Promise<Tokens> {
    const result = await send(endpoints.refreshToken, { js_refreshToken: tokens.refreshToken }, tokens.accessToken);
    if (!result.ok) throw result;
    return { ...tokens, accessToken: result.data.js_accessToken, refreshToken: result.data.js_refreshToken };
  }

  /** One refresh per refresh token however many calls ask; a refusal clears the tokens and signs the buyer out. */
  async function refreshOnce(tokens: Tokens): Promise<Tokens> {
    const key = tokens.refreshToken;
    const known = recent.get(key);
    if (known && Date.now() - known.at <= RECENT_MS) return known.tokens;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = refresh(tokens).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    try {
      const fresh = await pending;
      remember(key, fresh);
      return fresh;
    } catch (error) {
      if (error instanceof UpstreamUnavailable) throw error;
      options.tokens.clear();
      throw new SignedOut("the refresh token was refused");
    }
  }

  /** Calls an endpoint, refreshing an expired or invalid access token once and retrying. */
  async function callRefreshingOnce<I extends z.ZodType, S extends z.ZodType>(endpoint: Endpoint<I, S>, payload: z.input<I>): Promise<UpstreamResult<z.output<S>>> {
    const tokens = options.tokens.get();
    const first = await send(endpoint, payload, tokens?.accessToken ?? "");
    if (first.ok || (first.status !== Status.tokenExpired && first.status !== Status.tokenInvalid)) return first;
    if (!tokens?.refreshToken) {
      options.tokens.clear();
      throw new SignedOut("no refresh token");
    }
    const fresh = await refreshOnce(tokens);
    options.tokens.set(fresh);
    return send(endpoint, payload, fresh.accessToken);
  }

  return {
    /** Calls an endpoint with the input its contract takes (see callRefreshingOnce); a refusal reads in the buyer's words when refusalMessage is given. */
    async call<I extends z.ZodType, S extends z.ZodType>(endpoint: Endpoint<I, S>, payload: z.input<I>): Promise<UpstreamResult<z.output<S>>> {
      const result = await callRefreshingOnce(endpoint, payload);
      if (!result.ok && options.refusalMessage) return { ...result, msg: options.refusalMessage(result) };
      return result;
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
