import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES, DEMO_DEVICES, DEMO_ICCIDS } from "#demo/seed.ts";
import { batch, confirmOrderV2, operatorSession, orderStatus, packageList, refreshToken } from "#contract/endpoints.ts";
import { BOOKMARK_HEADER, PROBE_HEADERS } from "#contract/headers.ts";
import { requestSignature } from "#contract/signature.ts";
import { ServiceType } from "#domain/services.ts";
import { signedHeaders, signIn } from "#test/signed-request.ts";
import { countedD1 } from "./helpers/counted-d1.ts";
import { envWith, fetchWith } from "./helpers/live-worker.ts";
import { fulfilledOrderOf } from "./helpers/orders.ts";

/**
 * docs/decisions/061: a batch carries several contract calls in one signed request, and each answers exactly
 * what it would alone, through the real router on real D1. The first reads are probed (depth and writes).
 */
const workerEnv = () => envWith({ BENCH_D1_LATENCY_MS: "0", LOOKUP_LIMITS: "off" });
type Answer = { status: number; msg: string; data: unknown; reason?: string };
type Call = { path: string; input: Record<string, unknown> };

/** The coupon list is the one GET: alone, its input is the query string. */
const COUPONS = "/v1/cloud/coupon/user/list";

async function alone(accessToken: string, { path, input }: Call): Promise<Answer> {
  const headers = await signedHeaders(accessToken);
  const response =
    path === COUPONS
      ? await fetchWith(workerEnv(), `${path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`, { headers })
      : await fetchWith(workerEnv(), path, { method: "POST", headers, body: JSON.stringify(input) });
  return (await response.json()) as Answer;
}

async function batchResponse(accessToken: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchWith(workerEnv(), batch.path, { method: "POST", headers: await signedHeaders(accessToken, headers), body: JSON.stringify(body) });
}

async function batched(accessToken: string, calls: readonly Call[], headers: Record<string, string> = {}) {
  const response = await batchResponse(accessToken, { calls }, headers);
  const body = (await response.json()) as Answer & { data: { answers: Answer[] } | null };
  return { response, body, answers: body.data?.answers ?? [] };
}

/** A batch on a database that writes down every statement prepared for it: its answers' statuses and those statements' SQL. */
async function countedBatch(accessToken: string, calls: readonly Call[]) {
  const { db, statements } = countedD1(env.DB);
  const response = await fetchWith({ ...workerEnv(), DB: db }, batch.path, { method: "POST", headers: await signedHeaders(accessToken), body: JSON.stringify({ calls }) });
  const body = (await response.json()) as { data: { answers: Answer[] } };
  return { statuses: body.data.answers.map((answer) => answer.status), statements };
}

/** The demo buyer's input for each endpoint a batch carries, and for those that name an order, one that names none. */
const EXAMPLES: Record<string, (orderId: string) => Record<string, unknown>> = {
  "/v1/cloud/package/list": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  [COUPONS]: () => ({ type: String(ServiceType.vip), countryCode: "CN" }),
  "/v1/cloud/entitlement/timeline": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  "/v1/cloud/package/preview": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.vip }),
  "/v1/cloud/package/current": () => ({ deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData }),
  "/v1/cloud/simcard/details": () => ({ iccId: DEMO_ICCIDS.sim }),
  "/v1/cloud/simcard/iccid/info": () => ({ deviceId: DEMO_DEVICES.sim }),
  "/v1/cloud/vip/device/info": () => ({ deviceId: DEMO_DEVICES.camera }),
  "/v1/cloud/ai/device/info": () => ({ deviceId: DEMO_DEVICES.camera }),
  "/v1/cloud/order/query/srv/order/list": () => ({ deviceId: DEMO_DEVICES.camera, type: ServiceType.cloudStorage, pageNum: 1, pageSize: 5 }),
  "/v1/cloud/order/detail": (orderId) => ({ orderId }),
  "/v1/cloud/order/status": (orderId) => ({ orderId }),
  "/v1/cloud/order/pay/info": (orderId) => ({ orderId }),
  "/v1/cloud/package/received/info": () => ({ deviceId: DEMO_DEVICES.camera }),
  "/v1/cloud/vip-card/received/package": () => ({ deviceId: DEMO_DEVICES.camera, encryptCodeId: DEMO_CARD_CODES.vipReceived }),
  "/v1/cloud/storage-card/received/package": () => ({ deviceId: DEMO_DEVICES.cameraNoPackage }),
  "/v1/member/user/info": () => ({}),
};

