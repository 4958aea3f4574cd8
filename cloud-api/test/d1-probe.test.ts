import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkSecrets, type CloudApiEnv } from "#api/env.ts";
import { withD1Probe } from "#platform/d1-probe.ts";
import { PROBE_HEADERS } from "#contract/headers.ts";

type Env = { DB: D1Database; BENCH_D1_LATENCY_MS?: string };
const probed = (latency: string | undefined, handle: (env: Env) => Promise<Response>) =>
  withD1Probe<Env>({ DB: env.DB, BENCH_D1_LATENCY_MS: latency }, { d1: ["DB"] }, handle);
const counted = (response: Response) => ({ depth: response.headers.get(PROBE_HEADERS.depth), writes: response.headers.get(PROBE_HEADERS.writes) });
const callsOf = (response: Response) => response.headers.get(PROBE_HEADERS.calls);

describe("the bench's D1 probe", () => {
  it("counts sequential round trips as depth, parallel ones and a batch as one, and the statements that wrote", async () => {
    const response = await probed("0", async ({ DB }) => {
      await DB.prepare("SELECT 1").first(); // depth 1
      await Promise.all([DB.prepare("SELECT 2").all(), DB.withSession("first-unconstrained").prepare("SELECT 3").raw()]); // depth 2
      await DB.batch([DB.prepare("INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES ('probe', 'k', '00000001', 1, 1)"), DB.prepare("DELETE FROM request_nonces WHERE appid = 'probe'")]); // depth 3, 2 writes
      return new Response("ok");
    });
    expect(counted(response)).toEqual({ depth: "3", writes: "2" });
    expect(callsOf(response)).toBe("0");
    expect(await response.text()).toBe("ok");
  });

  it("counts each service call once, as deep and writing as much as its callee says, after the caller's own round trips", async () => {
    type WithService = Env & { API: Fetcher };
    const callee = { fetch: async () => new Response("{}", { headers: { [PROBE_HEADERS.depth]: "2", [PROBE_HEADERS.writes]: "1", [PROBE_HEADERS.calls]: "0" } }) } as unknown as Fetcher;
    const response = await withD1Probe<WithService>({ DB: env.DB, API: callee, BENCH_D1_LATENCY_MS: "0" }, { d1: ["DB"], services: ["API"] }, async ({ DB, API }) => {
      await DB.prepare("SELECT 1").first(); // depth 1
      await Promise.all([API.fetch("https://api/one"), API.fetch("https://api/two"), API.fetch("https://api/three")]); // depth 3
      return new Response("ok");
    });
    expect(counted(response)).toEqual({ depth: "3", writes: "3" });
    expect(callsOf(response)).toBe("3");
  });

  it("makes every round trip wait the injected latency", async () => {
    const started = Date.now();
    await probed("40", async ({ DB }) => {
      await DB.prepare("SELECT 1").first();
      await DB.prepare("SELECT 2").first();
      return new Response("ok");
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });

  it("is off unless named: the env is passed through and the response carries no probe headers", async () => {
    const response = await probed(undefined, async (passed) => {
      expect(passed.DB).toBe(env.DB);
      return new Response("ok");
    });
    expect(counted(response)).toEqual({ depth: null, writes: null });
    expect(callsOf(response)).toBeNull();
  });

  it("is refused in production (the storefront's check: app/.server/storage/bench-probe.worker.test.ts)", () => {
    const production = { ...env, ENVIRONMENT: "production", PAYMENT_SANDBOX: "off", BENCH_D1_LATENCY_MS: "25" } as unknown as CloudApiEnv;
    expect(() => checkSecrets(production)).toThrow(/BENCH_D1_LATENCY_MS: the bench's D1 probe is refused in production/);
    expect(() => checkSecrets({ ...production, ENVIRONMENT: "local" })).not.toThrow();
  });
});
