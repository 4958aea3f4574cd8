import { describe, expect, it } from "vitest";
import { env as workerEnv } from "cloudflare:test";
import { checkSecrets, type StorefrontEnv } from "../env.ts";
import type { Tokens } from "../session/state.ts";
import { createUpstreamClient } from "./client.ts";
import { packageList } from "./endpoints.ts";
import { UpstreamUnavailable } from "./envelope.ts";
import { batchesWith, FAULT_COOKIE, withFaults } from "./faults.ts";
import { NO_TOKEN_PATH, redirectWhenSignedOut } from "./for-request.ts";
import type { Transport } from "./transport.ts";

const real: Transport = async () => Response.json({ status: 200, msg: "ok", data: { packageList: [] } });
const withCookie = (cookie: string) => new Request("https://shop.example/app-h5/cloud/storage/buy", { headers: { cookie } });
const env = (UPSTREAM_FAULTS?: string) => ({ UPSTREAM_FAULTS }) as StorefrontEnv;

function call(transport: Transport, timeoutMs = 30_000) {
  let tokens: Tokens | undefined = { accessToken: "a", refreshToken: `r-${crypto.randomUUID()}`, tgAccessToken: "t" };
  const store = { get: () => tokens, set: (t: Tokens) => void (tokens = t), clear: () => void (tokens = undefined) };
  const client = createUpstreamClient({ transport, appId: "app", appSecret: "secret", countryCode: "CN", language: "en", timeoutMs, tokens: store });
  return {
    outcome: redirectWhenSignedOut(client.call(packageList, { deviceId: "device", type: 1 })).catch((error: unknown) => error),
    tokens: () => tokens,
  };
}

describe("the upstream fault switch", () => {
  it("is refused in production, as the other test switches are: the Worker does not start", () => {
    const production = { ...workerEnv, ENVIRONMENT: "production", PAYMENT_SANDBOX: "off", UPSTREAM_FAULTS: "cookie" } as unknown as StorefrontEnv;
    expect(() => checkSecrets(production)).toThrow("storefront misconfigured: UPSTREAM_FAULTS: the upstream fault switch is refused in production");
    expect(() => checkSecrets({ ...production, ENVIRONMENT: "preview" })).not.toThrow();
  });

  it("is inert unless UPSTREAM_FAULTS is \"cookie\": the real transport, whatever the cookie says", () => {
    for (const value of [undefined, "", "1", "true", "Cookie"]) {
      expect(withFaults(env(value), withCookie(`${FAULT_COOKIE}=500`), real)).toBe(real);
    }
  });

  it("leaves browsers without a known fault cookie on the real transport", () => {
    for (const cookie of ["", "session=abc", `${FAULT_COOKIE}=`, `${FAULT_COOKIE}=fire`, `x${FAULT_COOKIE}=500`]) {
      expect(withFaults(env("cookie"), withCookie(cookie), real)).toBe(real);
    }
  });

  it("no-batch: the upstream is taken not to take batches, only where the switch is on (docs/decisions/061)", () => {
    expect(batchesWith(env("cookie"), withCookie(`${FAULT_COOKIE}=no-batch`), true)).toBe(false);
    expect(batchesWith(env("cookie"), withCookie(`${FAULT_COOKIE}=500`), true)).toBe(true);
    expect(batchesWith(env(undefined), withCookie(`${FAULT_COOKIE}=no-batch`), true)).toBe(true);
    expect(batchesWith(env("cookie"), withCookie(""), false)).toBe(false);
  });

  it("slow: hangs until the client's timeout aborts the call", async () => {
    const error = await call(withFaults(env("cookie"), withCookie(`a=1; ${FAULT_COOKIE}=slow`), real), 30).outcome;
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error).toMatchObject({ reason: "timeout" });
  });

  it("500 and garbage: answers that are not the envelope", async () => {
    for (const fault of ["500", "garbage"]) {
      const error = await call(withFaults(env("cookie"), withCookie(`${FAULT_COOKIE}=${fault}`), real)).outcome;
      expect(error).toMatchObject({ reason: "garbage" });
      if (fault === "500") expect((error as Error).message).toMatch(/HTTP 500/);
    }
  });

  it("token: an expired access token whose refresh is refused ends at no-login/1 and forgets the tokens", async () => {
    const { outcome, tokens } = call(withFaults(env("cookie"), withCookie(`${FAULT_COOKIE}=token`), real));
    const response = (await outcome) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(NO_TOKEN_PATH);
    expect(tokens()).toBeUndefined();
  });
});
