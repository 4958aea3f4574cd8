import { createExecutionContext, env, SELF } from "cloudflare:test";
import worker from "#api/index.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorFetch, operatorHeaders, signedHeaders, signIn } from "#test/signed-request.ts";
import { call, type Buyer } from "./helpers/orders.ts";

const DAY = 86400;
const now = () => Math.floor(Date.now() / 1000);
const CSV_PATH = "/v1/operator/card-batches/codes";

let cn: Buyer;
beforeAll(async () => {
  cn = { accessToken: (await signIn()).accessToken, country: "CN" };
});

/** The demo's card packages, as the new-batch form lists them. */
const CARD_PACKAGE_NAMES = { vip: "VIP card, 30 days", storage: "Cloud card: event recording, 30 days" };

async function cardPackage(kind: "vip" | "storage"): Promise<number> {
  const { body } = await operatorFetch("/v1/operator/card-batches/list", {}, { role: "viewer" });
  const pkg = (body?.data.packages as { id: number; kind: string; name: string; currency: string }[]).find(
    (p) => p.kind === kind && p.name === CARD_PACKAGE_NAMES[kind] && p.currency === "CNY",
  );
  if (!pkg) throw new Error(`no ${kind} package`);
  return pkg.id;
}

const batchTerms = async (overrides: Record<string, unknown> = {}) => ({
  requestId: crypto.randomUUID(),
  kind: "vip",
  packageId: await cardPackage("vip"),
  size: 3,
  expireTime: now() + 90 * DAY,
  ...overrides,
});

async function newBatch(overrides: Record<string, unknown> = {}): Promise<number> {
  const { body } = await operatorFetch("/v1/operator/card-batches/create", await batchTerms(overrides));
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return body.data.id as number;
}

/** The CSV download as the console reads it: the response and its body's chunks as they arrive. */
async function download(batchId: number) {
  const rawBody = JSON.stringify({ batchId });
  const headers = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: CSV_PATH, body: rawBody })) };
  const response = await SELF.fetch(`https://cloud-api.test${CSV_PATH}`, { method: "POST", headers, body: rawBody });
  const chunks: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  const lines = chunks.join("").split("\r\n").filter(Boolean);
  return { response, chunks, header: lines[0], rows: lines.slice(1).map((line) => line.split(",")) };
}

const detail = async (batchId: number) => (await operatorFetch("/v1/operator/card-batches/detail", { batchId }, { role: "viewer" })).body?.data;
const revoke = (batchId: number, cardKey: string) => operatorFetch("/v1/operator/card-batches/revoke", { batchId, cardKey });
const receive = (deviceId: string, deviceType: number, encryptCodeId: string) => call(cn, "/v1/cloud/vip-card/receive", { deviceId, deviceType, encryptCodeId, countryCode: "CN" });

async function auditCount(objectType: string, objectId: string | number) {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM operator_actions WHERE object_type = ? AND object_id = ?").bind(objectType, String(objectId)).first<{ n: number }>())?.n;
}

