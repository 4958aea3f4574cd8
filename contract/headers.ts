/** The headers a probed request answers with (d1-probe.ts), which the bench reads. */
export const PROBE_HEADERS = { depth: "x-bench-d1-depth", writes: "x-bench-d1-writes", calls: "x-bench-upstream-calls" } as const;

/**
 * A D1 Sessions API bookmark (docs/decisions/032): the cloud-api answers a write with the database's
 * position after it, and the storefront sends the buyer's latest one with each call, so that a read
 * replica answers only once it has caught up with the buyer's own writes.
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
