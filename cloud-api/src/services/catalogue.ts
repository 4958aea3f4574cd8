import type { OperatorIdentity } from "#contract/operator.ts";
import type { PackageDraft, PackageState } from "#contract/package-fields.ts";
import { Status } from "#contract/codes.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { ApiError } from "#api/core/errors.ts";
import {
  findPackage,
  findPackageByProductId,
  insertPackageStatement,
  listSiblingPackages,
  nextPackageId,
  packagesRefusal,
  updatePackageStatement,
  type PackageRow,
  type SavedBy,
  type PackageVersionRow,
} from "#api/repositories/packages.ts";
import { auditStatement } from "#api/services/audit.ts";

/**
 * The console's changes to the catalogue (issue 32 item 3, docs/decisions/059). Each is one D1 batch: the package's
 * new version (the table's triggers keep its history and refuse a stale one) and its audit row, together or not at all.
 */

const texts = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, string>));

/** A package row or version as the console shows it. */
export function packageToState(row: PackageRow | PackageVersionRow): PackageState {
  return {
    id: "id" in row ? row.id : row.package_id,
    version: row.version,
    serviceType: row.service_type,
    deviceType: row.device_type,
    serviceId: row.service_id,
    productId: row.product_id,
    currencyCode: row.currency_code,
    originPriceCents: row.origin_price_cents,
    salePriceCents: row.sale_price_cents,
    periodDays: row.period_days,
    dataQuotaMb: row.data_quota_mb,
    isUnlimited: row.is_unlimited === 1,
    recordingDays: row.recording_days,
    isGive: row.is_give === 1,
    isSale: row.is_sale === 1,
    displaySort: row.display_sort,
    serviceName: texts(row.service_name) ?? {},
    serviceDesc: texts(row.service_desc) ?? {},
    topTag: texts(row.top_tag),
    retiredAt: row.retired_at,
    savedBy: row.saved_by,
    savedAt: row.saved_at,
  };
}

async function requirePackage(db: D1Database, packageId: number): Promise<PackageRow> {
  const row = await findPackage(db, packageId);
  if (!row) throw new ApiError(Status.notFound, `package ${packageId} not found`);
  return row;
}

/** The refusal of a change made on a version someone has saved past: who saved the package last, and when. */
async function staleVersion(db: D1Database, packageId: number, edited: number): Promise<ApiError> {
  const now = await findPackage(db, packageId);
  const by = now?.saved_by ?? "the demo data";
  const at = now?.saved_at ? new Date(now.saved_at * 1000).toISOString() : "an unknown time";
  return new ApiError(Status.conflict, `package ${packageId} is at version ${now?.version ?? "?"}, not ${edited}: ${by} saved it at ${at}`);
}

const productIdTaken = (productId: string, packageId: number | undefined) =>
  new ApiError(Status.conflict, `product id ${productId} is taken by package ${packageId ?? "?"}`);

/** Publishes a new package at version 1. */
export async function createPackage(db: D1Database, operator: OperatorIdentity, draft: PackageDraft): Promise<{ packageId: number; version: number }> {
  const taken = await findPackageByProductId(db, draft.productId);
  if (taken) throw productIdTaken(draft.productId, taken.id);
  const saved = { email: operator.email, at: nowSeconds() };
  // Two creates at once may pick the same id: the second's batch fails on the key and picks again.
  for (let attempt = 1; ; attempt += 1) {
    const packageId = await nextPackageId(db);
    try {
      await db.batch([
        insertPackageStatement(db, packageId, draft, saved),
        auditStatement(db, { operator, action: "package.create", objectType: "package", objectId: packageId, before: null, after: draft }),
      ]);
      return { packageId, version: 1 };
    } catch (error) {
      if (packagesRefusal(error) === "product_id_taken") throw productIdTaken(draft.productId, (await findPackageByProductId(db, draft.productId))?.id);
      if (attempt >= 3 || !(error instanceof Error && /UNIQUE constraint failed: packages\.id/.test(error.message))) throw error;
    }
  }
}

