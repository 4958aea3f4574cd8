import { chooseUpstream, environmentOf, parseRegionTable, type RegionTable } from "#domain/regions.ts";
import type { StorefrontEnv } from "../env.ts";

export type Transport = (path: string, init: RequestInit) => Promise<Response>;

let cachedTable: { json: string | undefined; table: RegionTable } | null = null;

function regionTable(env: StorefrontEnv): RegionTable {
  if (cachedTable === null || cachedTable.json !== env.UPSTREAM_REGIONS) {
    cachedTable = { json: env.UPSTREAM_REGIONS, table: parseRegionTable(env.UPSTREAM_REGIONS) };
  }
  return cachedTable.table;
}

/**
 * The embedded cloud-api through the service binding, or the HTTPS base the table names for this environment and
 * region; and whether that upstream takes the contract's batch (docs/decisions/061).
 */
export function transportFor(env: StorefrontEnv, hostname: string, countryCode: string): { transport: Transport; batch: boolean } {
  const { base, batch } = chooseUpstream(regionTable(env), environmentOf(env.ENVIRONMENT, hostname), countryCode);
  if (base === "binding") return { batch, transport: (path, init) => env.CLOUD_API.fetch(new Request(`https://cloud-api.internal${path}`, init)) };
  return { batch, transport: (path, init) => fetch(`${base.replace(/\/$/, "")}${path}`, init) };
}
