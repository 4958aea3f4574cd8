export const E2E = {
  storefrontPort: 8797,
  apiPort: 8798,
  stateDir: ".wrangler/e2e-state",
  storefront: "http://127.0.0.1:8797",
  api: "http://127.0.0.1:8798",
} as const;
