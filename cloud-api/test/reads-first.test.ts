import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "#demo/seed.ts";
import { PROBE_HEADERS } from "#contract/headers.ts";
import { requestSignature } from "#contract/signature.ts";
import { ServiceType } from "#domain/services.ts";
import { operations } from "#api/operations/index.ts";
import { signIn } from "#test/signed-request.ts";
import { envWith, fetchWith } from "./helpers/live-worker.ts";
import { fulfilledOrderOf } from "./helpers/orders.ts";
import { signedHeaders } from "#test/signed-request.ts";

/**
 * docs/decisions/040: a purchase screen's calls read before their caller is known, beside the replay
 * check and the token lookup, so that each is one D1 round trip deep; every refusal still wins, and a
 * refused caller reads nothing of what was found. The calls are the operations that declare reads first
 * (docs/decisions/048).
 */
const probedEnv = () => envWith({ BENCH_D1_LATENCY_MS: "0", LOOKUP_LIMITS: "off" });
const depthOf = (response: Response) => ({ depth: response.headers.get(PROBE_HEADERS.depth), writes: response.headers.get(PROBE_HEADERS.writes) });

/** The coupon list is the one GET: its input is the query string. */
const COUPONS = "/v1/cloud/coupon/user/list";

async function probedCall(accessToken: string, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const signed = await signedHeaders(accessToken, { countryCode: "CN", ...headers });
  const response =
    path === COUPONS
      ? await fetchWith(probedEnv(), `${path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`, { headers: signed })
      : await fetchWith(probedEnv(), path, { method: "POST", headers: signed, body: JSON.stringify(body) });
  return { ...depthOf(response), body: (await response.json()) as { status: number; msg: string; data: unknown; reason?: string } };
}

/** An input of the demo buyer's for each operation that reads first; the list of calls itself comes from the operations. */
const EXAMPLES: Record<string, (orderId: string) => Record<string, unknown>> = {
  "/v1/cloud/package/list": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  [COUPONS]: () => ({ type: ServiceType.vip, countryCode: "CN" }),
  "/v1/cloud/entitlement/timeline": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  "/v1/cloud/package/preview": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  "/v1/cloud/vip/device/info": () => ({ deviceId: DEMO_DEVICES.camera }),
  "/v1/cloud/ai/device/info": () => ({ deviceId: DEMO_DEVICES.camera }),
  "/v1/cloud/package/current": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.cloudStorage }),
  "/v1/cloud/simcard/details": () => ({ iccId: "89860012345678901234" }),
  // The order lists' one call, an order's detail and a settled order's status.
  "/v1/cloud/order/query/srv/order/list": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip, pageNum: 1, pageSize: 10 }),
  "/v1/cloud/order/detail": (orderId) => ({ orderId }),
  "/v1/cloud/order/status": (orderId) => ({ orderId }),
};

/** Every operation that declares reads first (its policy, docs/decisions/048), with the demo buyer's input. */
async function readFirstCalls(userId: number) {
  const orderId = await fulfilledOrderOf(userId);
  return operations
    .filter((op) => op.readsFirst)
    .map((op) => {
      const example = EXAMPLES[op.path];
      if (!example) throw new Error(`${op.path} reads first: give it an example input in this test`);
      return [op.path, example(orderId), op.owner] as const;
    });
}

describe("a purchase screen's and an order list's calls read first (docs/decisions/040)", () => {
  it("are each one D1 round trip deep, writing only the replay record", async () => {
    const { accessToken, userId } = await signIn();
    for (const [path, body] of await readFirstCalls(userId)) {
      const answer = await probedCall(accessToken, path, body);
      expect(answer.body.status, path).toBe(200);
      expect({ depth: answer.depth, writes: answer.writes }, path).toEqual({ depth: "1", writes: "1" });
    }
  });

  it("answer another user's device with 403, and another user's order with 404, with nothing of what was read", async () => {
    const { userId } = await signIn();
    const other = await signIn(DEMO_ACCOUNTS.other);
    const refusals = { device: { status: 403, reason: "device_not_yours" }, sim: { status: 403, reason: "device_not_yours" }, order: { status: 404, reason: "order_not_found" } };
    for (const [path, body, owner] of await readFirstCalls(userId)) {
      if (owner === "none") continue;
      if (!(owner in refusals)) throw new Error(`${path}: no refusal known for the owner check ${owner}`);
      const answer = await probedCall(other.accessToken, path, body);
      expect(answer.body, path).toEqual({ msg: expect.any(String), data: null, ...refusals[owner as keyof typeof refusals] });
    }
  });

  it("let every check win over what was read: a bad token, a replay, then bad input, in that order", async () => {
    const { accessToken } = await signIn();
    const path = "/v1/cloud/package/list";
    const body = { deviceId: DEMO_DEVICES.camera, type: ServiceType.vip };
    // A bad token with bad input: the token is refused first.
    expect((await probedCall("not-a-token", path, { ...body, type: 99 })).body).toMatchObject({ status: 1010, data: null });
    expect((await probedCall("not-a-token", path, body)).body).toMatchObject({ status: 1010, data: null });
    // The same headers again: a replay, whatever the reads found.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const noticeStr = "31415926";
    const headers = { timestamp, noticeStr, signature: await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp) };
    expect((await probedCall(accessToken, path, body, headers)).body.status).toBe(200);
    expect((await probedCall(accessToken, path, body, headers)).body).toMatchObject({ status: 401, msg: "replayed request", data: null });
    // A good caller with bad input: 400 naming the field.
    expect((await probedCall(accessToken, path, { ...body, type: 99 })).body).toMatchObject({ status: 400, msg: expect.stringContaining("type"), data: null });
  });

  it("list only the caller's own coupons, read by the token's hash", async () => {
    const buyer = await signIn();
    const other = await signIn(DEMO_ACCOUNTS.other);
    const list = async (accessToken: string) => (await probedCall(accessToken, COUPONS, { countryCode: "CN" })).body as { data: { id: number }[] };
    const [mine, theirs] = [await list(buyer.accessToken), await list(other.accessToken)];
    const ids = (answer: { data: { id: number }[] }) => answer.data.map((coupon) => coupon.id);
    const owners = async (couponIds: number[]) =>
      new Set((await env.DB.prepare(`SELECT DISTINCT user_id FROM coupons WHERE id IN (${couponIds.join(",") || "0"})`).all<{ user_id: number }>()).results.map((row) => row.user_id));
    expect(ids(mine).length).toBeGreaterThan(0);
    expect([...(await owners(ids(mine)))]).toEqual([buyer.userId]);
    expect(ids(theirs).filter((id) => ids(mine).includes(id))).toEqual([]);
  });
});
