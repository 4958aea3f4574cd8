import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import type { CloudApiEnv } from "#api/env.ts";

/**
 * Brakes on lookups by a key someone could guess one after another (a coupon list, a card code): each
 * user's lookups are counted by a Workers Rate Limiting binding (cloud-api/wrangler.jsonc), in memory and
 * outside D1, and past its limit the lookup is refused with 429 whatever it would have found, so that a
 * guess that hit looks like one that missed. LOOKUP_LIMITS=off lifts them for the e2e journeys and the
 * bench; production refuses that (env.ts). docs/decisions/031 and 039.
 */
export async function limitLookups(env: CloudApiEnv, limiter: RateLimit, key: string, what: string): Promise<void> {
  if (env.LOOKUP_LIMITS === "off") return;
  if (!(await limiter.limit({ key })).success) throw new ApiError(Status.rateLimited, `too many ${what} in a short time; try again in a minute`);
}
