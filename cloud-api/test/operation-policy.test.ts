import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "#demo/seed.ts";
import * as endpoints from "#contract/endpoints.ts";
import { PROBE_HEADERS } from "#contract/headers.ts";
import { buildApp } from "#api/app.ts";
import { operation } from "#api/http/operation.ts";
import { operations } from "#api/operations/index.ts";
import { listDevicePeriods } from "#api/repositories/entitlements.ts";
import { OWNER_CHECKS } from "#api/services/ownership.ts";
import { signedHeaders, signIn } from "#test/signed-request.ts";
import { envWith, fetchWith } from "./helpers/live-worker.ts";

/** docs/decisions/048: each operation declares its policy, and the router enforces it. */
describe("operation policies", () => {
  it("are declared by every operation: whether it only reads, and an owner check the router knows (none for an app-level call)", () => {
    for (const op of operations) {
      expect(typeof op.readOnly, op.path).toBe("boolean");
      expect(Object.keys(OWNER_CHECKS), op.path).toContain(op.owner);
      if (op.access !== "user") expect(op.owner, op.path).toBe("none");
    }
  });

  it("name an owner check whenever a user's input names something that belongs to someone: 'none' type-checks for any input (found by an outside reader)", () => {
    const OWNED_FIELDS = ["deviceId", "orderId", "iccId", "encryptCodeId", "codeId"];
    for (const op of operations.filter((candidate) => candidate.access === "user")) {
      const fields = Object.keys((op.input as { shape?: Record<string, unknown> }).shape ?? {});
      if (fields.some((field) => OWNED_FIELDS.includes(field))) expect(op.owner, `${op.path} names ${fields.join(", ")}`).not.toBe("none");
    }
  });

  it("run the owner check before the handler, and before anything read first reaches it", async () => {
    let handled = 0;
    let readFirst = 0;
    // A handler that forgets to look at whose device it is, and answers what was read first.
    const careless = operation(endpoints.entitlementTimeline, {
      readOnly: true,
      owner: "device",
      readsFirst: async ({ db, input }) => {
        readFirst += 1;
        return listDevicePeriods(db, input.deviceId);
      },
      handle: async (_ctx, _input, rows) => {
        handled += 1;
        return { services: [], leaked: rows } as never;
      },
    });
    const app = buildApp([careless]);
    const call = async (accessToken: string) => {
      const request = new Request("https://cloud-api.test/v1/cloud/entitlement/timeline", {
        method: "POST",
        headers: await signedHeaders(accessToken),
        body: JSON.stringify({ deviceId: DEMO_DEVICES.camera }),
      });
      return (await (await app.fetch(request, env)).json()) as { status: number; data: unknown; reason?: string };
    };
    const other = await signIn(DEMO_ACCOUNTS.other);
    expect(await call(other.accessToken)).toEqual({ status: 403, msg: "device does not belong to this user", data: null, reason: "device_not_yours" });
    expect({ readFirst, handled }).toEqual({ readFirst: 1, handled: 0 });
  });

  it("read the owner check's row beside the replay record: a waiting order's pay info is two D1 round trips deep, not three", async () => {
    const { accessToken } = await signIn();
    const response = await fetchWith(envWith({ BENCH_D1_LATENCY_MS: "0" }), "/v1/cloud/order/pay/info", {
      method: "POST",
      headers: await signedHeaders(accessToken),
      // A demo order of the buyer's waiting to pay (the seed makes DEMO2000001..DEMO2000015 = 8001..8015).
      body: JSON.stringify({ orderId: "DEMO2000001" }),
    });
    expect(((await response.json()) as { status: number }).status).toBe(200);
    expect({ depth: response.headers.get(PROBE_HEADERS.depth), writes: response.headers.get(PROBE_HEADERS.writes) }).toEqual({ depth: "2", writes: "1" });
  });
});