describe("card batches", () => {
  it("generates unguessable codes whose rows hold no usable code, downloads them, and a buyer receives one", async () => {
    const batchId = await newBatch();
    const csv = await download(batchId);
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.header).toBe("code,kind,package_id,expires_at,state,device_id,received_at");
    expect(csv.rows).toHaveLength(3);
    const codes = csv.rows.map((row) => row[0]!);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(3);
    expect(csv.rows[0]!.slice(1, 5)).toEqual(["vip", String(await cardPackage("vip")), expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "unused"]);

    // The table alone: no column of any card holds its code, with or without the dashes.
    const { results } = await env.DB.prepare("SELECT * FROM service_cards WHERE batch_id = ?").bind(batchId).all();
    const stored = JSON.stringify(results);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll("-", ""));
    }
    // Nor is a card's key a code: scanned, it names no card.
    const cardKey = (results[0] as { code_id: string }).code_id;
    expect((await receive("SIM-DEMO-005", 2, cardKey)).body).toMatchObject({ status: 404, reason: "card_not_found" });

    expect((await receive("SIM-DEMO-005", 2, codes[0]!)).body).toEqual({ status: 200, msg: "success", data: null });
    expect((await receive("SIM-DEMO-005", 2, codes[0]!)).body).toMatchObject({ status: 409, reason: "card_already_received" });
    const received = await call(cn, "/v1/cloud/vip-card/received/package", { deviceId: "SIM-DEMO-005", encryptCodeId: codes[0], countryCode: "CN" });
    expect(received.body?.data).toMatchObject({ isRefunded: false, packageInfoList: [expect.objectContaining({ serviceName: "VIP card, 30 days" })] });

    const seen = await detail(batchId);
    expect(seen.batch).toMatchObject({ id: batchId, kind: "vip", size: 3, unused: 2, received: 1, refunded: 0, revoked: 0, packageName: "VIP card, 30 days" });
    const card = (seen.cards as { codeEnd: string; state: string; deviceId: string | null }[]).find((c) => c.state === "received");
    expect(card).toMatchObject({ codeEnd: codes[0]!.slice(-4), deviceId: "SIM-DEMO-005", receivedAt: expect.any(Number) });
    expect((await download(batchId)).rows.find((row) => row[0] === codes[0])?.slice(4, 6)).toEqual(["received", "SIM-DEMO-005"]);
  });

  it("revokes an unused card once, refuses a received one, and a revoked code is no card", async () => {
    const batchId = await newBatch({ size: 2 });
    const codes = (await download(batchId)).rows.map((row) => row[0]!);
    await receive("SIM-DEMO-005", 2, codes[0]!);
    const cards = (await detail(batchId)).cards as { cardKey: string; codeEnd: string; state: string }[];
    const receivedCard = cards.find((c) => c.state === "received")!;
    const unusedCard = cards.find((c) => c.state === "unused")!;

    expect((await revoke(batchId, receivedCard.cardKey)).body).toMatchObject({
      status: 409,
      msg: "this card was received on device SIM-DEMO-005: only a card nobody received can be revoked",
    });
    expect((await revoke(batchId, unusedCard.cardKey)).body).toMatchObject({ status: 200, data: { cardKey: unusedCard.cardKey, state: "revoked", revokedAt: expect.any(Number) } });
    expect((await revoke(batchId, unusedCard.cardKey)).body).toMatchObject({ status: 200, data: { state: "revoked" } });
    expect(await auditCount("card", unusedCard.cardKey)).toBe(1);
    expect(await auditCount("card", receivedCard.cardKey)).toBe(0);

    const revokedCode = codes.find((code) => code.endsWith(unusedCard.codeEnd))!;
    expect((await receive("CAM-DEMO-002", 1, revokedCode)).body).toMatchObject({ status: 404, reason: "card_not_found" });
    expect((await detail(batchId)).batch).toMatchObject({ unused: 0, received: 1, revoked: 1 });
  });

  it("two revokes of one card at once revoke it once, with one audit row", async () => {
    const batchId = await newBatch({ size: 1 });
    const [card] = (await detail(batchId)).cards as { cardKey: string }[];
    const answers = await Promise.all([revoke(batchId, card!.cardKey), revoke(batchId, card!.cardKey), revoke(batchId, card!.cardKey)]);
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 200, data: { state: "revoked" } });
    expect(await auditCount("card", card!.cardKey)).toBe(1);
  });

  it("a code past its batch's expiry is refused with its own reason", async () => {
    const batchId = await newBatch({ size: 1 });
    const [code] = (await download(batchId)).rows.map((row) => row[0]!);
    await env.DB.prepare("UPDATE card_batches SET expire_time = ? WHERE id = ?").bind(now() - 1, batchId).run();
    expect((await receive("CAM-DEMO-002", 1, code!)).body).toMatchObject({ status: 409, reason: "card_expired" });
  });

  it("a buyer may type a code in small letters and without its dashes", async () => {
    const batchId = await newBatch({ size: 1 });
    const [code] = (await download(batchId)).rows.map((row) => row[0]!);
    expect((await receive("CAM-DEMO-002", 1, code!.replaceAll("-", "").toLowerCase())).body).toMatchObject({ status: 200 });
  });

  it("makes a batch once however often the form is posted", async () => {
    const terms = await batchTerms({ size: 4 });
    const first = await operatorFetch("/v1/operator/card-batches/create", terms);
    const again = await operatorFetch("/v1/operator/card-batches/create", terms);
    expect(again.body?.data).toEqual(first.body?.data);
    const id = first.body?.data.id as number;
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM service_cards WHERE batch_id = ?").bind(id).first<{ n: number }>())?.n).toBe(4);
    expect(await auditCount("card_batch", id)).toBe(1);
  });

  it("streams a batch of 10,000 codes page by page", async () => {
    const batchId = await newBatch({ size: 10_000, kind: "storage", packageId: await cardPackage("storage") });
    const csv = await download(batchId);
    expect(csv.rows).toHaveLength(10_000);
    expect(new Set(csv.rows.map((row) => row[0])).size).toBe(10_000);
    // One chunk per page read, never the whole file as one string.
    expect(csv.chunks.length).toBeGreaterThanOrEqual(20);
    expect((await detail(batchId)).batch).toMatchObject({ kind: "storage", size: 10_000, unused: 10_000 });
  }, 120_000);

  it("a viewer sees batches but may not make, download or revoke them", async () => {
    const batchId = await newBatch({ size: 1 });
    const [card] = (await detail(batchId)).cards as { cardKey: string }[];
    expect((await operatorFetch("/v1/operator/card-batches/create", await batchTerms(), { role: "viewer" })).http).toBe(403);
    expect((await operatorFetch(CSV_PATH, { batchId }, { role: "viewer" })).http).toBe(403);
    expect((await operatorFetch("/v1/operator/card-batches/revoke", { batchId, cardKey: card!.cardKey }, { role: "support" })).http).toBe(403);
    expect((await detail(batchId)).batch).toMatchObject({ unused: 1, revoked: 0 });
  });

  it("refuses bad terms naming the field, and makes nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM card_batches").first<{ n: number }>();
    const refusals: [Record<string, unknown>, string][] = [
      [{ size: 0 }, "invalid params: size: must be at least 1"],
      [{ size: 10_001 }, "invalid params: size: must be at most 10,000"],
      [{ size: 2.5 }, "invalid params: size: Invalid input: expected int, received number"],
      [{ expireTime: now() - 60 }, "invalid params: expireTime: must be in the future"],
      [{ kind: "gift" }, 'invalid params: kind: Invalid option: expected one of "vip"|"storage"'],
      [{ packageId: await cardPackage("storage") }, `invalid params: packageId: package ${await cardPackage("storage")} is not a VIP package`],
    ];
    for (const [change, msg] of refusals) {
      const { body } = await operatorFetch("/v1/operator/card-batches/create", await batchTerms(change));
      expect(body, JSON.stringify(change)).toMatchObject({ status: 400, msg });
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM card_batches").first<{ n: number }>()).toEqual(before);
  });

  it("a production cloud-api refuses to start with the demo card or operator secret, or one too short", async () => {
    const started = (overrides: Partial<CloudApiEnv>) =>
      worker.fetch(
        new Request("https://cloud-api.test/v1/openapi.json") as Parameters<typeof worker.fetch>[0],
        { ...(env as unknown as CloudApiEnv), PAYMENT_SANDBOX: undefined, ENVIRONMENT: "production", ...overrides },
        createExecutionContext(),
      );
    await expect(started({ CARD_CODE_SECRET: "demo-cards-5b8e2f71c9a04d36e1f7b2a8c05d9e4f" })).rejects.toThrowError(
      'cloud-api misconfigured: CARD_CODE_SECRET: a demo value (starting with "demo-") is refused in production',
    );
    // Spelt otherwise or padded, the published value is still the demo's (found by an attacker reading the check).
    await expect(started({ CARD_CODE_SECRET: " Demo-cards-5b8e2f71c9a04d36e1f7b2a8c05d9e4f" })).rejects.toThrowError(/^cloud-api misconfigured: CARD_CODE_SECRET: a demo value/);
    await expect(started({ OPERATOR_SECRET: "DEMO-operator-9c2e7b4a1f8d3e6c0b5a2d9f7e1c4b8a" })).rejects.toThrowError(/^cloud-api misconfigured: OPERATOR_SECRET: a demo value/);
    await expect(started({ CARD_CODE_SECRET: "short" })).rejects.toThrowError(/^cloud-api misconfigured: CARD_CODE_SECRET: /);
    await expect(started({ OPERATOR_SECRET: "demo-operator-9c2e7b4a1f8d3e6c0b5a2d9f7e1c4b8a" })).rejects.toThrowError(
      'cloud-api misconfigured: OPERATOR_SECRET: a demo value (starting with "demo-") is refused in production',
    );
    await expect(started({ OPERATOR_SECRET: "short" })).rejects.toThrowError(/^cloud-api misconfigured: OPERATOR_SECRET: /);
    expect((await started({})).status).toBe(200);
  });
});
