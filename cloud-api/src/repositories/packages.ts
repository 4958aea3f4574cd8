import type { CurrencyCode } from "#domain/money.ts";

export interface PackageRow {
  id: number;
  service_type: number;
  service_id: number;
  product_id: string;
  service_name: string;
  service_desc: string;
  top_tag: string | null;
  origin_price_cents: number;
  sale_price_cents: number;
  currency_code: CurrencyCode;
  period_days: number;
  data_quota_mb: number | null;
  /** Days of recordings a cloud storage package keeps. */
  recording_days: number | null;
  is_unlimited: 0 | 1;
  is_give: 0 | 1;
  is_sale: 0 | 1;
  display_sort: number;
}

export async function listPackages(db: D1Database, serviceType: number, currency: CurrencyCode): Promise<PackageRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM packages WHERE service_type = ? AND currency_code = ? ORDER BY display_sort, id")
    .bind(serviceType, currency)
    .all<PackageRow>();
  return results;
}

export function findPackage(db: D1Database, packageId: number): Promise<PackageRow | null> {
  return db.prepare("SELECT * FROM packages WHERE id = ?").bind(packageId).first<PackageRow>();
}