/** Every endpoint a batch carries, with the demo buyer's input; the list itself is the contract's. */
function carriedCalls(orderId: string): Call[] {
  return batch.carries.map(({ path }) => {
    const example = EXAMPLES[path];
    if (!example) throw new Error(`${path} may be carried in a batch: give it an example input in this test`);
    return { path, input: example(orderId) };
  });
}

/** Runs `calls` alone, then in batches of the largest size the contract allows, and answers both lists. */
async function aloneAndBatched(accessToken: string, calls: readonly Call[]) {
  const answersAlone: Answer[] = [];
  for (const call of calls) answersAlone.push(await alone(accessToken, call));
  const answersBatched: Answer[] = [];
  for (let start = 0; start < calls.length; start += 10) {
    const { body, answers } = await batched(accessToken, calls.slice(start, start + 10));
    expect(body.status, body.msg).toBe(200);
    answersBatched.push(...answers);
  }
  return { answersAlone, answersBatched };
}

describe("a batch (docs/decisions/061)", () => {
  // One clock for a call alone and batched: "starts now" in a preview is the same second in both.
  afterEach(() => vi.useRealTimers());

  it("answers every call it carries exactly as the call answers alone: data, bad input, another user's device or order, an order that does not exist", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const buyer = await signIn();
    const other = await signIn(DEMO_ACCOUNTS.other);
    const calls = carriedCalls(await fulfilledOrderOf(buyer.userId));
    const withBadInput = calls.map((call) => ({ ...call, input: { ...call.input, surplus: 1 } }));
    const noSuchOrder = calls.filter((call) => "orderId" in call.input).map((call) => ({ ...call, input: { ...call.input, orderId: "NO-SUCH-ORDER" } }));

    const buyers = await aloneAndBatched(buyer.accessToken, [...calls, ...withBadInput, ...noSuchOrder]);
    expect(buyers.answersBatched).toEqual(buyers.answersAlone);
    // What they answered, so that equal cannot mean equally broken.
    const statuses = buyers.answersAlone.map((answer) => answer.status);
    expect(statuses.slice(0, calls.length)).toEqual(calls.map(() => 200));
    expect(statuses.slice(calls.length, 2 * calls.length)).toEqual(calls.map(() => 400));
    expect(buyers.answersAlone.slice(calls.length, 2 * calls.length).map((answer) => answer.msg)).toEqual(calls.map(() => expect.stringContaining("surplus")));
    expect(statuses.slice(2 * calls.length)).toEqual(noSuchOrder.map(() => 404));

    // Another user's token with the buyer's inputs: refused by each call's own owner check (or their own data).
    const others = await aloneAndBatched(other.accessToken, calls);
    expect(others.answersBatched).toEqual(others.answersAlone);
    expect(new Set(others.answersAlone.map((answer) => answer.status))).toEqual(new Set([200, 403, 404]));
    expect(others.answersAlone.filter((answer) => answer.status === 403).every((answer) => answer.reason === "device_not_yours")).toBe(true);
  });

  it("carries only user calls, listed in the contract: no operator, app-level or token call, no write that must stand alone", () => {
    expect(batch.carries.every((carried) => carried.access === "user")).toBe(true);
    for (const alone of [confirmOrderV2, refreshToken, operatorSession, batch]) expect(batch.carries.map((carried) => carried.path)).not.toContain(alone.path);
  });

  it("is one D1 round trip deep with one write, its replay record, for a purchase screen's six calls", async () => {
    const { accessToken } = await signIn();
    const scope = { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData };
    const { response, answers } = await batched(accessToken, [
      { path: packageList.path, input: scope },
      { path: COUPONS, input: { type: String(ServiceType.mobileData) } },
      { path: "/v1/cloud/entitlement/timeline", input: scope },
      { path: "/v1/cloud/package/preview", input: scope },
      { path: "/v1/cloud/simcard/details", input: { iccId: DEMO_ICCIDS.sim } },
      { path: "/v1/cloud/package/current", input: scope },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect({ depth: response.headers.get(PROBE_HEADERS.depth), writes: response.headers.get(PROBE_HEADERS.writes) }).toEqual({ depth: "1", writes: "1" });
    // Only reads: a replica may answer, and no bookmark comes back.
    expect(response.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("reads a device its calls name once for all of them, and still checks it for each (docs/decisions/069)", async () => {
    const { accessToken } = await signIn();
    const other = await signIn(DEMO_ACCOUNTS.other);
    const scope = { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData };
    const calls = [
      { path: packageList.path, input: scope },
      { path: "/v1/cloud/entitlement/timeline", input: scope },
      { path: "/v1/cloud/package/preview", input: scope },
      { path: "/v1/cloud/package/current", input: scope },
    ];
    const deviceReads = async (token: string) => {
      const { statuses, statements } = await countedBatch(token, calls);
      return { statuses, reads: statements.filter((sql) => /FROM devices WHERE id = \?/.test(sql)).length };
    };
    expect(await deviceReads(accessToken)).toEqual({ statuses: [200, 200, 200, 200], reads: 1 });
    // Another user's token: every call is refused on its own, from the one row.
    expect(await deviceReads(other.accessToken)).toEqual({ statuses: [403, 403, 403, 403], reads: 1 });
  });

  it("shares a read only between calls that name the same row: a device id spelt like a SIM's row is another row (found by an outside tester)", async () => {
    const { accessToken } = await signIn();
    // A device id is any text: this one spells what the shared reads once called the device of the demo SIM.
    const lookalike = { deviceId: `of SIM ${DEMO_ICCIDS.sim}` };
    const simCall = { path: "/v1/cloud/simcard/details", input: { iccId: DEMO_ICCIDS.sim } };
    const lookalikeCalls = [
      { path: "/v1/cloud/simcard/iccid/info", input: lookalike },
      { path: "/v1/cloud/vip/device/info", input: lookalike },
    ];
    for (const calls of [[simCall, ...lookalikeCalls], [...lookalikeCalls, simCall]]) {
      const answersAlone: Answer[] = [];
      for (const call of calls) answersAlone.push(await alone(accessToken, call));
      expect(answersAlone.map((answer) => answer.status)).toEqual(calls.map((call) => (call === simCall ? 200 : 403)));
      const { answers } = await batched(accessToken, calls);
      expect(answers).toEqual(answersAlone);
    }
  });

  it("prepares one statement per row a purchase screen's batch needs: the catalogue and a device's periods once for all its calls (docs/decisions/069)", async () => {
    const { accessToken } = await signIn();
    const purchaseScreen = (deviceId: string, type: number, ...own: Call[]): Call[] => [
      { path: packageList.path, input: { deviceId, type } },
      { path: COUPONS, input: { type: String(type) } },
      { path: "/v1/cloud/entitlement/timeline", input: { deviceId, type } },
      { path: "/v1/cloud/package/preview", input: { deviceId, type } },
      ...own,
    ];
    const counted = async (calls: readonly Call[]) => {
      const { statuses, statements } = await countedBatch(accessToken, calls);
      return {
        statuses,
        statements: statements.length,
        catalogueReads: statements.filter((sql) => /FROM catalogue_version/.test(sql)).length,
        periodReads: statements.filter((sql) => /FROM entitlements WHERE device_id/.test(sql)).length,
      };
    };
    const { camera, sim } = DEMO_DEVICES;
    // The replay record, the token, the device, the SIM's device, the SIM, the coupons, the periods, the catalogue.
    expect(
      await counted(purchaseScreen(sim, ServiceType.mobileData, { path: "/v1/cloud/simcard/details", input: { iccId: DEMO_ICCIDS.sim } }, { path: "/v1/cloud/package/current", input: { deviceId: sim, type: ServiceType.mobileData } })),
    ).toEqual({ statuses: [200, 200, 200, 200, 200, 200], statements: 8, catalogueReads: 1, periodReads: 1 });
    // The replay record, the token, the device, the coupons, the periods, what VIP saved, the catalogue.
    expect(await counted(purchaseScreen(camera, ServiceType.vip, { path: "/v1/cloud/vip/device/info", input: { deviceId: camera } }))).toEqual({
      statuses: [200, 200, 200, 200, 200],
      statements: 7,
      catalogueReads: 1,
      periodReads: 1,
    });
    // AI's state says nothing of what it saved: no statement asks.
    expect(await counted(purchaseScreen(camera, ServiceType.ai, { path: "/v1/cloud/ai/device/info", input: { deviceId: camera } }))).toEqual({
      statuses: [200, 200, 200, 200, 200],
      statements: 6,
      catalogueReads: 1,
      periodReads: 1,
    });
    expect(await counted(purchaseScreen(camera, ServiceType.cloudStorage, { path: "/v1/cloud/package/current", input: { deviceId: camera, type: ServiceType.cloudStorage } }))).toEqual({
      statuses: [200, 200, 200, 200, 200],
      statements: 6,
      catalogueReads: 1,
      periodReads: 1,
    });
  });

  it("shows a package published between two batches in the next one's list and preview (docs/decisions/062)", async () => {
    const { accessToken } = await signIn();
    const scope = { deviceId: DEMO_DEVICES.camera, type: ServiceType.vip };
    const calls = [
      { path: packageList.path, input: scope },
      { path: "/v1/cloud/package/preview", input: scope },
    ];
    const shown = async () => {
      const [list, preview] = (await batched(accessToken, calls)).answers as [Answer & { data: { packageList: { id: number }[] } }, Answer & { data: { previews: { packageId: number }[] } }];
      return { listed: list.data.packageList.map((p) => p.id), previewed: preview.data.previews.map((p) => p.packageId) };
    };
    const before = await shown();
    expect(before.listed.length).toBeGreaterThan(0);
    await env.DB.prepare(
      "INSERT INTO packages (id, service_type, service_id, product_id, service_name, origin_price_cents, sale_price_cents, currency_code, period_days, display_sort) SELECT 9902, service_type, service_id, 'published-between-batches', service_name, 500, 400, currency_code, 30, 0 FROM packages WHERE id = ?",
    )
      .bind(before.listed[0])
      .run();
    const after = await shown();
    expect(after.listed).toContain(9902);
    expect(after.previewed).toContain(9902);
    await env.DB.prepare("UPDATE packages SET retired_at = unixepoch(), version = version + 1 WHERE id = 9902").run();
    expect(await shown()).toEqual(before);
  });

  it("runs on the primary and answers its bookmark when a call it carries may write", async () => {
    const { accessToken, userId } = await signIn();
    const { response, answers } = await batched(accessToken, [
      { path: orderStatus.path, input: { orderId: await fulfilledOrderOf(userId) } },
      { path: packageList.path, input: { deviceId: DEMO_DEVICES.camera, type: ServiceType.vip } },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(response.headers.get(BOOKMARK_HEADER)).toMatch(/^[0-9a-f-]+$/i);
  });

  it("refuses whole what may not be carried, and more than 10 calls or none, before running any", async () => {
    const { accessToken } = await signIn();
    const ordersCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())?.n;
    const ordersBefore = await ordersCount();
    const read = { path: packageList.path, input: { deviceId: DEMO_DEVICES.camera, type: ServiceType.vip } };
    const confirm = { path: confirmOrderV2.path, input: { deviceId: DEMO_DEVICES.camera, priceId: 1, payAmount: 1, payMethod: 1, buyServiceType: ServiceType.vip } };
    for (const [calls, field] of [
      [[read, confirm], "calls.1.path"],
      [[{ path: refreshToken.path, input: { js_refreshToken: "x" } }], "calls.0.path"],
      [[{ path: batch.path, input: { calls: [read] } }], "calls.0.path"],
      [[{ path: operatorSession.path, input: {} }], "calls.0.path"],
      [Array.from({ length: 11 }, () => read), "calls"],
      [[], "calls"],
      [[{ ...read, extra: true }], "calls.0"],
    ] as const) {
      const { response, body } = await batched(accessToken, calls as readonly Call[]);
      expect(response.status).toBe(400);
      expect(body).toMatchObject({ status: 400, data: null, msg: expect.stringContaining(`invalid params: ${field}`) });
    }
    expect(await ordersCount()).toBe(ordersBefore);
  });

  it("checks the signature and the token once, for the batch, before anything it carries", async () => {
    const { answers, body } = await batched("not-a-token", [{ path: packageList.path, input: { deviceId: DEMO_DEVICES.camera, type: 99 } }]);
    expect(body).toMatchObject({ status: 1010, data: null });
    expect(answers).toEqual([]);
    const { body: unsigned } = await batched("not-a-token", [], { signature: "0".repeat(32) });
    expect(unsigned).toMatchObject({ status: 401, msg: "signature mismatch" });
  });

  it("is one replay-checked request: neither the batch nor a call it carried can be sent again with its headers", async () => {
    const { accessToken } = await signIn();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const noticeStr = "27182818";
    const headers = { timestamp, noticeStr, signature: await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp) };
    const call = { path: packageList.path, input: { deviceId: DEMO_DEVICES.camera, type: ServiceType.vip } };
    expect((await batched(accessToken, [call, call], headers)).body.status).toBe(200);
    expect((await batched(accessToken, [call, call], headers)).body).toMatchObject({ status: 401, msg: "replayed request", data: null });
    const replayedAlone = await fetchWith(workerEnv(), call.path, { method: "POST", headers: await signedHeaders(accessToken, headers), body: JSON.stringify(call.input) });
    expect(await replayedAlone.json()).toMatchObject({ status: 401, msg: "replayed request", data: null });
  });
});
