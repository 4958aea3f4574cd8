/**
 * Every /v1 body under generated input (fast-check). Field values are mostly drawn from the real data
 * (devices, ICCIDs, card codes, package, coupon and order ids, prices), so that generated requests reach the
 * services and not only the schema. The rules: never a 5xx, always the envelope, and a refused
 * request changes no record.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { callerHeaders, signIn } from "#test/signed-request.ts";
import { paymentTypesFor } from "#domain/payment-methods.ts";
import { isSoldFor, SERVICE_TYPE_RANGE } from "#domain/services.ts";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES, DEMO_DEVICES, DEMO_ICCIDS } from "#demo/seed.ts";
import type { CloudApiEnv } from "#api/env.ts";
import type { AnyOperation } from "#api/http/operation.ts";
import { operations } from "#api/operations/index.ts";
import { fetchWith } from "./helpers/live-worker.ts";

const RUNS_PER_OPERATION = 120;
type Tokens = Awaited<ReturnType<typeof signIn>>;
/** Every service type and one on either side of the range. */
const serviceTypeProbes = Array.from({ length: SERVICE_TYPE_RANGE.max - SERVICE_TYPE_RANGE.min + 3 }, (_, i) => SERVICE_TYPE_RANGE.min - 1 + i);
/** Tables a refused request may touch: its nonce (replay protection) and the rate-limit counters. */
const BOOKKEEPING = new Set(["request_nonces", "d1_migrations"]);

let tables: string[] = [];
/** Real values per field name, so that generated requests often pass validation and reach the services. */
let realByField: Record<string, fc.Arbitrary<unknown>> = {};
let anyRealValue: fc.Arbitrary<unknown>;
/** The fields of a purchase that must agree with each other, taken together from one real package. */
let coherentPurchase: fc.Arbitrary<Record<string, unknown>>;

beforeAll(async () => {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
  tables = results.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name)).sort();
  const column = async (sql: string) => (await env.DB.prepare(sql).all<{ v: string | number }>()).results.map((row) => row.v);
  const [packageIds, couponIds, couponCodes, orderIds, prices] = await Promise.all([
    column("SELECT id AS v FROM packages"),
    column("SELECT id AS v FROM coupons"),
    column("SELECT coupon_code AS v FROM coupons"),
    column("SELECT order_id AS v FROM orders"),
    column("SELECT sale_price_cents / 100.0 AS v FROM packages"),
  ]);
  const pools: Record<string, unknown[]> = {
    account: Object.values(DEMO_ACCOUNTS),
    language: ["zh", "en", "ar", "ja"],
    countryCode: ["CN", "US"],
    deviceId: Object.values(DEMO_DEVICES),
    iccId: Object.values(DEMO_ICCIDS),
    encryptCodeId: Object.values(DEMO_CARD_CODES),
    serviceId: packageIds,
    priceId: packageIds,
    couponId: couponIds,
    couponCode: couponCodes,
    orderId: orderIds,
    payAmount: [...prices, 0, 0.01],
    type: serviceTypeProbes,
    buyServiceType: serviceTypeProbes,
    deviceType: [0, 1, 2, 3],
    payMethod: [0, 1, 2, 3, 4, 5],
    pageNum: [0, 1, 2, 3],
    pageSize: [0, 1, 5, 10, 100],
  };
  realByField = Object.fromEntries(Object.entries(pools).map(([field, values]) => [field, fc.constantFrom(...values)]));
  anyRealValue = fc.constantFrom(...Object.values(pools).flat());
  // A purchase that could go through: a package on sale with its own ids and price, a device of the buyer
  // that it is sold for (domain/services.ts), a payment method of the package's country.
  const pairs = await env.DB.prepare(
    `SELECT p.id AS priceId, p.service_id AS serviceId, p.service_type AS serviceType, p.sale_price_cents AS cents,
            p.currency_code AS currency, d.id AS deviceId, d.device_type AS deviceType
       FROM packages p JOIN devices d ON d.user_id = (SELECT id FROM users WHERE account = ?)`,
  )
    .bind(DEMO_ACCOUNTS.buyer)
    .all<{ priceId: number; serviceId: number; serviceType: number; cents: number; currency: string; deviceId: string; deviceType: number }>();
  const purchases = pairs.results.filter((pair) => isSoldFor(pair.serviceType, pair.deviceType));
  coherentPurchase = fc.constantFrom(...purchases).chain(({ serviceType, cents, currency, ...ids }) => {
    const countryCode = currency === "CNY" ? "CN" : "US";
    // Without a coupon half the time, since a coupon changes the payable amount.
    return fc.tuple(fc.constantFrom(...paymentTypesFor(countryCode)), fc.boolean()).map(([payMethod, withoutCoupon]) => ({
      ...ids,
      ...(withoutCoupon ? { couponId: null, couponCode: null } : {}),
      buyServiceType: serviceType,
      type: serviceType,
      payAmount: cents / 100,
      countryCode,
      payMethod,
    }));
  });
});

