import type { z } from "zod";
import { newNoticeStr, requestSignature } from "#contract/signature.ts";
import type { Tokens } from "../session/state.ts";
import * as endpoints from "./endpoints.ts";
import type { Endpoint } from "./endpoints.ts";
import { Status } from "#contract/codes.ts";
import { parseEnvelope, readEnvelope, UpstreamUnavailable, type UpstreamRefusal, type UpstreamResult } from "./envelope.ts";
import type { Transport } from "./transport.ts";
import { currentTrace, log, traceparentOf } from "#platform/observability.ts";

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
  /** Whether the upstream takes the contract's batch (docs/decisions/061): the calls a loader starts together then go as one request. */
  batch?: boolean;
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

/** A GET's input as its query: the values it has, as text (a batch carries a GET's input the same way). */
function queryOf(payload: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) if (value !== undefined && value !== null) query[key] = String(value);
  return query;
}

const carriedPaths = new Set<string>(endpoints.batch.carries.map((carried) => carried.path));

const refusedTheToken = (result: UpstreamResult<unknown>) => !result.ok && (result.status === Status.tokenExpired || result.status === Status.tokenInvalid);

/** A call waiting for the batch its tick's calls go in. */
interface Collected {
  endpoint: Endpoint;
  /** A contract input: an object. */
  payload: Record<string, unknown>;
  resolve(result: UpstreamResult<unknown>): void;
  reject(error: unknown): void;
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
      path += `?${new URLSearchParams(queryOf(payload))}`;
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

  /** Sends a request, refreshing an expired or invalid access token once and sending it again. */
  async function refreshingOnce<T>(attempt: (accessToken: string) => Promise<UpstreamResult<T>>): Promise<UpstreamResult<T>> {
    const tokens = options.tokens.get();
    const first = await attempt(tokens?.accessToken ?? "");
    if (!refusedTheToken(first)) return first;
    if (!tokens?.refreshToken) {
      options.tokens.clear();
      throw new SignedOut("no refresh token");
    }
    const fresh = await refreshOnce(tokens);
    options.tokens.set(fresh);
    return attempt(fresh.accessToken);
  }

  const alone = (endpoint: Endpoint, payload: unknown) => refreshingOnce((accessToken) => send(endpoint, payload, accessToken));

  /**
   * The calls of one batch (docs/decisions/061): one signed request, its token refreshed once for all of them;
   * each answer is read with its own endpoint's schema, so one broken answer fails its call only. A batch the
   * upstream refuses whole for any reason but the token (one that does not take batches after all) is sent
   * again as single calls.
   */
  async function sendBatch(calls: readonly Collected[]): Promise<void> {
    const carried = calls.map(({ endpoint, payload }) => ({ path: endpoint.path, input: endpoint.method === "GET" ? queryOf(payload) : payload }));
    const answered = await refreshingOnce((accessToken) => send(endpoints.batch, { calls: carried }, accessToken));
    if (!answered.ok) {
      log("warn", "upstream.batch-refused", { status: answered.status, detail: answered.detail, calls: carried.map((call) => call.path) });
      for (const call of calls) alone(call.endpoint, call.payload).then(call.resolve, call.reject);
      return;
    }
    const { answers } = answered.data;
    if (answers.length !== calls.length) throw new UpstreamUnavailable("garbage", `${endpoints.batch.path} answered ${answers.length} answers to ${calls.length} calls`);
    calls.forEach((call, index) => {
      try {
        call.resolve(readEnvelope(answers[index], call.endpoint.output, call.endpoint.path));
      } catch (error) {
        call.reject(error);
      }
    });
  }

  /**
   * The calls a request starts in the same tick (a loader's Promise.all, the loaders of one document), collected
   * into batches where the upstream takes them; a call alone in its tick goes as itself.
   */
  let collecting: Collected[] | null = null;
  function flush() {
    const calls = collecting ?? [];
    collecting = null;
    for (let start = 0; start < calls.length; start += endpoints.batch.maxCalls) {
      const group = calls.slice(start, start + endpoints.batch.maxCalls);
      const only = group.length === 1 ? group[0] : undefined;
      if (only) alone(only.endpoint, only.payload).then(only.resolve, only.reject);
      else sendBatch(group).catch((error: unknown) => group.forEach((call) => call.reject(error)));
    }
  }
  function collect(endpoint: Endpoint, payload: Record<string, unknown>): Promise<UpstreamResult<unknown>> {
    return new Promise((resolve, reject) => {
      if (!collecting) {
        collecting = [];
        setTimeout(flush, 0);
      }
      collecting.push({ endpoint, payload, resolve, reject });
    });
  }

  return {
    /** Calls an endpoint with the input its contract takes (see refreshingOnce); a refusal reads in the buyer's words when refusalMessage is given. */
    async call<I extends z.ZodType, S extends z.ZodType>(endpoint: Endpoint<I, S>, payload: z.input<I>): Promise<UpstreamResult<z.output<S>>> {
      const result = (await (options.batch && carriedPaths.has(endpoint.path) ? collect(endpoint, payload as Record<string, unknown>) : alone(endpoint, payload))) as UpstreamResult<z.output<S>>;
      if (!result.ok && options.refusalMessage) return { ...result, msg: options.refusalMessage(result) };
      return result;
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
