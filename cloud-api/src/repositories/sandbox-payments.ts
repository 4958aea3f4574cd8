import type { CurrencyCode } from "#domain/money.ts";
import type { ProviderName } from "#domain/payment-methods.ts";

/** The sandbox provider's side of a payment (table sandbox_payments): it stands in for each provider by name. */
export type SandboxMethod = ProviderName;
export type SandboxStatus = "created" | "approved" | "paid" | "failed" | "cancelled" | "refunded";

export interface SandboxPaymentRow {
  ref: string;
  method: SandboxMethod;
  merchant_order_id: string;
  description: string;
  amount_cents: number;
  currency_code: CurrencyCode;
  return_url: string;
  status: SandboxStatus;
  /** What the next refund request answers (migration 0006): the tests script a provider that fails, then recovers. */
  refund_outcome: "refunded" | "pending" | "fail";
  created_at: number;
  updated_at: number;
}

export async function openSandboxPayment(db: D1Database, row: Omit<SandboxPaymentRow, "status" | "refund_outcome" | "updated_at">): Promise<void> {
  await db
    .prepare(
      `INSERT INTO sandbox_payments (ref, method, merchant_order_id, description, amount_cents, currency_code, return_url, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'created', ?, ?)`,
    )
    .bind(row.ref, row.method, row.merchant_order_id, row.description, row.amount_cents, row.currency_code, row.return_url, row.created_at, row.created_at)
    .run();
}

export function findSandboxPayment(db: D1Database, ref: string): Promise<SandboxPaymentRow | null> {
  return db.prepare("SELECT * FROM sandbox_payments WHERE ref = ?").bind(ref).first<SandboxPaymentRow>();
}

/** Moves a sandbox payment on; false when it was not in one of `from` (a second click changes nothing). */
export async function moveSandboxPayment(
  db: D1Database,
  ref: string,
  from: readonly SandboxStatus[],
  to: SandboxStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE sandbox_payments SET status = ?, updated_at = ? WHERE ref = ? AND status IN (${from.map(() => "?").join(", ")})`)
    .bind(to, now, ref, ...from)
    .run();
  return result.meta.changes === 1;
}
