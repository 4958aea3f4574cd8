import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "#demo/seed.ts";
import { ServiceType } from "#domain/services.ts";
import { PACKAGE_LIST_TABLES } from "#api/repositories/packages.ts";
import { catalogueRows } from "#api/services/catalogue-cache.ts";
import { requestReads } from "#api/services/request-reads.ts";
import { signIn } from "#test/signed-request.ts";
import { call, type Buyer } from "./helpers/orders.ts";

/**
 * docs/decisions/062: the isolate keeps the package list per service type and currency as of the catalogue's
 * version, which every change to a table the list reads moves on (migration 0018): a change shows on the next
 * request, and nothing of a buyer is kept.
 */
interface WirePackage {
  id: number;
  productId: string;
  salePrice: number;
}

const listOf = async (buyer: Buyer, deviceId: string, type: number) => {
  const { body } = await call(buyer, "/v1/cloud/package/list", { deviceId, type });
  return body as { status: number; reason?: string; data: { packageList: WirePackage[]; payMethods: number[] } };
};

describe("the catalogue cache", () => {
  it("shows a package changed, added or removed in D1 on the very next list", async () => {
    const buyer = { accessToken: (await signIn()).accessToken };
    const before = (await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip)).data.packageList;
    expect(await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip)).toMatchObject({ status: 200, data: { packageList: before } });
    const first = before[0]!;

    await env.DB.prepare("UPDATE packages SET sale_price_cents = sale_price_cents + 100, version = version + 1 WHERE id = ?").bind(first.id).run();
    const repriced = (await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip)).data.packageList;
    expect(repriced.find((p) => p.id === first.id)?.salePrice).toBe(first.salePrice + 1);

    await env.DB.prepare("INSERT INTO packages (id, service_type, service_id, product_id, service_name, origin_price_cents, sale_price_cents, currency_code, period_days, display_sort) SELECT 9901, service_type, service_id, 'published-now', service_name, 500, 400, currency_code, 30, 0 FROM packages WHERE id = ?")
      .bind(first.id)
      .run();
    expect((await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip)).data.packageList.find((p) => p.productId === "published-now")).toMatchObject({ id: 9901, salePrice: 4 });

    // A package leaves the catalogue by retiring (its versions keep it for history).
    await env.DB.prepare("UPDATE packages SET retired_at = unixepoch(), version = version + 1 WHERE id = 9901").run();
    expect((await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip)).data.packageList.map((p) => p.id)).not.toContain(9901);
  });

  it("keeps the rows while the version stands and reads them again once it moves, from one request to the next", async () => {
    const kept = await catalogueRows(requestReads(env.DB), ServiceType.cloudStorage, "CNY");
    expect(await catalogueRows(requestReads(env.DB), ServiceType.cloudStorage, "CNY")).toBe(kept);
    await env.DB.prepare("UPDATE packages SET display_sort = display_sort, version = version + 1 WHERE id = ?").bind(kept[0]!.id).run();
    const reread = await catalogueRows(requestReads(env.DB), ServiceType.cloudStorage, "CNY");
    expect(reread).not.toBe(kept);
    expect(reread).toEqual(kept.map((row, i) => (i === 0 ? { ...row, version: row.version + 1 } : row)));
  });

  it("moves the version on every insert, update and delete of every table the list reads", async () => {
    for (const table of PACKAGE_LIST_TABLES) {
      const { results } = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?").bind(table).all<{ sql: string }>();
      for (const event of ["INSERT", "UPDATE", "DELETE"]) {
        expect(results.some(({ sql }) => new RegExp(`AFTER ${event} ON ${table}\\b[\\s\\S]*UPDATE catalogue_version SET version = version \\+ 1`, "i").test(sql)), `${event} on ${table}`).toBe(true);
      }
    }
  });

  it("keeps nothing of a buyer: each caller's device, ownership and country still decide the answer", async () => {
    const buyer = { accessToken: (await signIn()).accessToken };
    const other = { accessToken: (await signIn(DEMO_ACCOUNTS.other)).accessToken, country: "US" as const };
    // The buyer's SIM warms the 4G list in CNY; the buyer's camera is not sold 4G data all the same.
    expect((await listOf(buyer, DEMO_DEVICES.sim, ServiceType.mobileData)).data.packageList.length).toBeGreaterThan(0);
    expect((await listOf(buyer, DEMO_DEVICES.camera, ServiceType.mobileData)).data.packageList).toEqual([]);
    // The buyer's camera warms the VIP list; another owner's camera is still refused to the buyer, and its owner
    // gets the list in their own currency with their country's payment methods.
    const buyers = await listOf(buyer, DEMO_DEVICES.camera, ServiceType.vip);
    expect(await listOf(buyer, DEMO_DEVICES.otherCamera, ServiceType.vip)).toMatchObject({ status: 403 });
    const others = await listOf(other, DEMO_DEVICES.otherCamera, ServiceType.vip);
    expect(others.status).toBe(200);
    expect(others.data.packageList.map((p) => p.id)).not.toEqual(buyers.data.packageList.map((p) => p.id));
    expect(others.data.payMethods).not.toEqual(buyers.data.payMethods);
  });
});
