/** The headers a probed request answers with (d1-probe.ts), which the bench reads. */
export const PROBE_HEADERS = { depth: "x-bench-d1-depth", writes: "x-bench-d1-writes" } as const;