/** Everything a request could change, table by table (bookkeeping aside). */
async function snapshot(): Promise<string> {
  const dumps = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT * FROM ${table}`)));
  return JSON.stringify(dumps.map((dump) => dump.results.map((row) => JSON.stringify(row)).sort()));
}

function fieldNames(op: AnyOperation): string[] {
  const shape = (op.input as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * A body (or query) for `op`: its fields, mostly real values (a purchase's fields often agreeing with one
 * package), sometimes missing, arbitrary, a stray key, or no object at all.
 */
function inputFor(op: AnyOperation, tokens: Tokens): fc.Arbitrary<unknown> {
  const noise = fc.oneof(
    anyRealValue,
    fc.jsonValue({ maxDepth: 2 }),
    fc.integer(),
    fc.double(),
    fc.string({ unit: "binary", maxLength: 80 }),
    fc.constantFrom(-1, 1e308, 99_999_999.99, ""),
  );
  const real: Record<string, fc.Arbitrary<unknown>> = {
    ...realByField,
    js_refreshToken: fc.constant(tokens.refreshToken),
    tgAccessToken: fc.constant(tokens.tgAccessToken),
  };
  const valueFor = (name: string) => (real[name] ? fc.oneof({ weight: 5, arbitrary: real[name] }, { weight: 1, arbitrary: noise }) : noise);
  const names = fieldNames(op);
  const fields = Object.fromEntries(names.map((name) => [name, valueFor(name)]));
  const complete = fc.record(fields);
  const coherent = fc
    .tuple(complete, coherentPurchase)
    .map(([body, purchase]) => ({ ...body, ...Object.fromEntries(Object.entries(purchase).filter(([name]) => names.includes(name))) }));
  return fc.oneof(
    { weight: 3, arbitrary: complete },
    { weight: 3, arbitrary: coherent },
    { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.tuple(complete, fc.string({ minLength: 1, maxLength: 12 }), noise).map(([b, key, v]) => ({ ...(b as object), [key]: v })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/**
 * The Worker's env with a queue that takes messages and delivers none: the consumer would otherwise close an
 * accepted cancel's checkout, or fulfil, while a later request is being compared before and after.
 */
const QUIET_QUEUE = { send: async () => undefined, sendBatch: async () => undefined } as unknown as CloudApiEnv["FULFILMENT"];
const fuzzEnv = (): CloudApiEnv => ({ ...(env as unknown as CloudApiEnv), FULFILMENT: QUIET_QUEUE });

/**
 * Signed like every storefront call, but handed to the Worker's fetch handler directly: thousands of SELF
 * round trips deepen a proxy chain inside the test pool until its stack overflows.
 */
async function send(op: AnyOperation, input: unknown, accessToken: string) {
  let path = op.path;
  let requestBody: string | undefined;
  if (op.method === "GET") {
    const entries = input && typeof input === "object" && !Array.isArray(input) ? Object.entries(input) : [];
    path += `?${new URLSearchParams(entries.map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]))}`;
  } else {
    requestBody = JSON.stringify(input);
  }
  const init: RequestInit = { method: op.method, headers: await callerHeaders(op, requestBody ?? "", accessToken), body: requestBody };
  const response = await fetchWith(fuzzEnv(), path, init);
  const text = await response.text();
  let body: { status?: unknown; msg?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { http: response.status, body, text, csv: response.headers.get("Content-Type")?.startsWith("text/csv") === true };
}

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s under generated input", (_name, op) => {
  it(`never answers 5xx, always the envelope, and changes nothing when it refuses (${RUNS_PER_OPERATION} inputs)`, async () => {
    // A fresh sign-in per operation: the refresh and sign-in operations rotate the tokens they are given.
    const tokens = await signIn();
    const token = fc.oneof({ weight: 8, arbitrary: fc.constant(tokens.accessToken) }, { weight: 1, arbitrary: fc.constantFrom("", "garbage", tokens.accessToken.slice(0, -2)) });
    // Only requests change the data, so the state after one request is the state before the next.
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(inputFor(op, tokens), token, async (input, accessTokenUsed) => {
        const response = await send(op, input, accessTokenUsed);
        expect(response.http, response.text).toBeLessThan(500);
        // A batch's codes download answers its CSV, the one answer that is not the envelope (decision 060).
        if (!(response.http === 200 && response.csv)) expect(response.body, response.text).toMatchObject({ status: expect.any(Number), msg: expect.any(String) });
        const after = await snapshot();
        if (response.body?.status !== 200 && !response.csv) expect(after, `refused with ${response.text} but changed a record`).toBe(before);
        before = after;
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
  }, 120_000);
});