/** Writes a package's change made on `version` with its audit row; refused naming who saved since. */
async function changePackage(
  db: D1Database,
  operator: OperatorIdentity,
  action: string,
  edited: { row: PackageRow; version: number },
  change: Parameters<typeof updatePackageStatement>[3],
  also: D1PreparedStatement[] = [],
): Promise<{ packageId: number; version: number }> {
  const { row, version } = edited;
  if (row.version !== version) throw await staleVersion(db, row.id, version);
  const saved = { email: operator.email, at: nowSeconds() };
  const update = updatePackageStatement(db, row.id, version, change, saved);
  const after = stateAfter(row, change, saved);
  try {
    await db.batch([update, ...also, auditStatement(db, { operator, action, objectType: "package", objectId: row.id, before: packageToState(row), after })]);
  } catch (error) {
    if (packagesRefusal(error) === "stale_version") throw await staleVersion(db, row.id, version);
    throw error;
  }
  return { packageId: row.id, version: version + 1 };
}

/** The state the audit row records after a change: the row with the change applied, as the console shows it. */
function stateAfter(row: PackageRow, change: Parameters<typeof updatePackageStatement>[3], saved: SavedBy): PackageState {
  const changed = "serviceType" in change ? change : "retired_at" in change ? { retiredAt: change.retired_at } : { displaySort: change.display_sort };
  return { ...packageToState(row), ...changed, version: row.version + 1, savedBy: saved.email, savedAt: saved.at };
}

/** Publishes a package's new state, edited on `version`. */
export async function savePackage(db: D1Database, operator: OperatorIdentity, input: { packageId: number; version: number; draft: PackageDraft }) {
  const row = await requirePackage(db, input.packageId);
  if (input.draft.productId !== row.product_id) {
    const taken = await findPackageByProductId(db, input.draft.productId);
    if (taken) throw productIdTaken(input.draft.productId, taken.id);
  }
  return changePackage(db, operator, "package.save", { row, version: input.version }, input.draft);
}

/** Offers a package to no new checkout; what names it keeps it. */
export async function retirePackage(db: D1Database, operator: OperatorIdentity, input: { packageId: number; version: number }) {
  const row = await requirePackage(db, input.packageId);
  if (row.retired_at !== null) throw new ApiError(Status.conflict, `package ${row.id} is already retired`);
  return changePackage(db, operator, "package.retire", { row, version: input.version }, { retired_at: nowSeconds() });
}

/**
 * Moves a package one place among those a buyer sees with it, numbering the group 10, 20, 30... in its new order;
 * each package whose place changes steps its version, so a concurrent edit of any of them is refused as a whole.
 */
export async function reorderPackage(db: D1Database, operator: OperatorIdentity, input: { packageId: number; version: number; direction: "up" | "down" }) {
  const row = await requirePackage(db, input.packageId);
  if (row.retired_at !== null) throw new ApiError(Status.conflict, `package ${row.id} is retired: it has no place to move`);
  const group = await listSiblingPackages(db, row.id);
  const from = group.findIndex((sibling) => sibling.id === row.id);
  const to = input.direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= group.length) throw new ApiError(Status.conflict, `package ${row.id} is already ${input.direction === "up" ? "first" : "last"}`);
  const order = [...group];
  order.splice(to, 0, ...order.splice(from, 1));
  const saved = { email: operator.email, at: nowSeconds() };
  const others = order.flatMap((sibling, index) =>
    sibling.id !== row.id && sibling.display_sort !== (index + 1) * 10
      ? [updatePackageStatement(db, sibling.id, sibling.version, { display_sort: (index + 1) * 10 }, saved)]
      : [],
  );
  return changePackage(db, operator, "package.reorder", { row, version: input.version }, { display_sort: (to + 1) * 10 }, others);
}
