import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signIn } from "#test/signed-request.ts";
import { expireToken } from "#test/tokens.ts";
import type { Tokens } from "../session/state.ts";
import { createUpstreamClient, type TokenStore } from "./client.ts";
import { packageList, simcardDetails } from "./endpoints.ts";
import { UpstreamUnavailable } from "./envelope.ts";
import { NO_TOKEN_PATH, redirectWhenSignedOut } from "./for-request.ts";
import type { Transport } from "./transport.ts";

function memoryStore(initial: Tokens): TokenStore & { current: Tokens | undefined } {
  const store = {
    current: initial as Tokens | undefined,
    get: () => store.current,
    set: (tokens: Tokens) => void (store.current = tokens),
    clear: () => void (store.current = undefined),
  };
  return store;
}

/** The real cloud-api Worker, counting calls per path. */
function countingTransport() {
  const counts = new Map<string, number>();
  const transport: Transport = (path, init) => {
    const route = path.split("?")[0] ?? path;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    return SELF.fetch(`https://cloud-api.test${path}`, init);
  };
  return { transport, counts };
}

/** The client as a request sees it: a signed-out buyer comes back as the no-login redirect. */
function client(transport: Transport, tokens: TokenStore, timeoutMs = 30_000) {
  const api = createUpstreamClient({ transport, appId: env.APP_ID, appSecret: env.APP_SECRET, countryCode: "CN", language: "en", timeoutMs, tokens });
  return { call: (...args: Parameters<typeof api.call>) => redirectWhenSignedOut(api.call(...args)) };
}

