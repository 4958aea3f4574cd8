/**
 * Decision 047: a package's service type is checked by the cloud-api, in the range the domain's catalogue gives,
 * and no longer by a CHECK in the packages table, which migration 0010 rebuilt without it.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { SERVICE_TYPE_RANGE } from "#domain/services.ts";
import { call, freshBuyers, type Buyer } from "./helpers/orders.ts";

const beyond = SERVICE_TYPE_RANGE.max + 1;
const REBUILD = env.CLOUD_API_MIGRATIONS.find((migration) => migration.name === "0010_service_type_checked_by_the_cloud_api.sql");
let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

const insertPackage = (id: number, serviceType: number, salePriceCents = 1000) =>
  env.DB.prepare(
    `INSERT INTO packages (id, service_type, service_id, product_id, service_name, origin_price_cents, sale_price_cents, currency_code, period_days)
     VALUES (?, ?, 701, ?, '{"en":"Next service"}', 1000, ?, 'CNY', 30)`,
  )
    .bind(id, serviceType, `next-service-${id}`, salePriceCents)
    .run();

/** Every order, period and card with the package it names; joined, only those whose package is there. */
const referencesSql = (joinPackages: boolean) =>
  [
    ["orders", "order_id"],
    ["entitlements", "id"],
    ["service_cards", "code_id"],
  ]
    .map(([table, key]) => `SELECT '${table}' AS kind, ${table}.${key} AS ref, ${table}.package_id FROM ${table}${joinPackages ? " JOIN packages ON packages.id = package_id" : ""}`)
    .join(" UNION ALL ") + " ORDER BY 1, 2";

async function rows(sql: string) {
  return JSON.stringify((await env.DB.prepare(sql).all()).results);
}

describe("a package's service type (decision 047)", () => {
  it("is stored for a code beyond today's range, so that a new service needs no migration, while the table's other checks hold", async () => {
    await insertPackage(990_101, beyond);
    expect(await env.DB.prepare("SELECT service_type FROM packages WHERE id = 990101").first("service_type")).toBe(beyond);
    await expect(insertPackage(990_102, beyond, -1)).rejects.toThrow(/CHECK constraint failed/);
  });

  it("is refused by the cloud-api outside the domain's range, naming the field, and nothing is created", async () => {
    await insertPackage(990_103, beyond);
    const orders = await rows("SELECT order_id FROM orders");
    const listed = await call(cn, "/v1/cloud/package/list", { deviceId: "CAM-DEMO-001", type: beyond });
    expect(listed.body).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: type: /) });
    const confirmed = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-001", priceId: 990_103, payAmount: 10, payMethod: 1, buyServiceType: beyond });
    expect(confirmed.body).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: buyServiceType: /) });
    expect(await rows("SELECT order_id FROM orders")).toBe(orders);
  });

  it("keeps every package, index and reference to a package when the table is rebuilt on data", async () => {
    expect(REBUILD?.queries.some((query: string) => query.includes("DROP TABLE packages"))).toBe(true);
    const packages = await rows("SELECT * FROM packages ORDER BY id");
    const references = await rows(referencesSql(false));
    expect(JSON.parse(references).length).toBeGreaterThan(20);
    await env.DB.batch((REBUILD?.queries ?? []).map((query: string) => env.DB.prepare(query)));
    expect(await rows("SELECT * FROM packages ORDER BY id")).toBe(packages);
    expect(await rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'packages'")).toBe(JSON.stringify([{ name: "packages_by_type" }]));
    expect((await env.DB.prepare("PRAGMA foreign_key_check").all()).results).toEqual([]);
    expect(await rows(referencesSql(true))).toBe(references);
  });
});
