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

/** The tables the package list reads: each moves the catalogue version on every change (migration 0018). */
export const PACKAGE_LIST_TABLES = ["packages"] as const;

/**
 * A service type's packages in a currency, unless the catalogue is still at `knownVersion`: one statement
 * (one round trip, on whichever replica answers, so the version and the rows agree) that answers the
 * catalogue's version and, only when it moved on from the one the caller holds, the rows. Unchanged, it
 * answers a single row of the version with no package (the LEFT JOIN's NULLs).
 */
export async function listPackagesUnlessUnchanged(
  db: D1Database,
  serviceType: number,
  currency: CurrencyCode,
  knownVersion: number | null,
): Promise<{ version: number; rows: PackageRow[] | null }> {
  const { results } = await db
    .prepare(
      `SELECT v.version AS catalogue_version, p.*
       FROM catalogue_version v
       LEFT JOIN packages p ON v.version IS NOT ?3 AND p.service_type = ?1 AND p.currency_code = ?2
       ORDER BY p.display_sort, p.id`,
    )
    .bind(serviceType, currency, knownVersion)
    .all<PackageRow & { catalogue_version: number }>();
  const version = results[0]?.catalogue_version;
  if (version === undefined) throw new Error("catalogue_version has no row (migration 0018)");
  if (version === knownVersion) return { version, rows: null };
  return { version, rows: results.filter((row) => row.id !== null).map(({ catalogue_version: _version, ...row }) => row) };
}

export function findPackage(db: D1Database, packageId: number): Promise<PackageRow | null> {
  return db.prepare("SELECT * FROM packages WHERE id = ?").bind(packageId).first<PackageRow>();
}
