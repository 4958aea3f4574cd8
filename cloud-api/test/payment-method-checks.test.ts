import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAYMENT_TYPES, PROVIDER_NAMES } from "#domain/payment-methods.ts";

/** The CREATE TABLE statement D1 holds for a table, after every migration. */
async function tableSql(table: string): Promise<string> {
  const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(table).first<{ sql: string }>();
  return row?.sql ?? "";
}

// The database's own guards stay (docs/decisions/046): a method added to domain/payment-methods.ts fails
// here until its migration rebuilds the tables whose CHECK names the methods.
describe("the SQL CHECKs on payment methods admit exactly the descriptors' methods", () => {
  it("orders.payment_type: the methods' codes", async () => {
    const [, low, high] = /payment_type INTEGER NOT NULL CHECK \(payment_type BETWEEN (\d+) AND (\d+)\)/.exec(await tableSql("orders")) ?? [];
    const admitted = Array.from({ length: Number(high) - Number(low) + 1 }, (_, i) => Number(low) + i);
    expect(admitted).toEqual([...PAYMENT_TYPES]);
  });

  it("sandbox_payments.method: the methods' providers", async () => {
    const [, list] = /method TEXT NOT NULL CHECK \(method IN \(([^)]*)\)\)/.exec(await tableSql("sandbox_payments")) ?? [];
    expect((list ?? "").split(",").map((name) => name.trim().replace(/'/g, ""))).toEqual([...PROVIDER_NAMES]);
  });
});
