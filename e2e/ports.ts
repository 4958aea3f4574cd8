export const E2E = {
  storefrontPort: 8797,
  apiPort: 8798,
  stateDir: ".wrangler/e2e-state",
  storefront: "http://127.0.0.1:8797",
  api: "http://127.0.0.1:8798",
  /** Buyers in this region reach an upstream that refuses connections: the outage journeys use it. */
  unreachableRegion: { country: "JP", table: { "local/ap-southeast": "https://127.0.0.1:1" } },
} as const;
