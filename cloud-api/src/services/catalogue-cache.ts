import type { CurrencyCode } from "#domain/money.ts";
import { listPackagesUnlessUnchanged, type PackageRow } from "#api/repositories/packages.ts";
import type { RequestReads } from "#api/services/request-reads.ts";

/**
 * The package list per service type and currency, as of a catalogue version, kept by the isolate for every
 * buyer it serves: the catalogue is the same for all of them, and nothing of a buyer is kept (decision 044
 * stands; docs/decisions/062). Every read asks D1 whether the version moved on, in the statement that would
 * read the rows, so a package published a moment ago shows on the next view. The calls of one request (a purchase
 * screen's package list and preview) ask once for all of them (docs/decisions/069).
 */
const kept = new Map<string, { version: number; rows: PackageRow[] }>();

export function catalogueRows(reads: RequestReads, serviceType: number, currency: CurrencyCode): Promise<PackageRow[]> {
  const key = `${serviceType}/${currency}`;
  return reads.once(["catalogue", key], (db) => catalogueAsOfNow(db, key, serviceType, currency));
}

async function catalogueAsOfNow(db: D1Database, key: string, serviceType: number, currency: CurrencyCode): Promise<PackageRow[]> {
  const known = kept.get(key);
  const read = await listPackagesUnlessUnchanged(db, serviceType, currency, known?.version ?? null);
  if (read.rows === null && known) return known.rows;
  const rows = read.rows ?? [];
  // A replica behind another may answer an older version: the newer list stays.
  if (!known || read.version > known.version) kept.set(key, { version: read.version, rows });
  return rows;
}