describe("upstream client", () => {
  it("signs its requests so that the cloud-api accepts them, and parses the envelope", async () => {
    const signedIn = await signIn();
    const store = memoryStore({ ...signedIn });
    const result = await client(countingTransport().transport, store).call(simcardDetails, { iccId: "89860012345678901234" });
    expect(result).toMatchObject({ ok: true, data: { status: "NORMAL", remain: "12,545.67" } });
  });

  it("names the buyer's IP address in X-Forwarded-For, and no one when it is unknown", async () => {
    const seen: (string | null)[] = [];
    const recording: Transport = (path, init) => {
      seen.push(new Headers(init.headers).get("X-Forwarded-For"));
      return SELF.fetch(`https://cloud-api.test${path}`, init);
    };
    const signedIn = await signIn();
    const options = { transport: recording, appId: env.APP_ID, appSecret: env.APP_SECRET, countryCode: "CN", language: "en", timeoutMs: 30_000 };
    await createUpstreamClient({ ...options, tokens: memoryStore({ ...signedIn }), buyerIp: "203.0.113.7" }).call(simcardDetails, { iccId: "89860012345678901234" });
    await createUpstreamClient({ ...options, tokens: memoryStore({ ...signedIn }), buyerIp: null }).call(simcardDetails, { iccId: "89860012345678901234" });
    expect(seen).toEqual(["203.0.113.7", null]);
  });

  it("words a refusal with the message it was given, keeping the status, the reason and the upstream's text as detail", async () => {
    const limited: Transport = async () => Response.json({ status: 429, msg: "too many coupon lookups in a short time", data: null }, { status: 429 });
    const options = { transport: limited, appId: env.APP_ID, appSecret: env.APP_SECRET, countryCode: "CN", language: "en", timeoutMs: 30_000 };
    const store = memoryStore({ ...(await signIn()) });
    const worded = await createUpstreamClient({ ...options, tokens: store, refusalMessage: ({ status }) => `Please wait (${status})` }).call(packageList, { deviceId: "x", type: 1 });
    expect(worded).toEqual({ ok: false, status: 429, reason: null, msg: "Please wait (429)", detail: "too many coupon lookups in a short time" });
    const plain = await createUpstreamClient({ ...options, tokens: store }).call(packageList, { deviceId: "x", type: 1 });
    expect(plain).toEqual({ ok: false, status: 429, reason: null, msg: "too many coupon lookups in a short time", detail: "too many coupon lookups in a short time" });
  });

  it("returns the upstream's refusal as a result, not an exception, with the reason it named", async () => {
    const store = memoryStore({ ...(await signIn()) });
    const result = await client(countingTransport().transport, store).call(packageList, { deviceId: "CAM-OTHER-001", type: 1 });
    expect(result).toEqual({ ok: false, status: 403, reason: "device_not_yours", msg: "device does not belong to this user", detail: "device does not belong to this user" });
  });

  it("reads a reason it does not know as none, so that the status words it", async () => {
    const newer: Transport = async () => Response.json({ status: 409, msg: "something new", data: null, reason: "a_reason_from_the_future" }, { status: 409 });
    const store = memoryStore({ ...(await signIn()) });
    const result = await client(newer, store).call(packageList, { deviceId: "x", type: 1 });
    expect(result).toEqual({ ok: false, status: 409, reason: null, msg: "something new", detail: "something new" });
  });

  it("refreshes an expired token exactly once for N concurrent calls, then retries them all", async () => {
    const signedIn = await signIn();
    await expireToken(signedIn.accessToken);
    const store = memoryStore({ ...signedIn });
    const { transport, counts } = countingTransport();
    const api = client(transport, store);
    const N = 8;
    const results = await Promise.all(
      Array.from({ length: N }, () => api.call(packageList, { deviceId: "SIM-DEMO-001", type: 2, countryCode: "CN" })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(counts.get("/v1/member/user/h5/refresh_token")).toBe(1);
    expect(counts.get("/v1/cloud/package/list")).toBe(2 * N);
    expect(store.current?.accessToken).not.toBe(signedIn.accessToken);
    expect(store.current?.refreshToken).not.toBe(signedIn.refreshToken);
    expect(store.current?.tgAccessToken).toBe(signedIn.tgAccessToken);
  });

  it("rejects every waiting call with a redirect to no-login/1 and forgets the tokens when the refresh is refused", async () => {
    const signedIn = await signIn();
    await expireToken(signedIn.accessToken);
    const store = memoryStore({ ...signedIn, refreshToken: "revoked-or-unknown" });
    const { transport, counts } = countingTransport();
    const api = client(transport, store);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => api.call(simcardDetails, { iccId: "89860012345678901234" })));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      const response = (outcome as PromiseRejectedResult).reason as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(NO_TOKEN_PATH);
    }
    expect(counts.get("/v1/member/user/h5/refresh_token")).toBe(1);
    expect(store.current).toBeUndefined();
  });

  it("sends a call without any refresh token straight to no-login/1", async () => {
    const store = memoryStore({ accessToken: "unknown", refreshToken: "", tgAccessToken: "" });
    await expect(client(countingTransport().transport, store).call(simcardDetails, { iccId: "89860012345678901234" })).rejects.toSatisfy(
      (r: Response) => r.headers.get("Location") === NO_TOKEN_PATH,
    );
  });

  it("treats garbage, a missing envelope and data of the wrong shape as an unavailable upstream", async () => {
    const store = memoryStore({ ...(await signIn()) });
    const answering = (body: string): Transport => async () => new Response(body, { status: 200 });
    const cases: [string, RegExp][] = [
      ["<html>502 Bad Gateway</html>", /not JSON/],
      [JSON.stringify({ hello: "world" }), /envelope/],
      [JSON.stringify({ status: 200, msg: "ok", data: { packageList: [{ id: "x" }] } }), /data\.packageList\.0\.id/],
      [JSON.stringify({ status: 200, msg: "ok", data: { packageList: [{ id: 1, serviceId: 1, serviceName: "a", originPrice: 1, salePrice: 0.333, currencyCode: "CNY", isGive: 0, isSale: 1, displaySort: 1 }] } }), /salePrice/],
    ];
    for (const [body, message] of cases) {
      const error = await client(answering(body), store).call(packageList, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailable);
      expect((error as UpstreamUnavailable).reason).toBe("garbage");
      expect((error as Error).message).toMatch(message);
    }
  });

  it("gives up after the timeout, and reports a network failure as such", async () => {
    const store = memoryStore({ ...(await signIn()) });
    const hanging: Transport = (_path, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const timeout = await client(hanging, store, 50).call(packageList, {}).catch((e: unknown) => e);
    expect(timeout).toMatchObject({ reason: "timeout" });
    const broken: Transport = async () => {
      throw new TypeError("connection reset");
    };
    const network = await client(broken, store).call(packageList, {}).catch((e: unknown) => e);
    expect(network).toMatchObject({ reason: "network" });
  });
});
