import { LANGUAGES } from "#domain/languages.ts";
import type { CurrencyCode } from "#domain/money.ts";
import type { PackageDraft } from "#contract/package-fields.ts";

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
  /** The version the row is at (docs/decisions/059): every change steps it by one. */
  version: number;
  /** The kind of device it is sold for; null: every kind its service is sold to. */
  device_type: number | null;
  /** Retired: offered to no new checkout. */
  retired_at: number | null;
  saved_by: string | null;
  saved_at: number | null;
}

/** One published state of a package, as package_versions keeps it: the row's columns under its package_id. */
export type PackageVersionRow = Omit<PackageRow, "id"> & { package_id: number };

/** The tables the package list reads: each moves the catalogue version on every change (migration 0018). */
export const PACKAGE_LIST_TABLES = ["packages"] as const;

/**
 * The catalogue a buyer may check out from (a service type's packages in a currency that are not retired),
 * unless the catalogue is still at `knownVersion`: one statement (one round trip, on whichever replica answers, so the version and the rows agree) that answers the
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
       LEFT JOIN packages p ON v.version IS NOT ?3 AND p.service_type = ?1 AND p.currency_code = ?2 AND p.retired_at IS NULL
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

/** A package as an order was sold it: the version the order names, or (an order from before versions) as it is now. */
export function findPackageAsSold(db: D1Database, packageId: number, version: number | null): Promise<PackageVersionRow | null> {
  return db
    .prepare("SELECT * FROM package_versions WHERE package_id = ?1 AND version = COALESCE(?2, (SELECT version FROM packages WHERE id = ?1))")
    .bind(packageId, version)
    .first<PackageVersionRow>();
}

/** Every package, retired ones too, in the console's order; each filter applies when given. */
export async function listAllPackages(
  db: D1Database,
  filters: { currencyCode?: string | undefined; serviceType?: number | undefined; deviceType?: number | undefined },
): Promise<PackageRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM packages
       WHERE (?1 IS NULL OR currency_code = ?1) AND (?2 IS NULL OR service_type = ?2) AND (?3 IS NULL OR device_type IS NULL OR device_type = ?3)
       ORDER BY currency_code, service_type, display_sort, id`,
    )
    .bind(filters.currencyCode ?? null, filters.serviceType ?? null, filters.deviceType ?? null)
    .all<PackageRow>();
  return results;
}

/** Every version of a package, newest first. */
export async function listPackageVersions(db: D1Database, packageId: number): Promise<PackageVersionRow[]> {
  const { results } = await db.prepare("SELECT * FROM package_versions WHERE package_id = ? ORDER BY version DESC").bind(packageId).all<PackageVersionRow>();
  return results;
}

/** The packages a buyer sees beside this one (same service and currency, not retired), in their order. */
export async function listSiblingPackages(db: D1Database, packageId: number): Promise<PackageRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.* FROM packages p JOIN packages s ON s.service_type = p.service_type AND s.currency_code = p.currency_code
       WHERE p.id = ? AND s.retired_at IS NULL ORDER BY s.display_sort, s.id`,
    )
    .bind(packageId)
    .all<PackageRow>();
  return results;
}

/** The next free package id: a create that races another for it fails on the key, as a whole. */
export async function nextPackageId(db: D1Database): Promise<number> {
  return (await db.prepare("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM packages").first<number>("id")) ?? 1;
}

/** A text in every language as its column stores it: JSON in the languages' order. */
const textsColumn = (texts: Partial<Record<string, string>>) => JSON.stringify(Object.fromEntries(LANGUAGES.map((language) => [language, texts[language]])));

/** The columns an operator's draft sets. */
function draftColumns(draft: PackageDraft): Record<string, string | number | null> {
  return {
    service_type: draft.serviceType,
    device_type: draft.deviceType,
    service_id: draft.serviceId,
    product_id: draft.productId,
    currency_code: draft.currencyCode,
    origin_price_cents: draft.originPriceCents,
    sale_price_cents: draft.salePriceCents,
    period_days: draft.periodDays,
    data_quota_mb: draft.dataQuotaMb,
    is_unlimited: draft.isUnlimited ? 1 : 0,
    recording_days: draft.recordingDays,
    is_give: draft.isGive ? 1 : 0,
    is_sale: draft.isSale ? 1 : 0,
    display_sort: draft.displaySort,
    service_name: textsColumn(draft.serviceName),
    service_desc: textsColumn(draft.serviceDesc),
    top_tag: draft.topTag === null ? null : textsColumn(draft.topTag),
  };
}

export interface SavedBy {
  email: string;
  at: number;
}

/** A new package at version 1; the table refuses (aborting the batch) a product id another package has. */
export function insertPackageStatement(db: D1Database, packageId: number, draft: PackageDraft, saved: SavedBy): D1PreparedStatement {
  const columns = { id: packageId, ...draftColumns(draft), version: 1, saved_by: saved.email, saved_at: saved.at };
  const names = Object.keys(columns);
  return db.prepare(`INSERT INTO packages (${names.join(", ")}) VALUES (${names.map((_, index) => `?${index + 1}`).join(", ")})`).bind(...Object.values(columns));
}

export function findPackageByProductId(db: D1Database, productId: string): Promise<PackageRow | null> {
  return db.prepare("SELECT * FROM packages WHERE product_id = ? ORDER BY id LIMIT 1").bind(productId).first<PackageRow>();
}

/**
 * Changes a package edited at `version` to its next version. The packages table refuses (aborting the whole batch)
 * a version that does not step the one stored by one: another operator's save in between.
 */
export function updatePackageStatement(
  db: D1Database,
  packageId: number,
  version: number,
  change: PackageDraft | { retired_at: number } | { display_sort: number },
  saved: SavedBy,
): D1PreparedStatement {
  const columns = { ...("serviceType" in change ? draftColumns(change) : change), version: version + 1, saved_by: saved.email, saved_at: saved.at };
  const names = Object.keys(columns);
  return db
    .prepare(`UPDATE packages SET ${names.map((name, index) => `${name} = ?${index + 1}`).join(", ")} WHERE id = ?${names.length + 1}`)
    .bind(...Object.values(columns), packageId);
}

/** What the packages table refused, from a D1 error (migration 0016's triggers), if it was one of its refusals. */
export function packagesRefusal(error: unknown): "stale_version" | "product_id_taken" | null {
  const message = error instanceof Error ? error.message : "";
  if (message.includes("package version is stale")) return "stale_version";
  if (message.includes("package product id is taken")) return "product_id_taken";
  return null;
}
