/**
 * Product-rules §7: which upstream serves a request. The country code picks a region; the Worker's ENVIRONMENT
 * variable picks an environment (the storefront's hostname only when it is not set). A table maps
 * environment and region to a base: the embedded cloud-api ("binding") or an HTTPS URL.
 */

export const REGIONS = ["cn", "eu", "us-east", "ap-southeast"] as const;
export type Region = (typeof REGIONS)[number];
/** The region table's environments: the deployments' three (production is "prod") and the hostname-only test and pre. */
export const ENVIRONMENTS = ["local", "preview", "test", "pre", "prod"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const EU = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB NO CH IS LI RU UA TR AE SA EG QA KW BH OM JO IL MA DZ TN".split(
    " ",
  ),
);
const AP = new Set("JP KR TW HK MO SG TH MY ID PH VN AU NZ IN".split(" "));

export function regionForCountry(countryCode: string | null | undefined): Region {
  const cc = (countryCode ?? "").trim().toUpperCase();
  if (cc === "CN") return "cn";
  if (EU.has(cc)) return "eu";
  if (AP.has(cc)) return "ap-southeast";
  return "us-east";
}

/** The ENVIRONMENT values wrangler's environments set (wrangler.jsonc) and the region table's name for each. */
const CONFIGURED: Record<string, Environment> = { local: "local", preview: "preview", production: "prod" };

/** The environment a request is served in: ENVIRONMENT when configured, else a guess from the hostname. */
export function environmentOf(configured: string | undefined, hostname: string): Environment {
  if (configured === undefined || configured === "") return environmentForHost(hostname);
  const environment = CONFIGURED[configured];
  if (!environment) throw new Error(`ENVIRONMENT must be one of ${Object.keys(CONFIGURED).join(", ")}, not "${configured}"`);
  return environment;
}

/** The fallback: loopback and private hosts are local, test- and pre- hosts test and pre, workers.dev hosts previews. */
export function environmentForHost(hostname: string): Environment {
  const host = hostname.trim().toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1" || host.startsWith("127.") || host.startsWith("192.168.")) {
    return "local";
  }
  if (host.startsWith("test-")) return "test";
  if (host.startsWith("pre-")) return "pre";
  // Preview and version URLs (<alias>-<worker>.<account>.workers.dev) must never reach production's upstream;
  // production runs on the brand's own domain and sets ENVIRONMENT anyway.
  if (host.endsWith(".workers.dev")) return "preview";
  return "prod";
}

/** "binding" means the embedded cloud-api through the service binding; otherwise an https:// origin. */
export type UpstreamBase = "binding" | `https://${string}`;

/**
 * One upstream: its base, and whether it takes the contract's optional batch operation (docs/decisions/061),
 * which the embedded cloud-api does and a brand's upstream declares in the region table.
 */
export interface Upstream {
  base: UpstreamBase;
  batch: boolean;
}

/** Overrides by "environment/region", "environment/*", "*\/region" or "*\/*", most specific first. */
export type RegionTable = Readonly<Record<string, Upstream>>;

export interface UpstreamChoice extends Upstream {
  environment: Environment;
  region: Region;
}

const EMBEDDED: Upstream = { base: "binding", batch: true };

export function chooseUpstream(table: RegionTable, environment: Environment, countryCode: string | null | undefined): UpstreamChoice {
  const region = regionForCountry(countryCode);
  const upstream = table[`${environment}/${region}`] ?? table[`${environment}/*`] ?? table[`*/${region}`] ?? table["*/*"] ?? EMBEDDED;
  return { environment, region, ...upstream };
}

const isBase = (value: unknown): value is UpstreamBase => value === "binding" || (typeof value === "string" && /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(value));

/**
 * An entry of the table: a base (the embedded cloud-api takes batches, an https:// upstream is taken not to), or
 * `{"base": ..., "batch": true|false}` saying whether it does.
 */
function upstreamOf(key: string, value: unknown): Upstream {
  if (isBase(value)) return { base: value, batch: value === "binding" };
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const { base, batch, ...rest } = value as Record<string, unknown>;
    if (isBase(base) && typeof batch === "boolean" && Object.keys(rest).length === 0) return { base, batch };
  }
  throw new Error(`UPSTREAM_REGIONS: "${key}" must be "binding", an https:// URL or {"base": "binding" or an https:// URL, "batch": true or false}`);
}

/** Validates a configured table (from the UPSTREAM_REGIONS variable); throws with the offending entry. */
export function parseRegionTable(json: string | undefined): RegionTable {
  if (!json || json.trim() === "") return {};
  const raw: unknown = JSON.parse(json);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("UPSTREAM_REGIONS must be a JSON object");
  const table: Record<string, Upstream> = {};
  for (const [key, value] of Object.entries(raw)) {
    const [env, region, extra] = key.split("/");
    const envOk = env === "*" || (ENVIRONMENTS as readonly string[]).includes(env ?? "");
    const regionOk = region === "*" || (REGIONS as readonly string[]).includes(region ?? "");
    if (!envOk || !regionOk || extra !== undefined) throw new Error(`UPSTREAM_REGIONS: bad key "${key}"`);
    table[key] = upstreamOf(key, value);
  }
  return table;
}

const TIME_ZONES: Record<string, string> = {
  CN: "Asia/Shanghai", HK: "Asia/Hong_Kong", TW: "Asia/Taipei", JP: "Asia/Tokyo", KR: "Asia/Seoul", TH: "Asia/Bangkok",
  SG: "Asia/Singapore", DE: "Europe/Berlin", FR: "Europe/Paris", ES: "Europe/Madrid", IT: "Europe/Rome",
  GB: "Europe/London", RU: "Europe/Moscow", US: "America/New_York", CA: "America/Toronto", SA: "Asia/Riyadh",
  AE: "Asia/Dubai", EG: "Africa/Cairo", AU: "Australia/Sydney",
};

/** The time zone dates are shown in when the buyer's own is unknown (server rendering): the country's main one. */
export function timeZoneForCountry(countryCode: string | null | undefined): string {
  return TIME_ZONES[(countryCode ?? "").toUpperCase()] ?? "UTC";
}
