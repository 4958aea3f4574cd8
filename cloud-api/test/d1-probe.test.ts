import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkSecrets, type CloudApiEnv } from "#api/env.ts";
import { withD1Probe } from "#platform/d1-probe.ts";
import { PROBE_HEADERS } from "#contract/headers.ts";

type Env = { DB: D1Database; BENCH_D1_LATENCY_MS?: string };
const probed = (latency: string | undefined, handle: (env: Env) => Promise<Response>) =>
  withD1Probe<Env>({ DB: env.DB, BENCH_D1_LATENCY_MS: latency }, { d1: ["DB"] }, handle);
const counted = (response: Response) => ({ depth: response.headers.get(PROBE_HEADERS.depth), writes: response.headers.get(PROBE_HEADERS.writes) });

describe("the bench's D1 probe", () => {
  it("counts sequential round trips as depth, parallel ones and a batch as one, and the statements that wrote", async () => {
    const response = await probed("0", async ({ DB }) => {
      await DB.prepare("SELECT 1").first(); // depth 1
      await Promise.all([DB.prepare("SELECT 2").all(), DB.withSession("first-unconstrained").prepare("SELECT 3").raw()]); // depth 2
      await DB.batch([DB.prepare("INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES ('probe', 'k', '00000001', 1, 1)"), DB.prepare("DELETE FROM request_nonces WHERE appid = 'probe'")]); // depth 3, 2 writes
      return new Response("ok");
    });
    expect(counted(response)).toEqual({ depth: "3", writes: "2" });
    expect(await response.text()).toBe("ok");
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
  });

  it("is refused in production (the storefront's check: app/.server/storage/bench-probe.worker.test.ts)", () => {
    const production = { ...env, ENVIRONMENT: "production", PAYMENT_SANDBOX: "off", BENCH_D1_LATENCY_MS: "25" } as unknown as CloudApiEnv;
    expect(() => checkSecrets(production)).toThrow(/BENCH_D1_LATENCY_MS: the bench's D1 probe is refused in production/);
    expect(() => checkSecrets({ ...production, ENVIRONMENT: "local" })).not.toThrow();
  });
});
