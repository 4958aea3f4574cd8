import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The console's pages (console/app/routes/<area>.*.tsx); each area adds its own lines. */
export default [
  index("routes/home.ts"),
  route("language", "routes/language.ts"),
  route("operators", "routes/operators.tsx"),
  route("audit", "routes/audit.tsx"),
  route("deliveries", "routes/deliveries.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
