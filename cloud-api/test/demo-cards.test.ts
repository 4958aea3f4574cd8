import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cardLookupKey, unsealCardCode } from "#api/core/card-codes.ts";
import { DEMO_CARD_CODES } from "#demo/seed.ts";

/**
 * The demo seed's cards are stored as a generated batch's are (docs/decisions/060): a copy of the database shows
 * their keyed hash and their sealed code, never the code a buyer could scan (found by an attacker's look at a copy).
 */
describe("the demo's cards in the database", () => {
  it("keep no plain code: each is found by its keyed hash, in a batch, with its code sealed", async () => {
    for (const code of Object.values(DEMO_CARD_CODES)) {
      const plain = await env.DB.prepare("SELECT COUNT(*) AS n FROM service_cards WHERE code_id = ?").bind(code).first<{ n: number }>();
      expect(plain?.n, code).toBe(0);
      const key = await cardLookupKey(env.CARD_CODE_SECRET, code);
      const row = await env.DB.prepare("SELECT batch_id, code_sealed FROM service_cards WHERE code_id = ?").bind(key).first<{ batch_id: number | null; code_sealed: string }>();
      expect(row?.batch_id, code).not.toBeNull();
      expect(await unsealCardCode(env.CARD_CODE_SECRET, row!.code_sealed, key)).toBe(code);
    }
    const named = await env.DB.prepare(`SELECT COUNT(*) AS n FROM entitlements WHERE source_ref IN (${Object.values(DEMO_CARD_CODES).map(() => "?").join(", ")})`)
      .bind(...Object.values(DEMO_CARD_CODES))
      .first<{ n: number }>();
    expect(named?.n).toBe(0);
  });
});
