import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The console's pages (console/app/routes/<area>.*.tsx); each area adds its own lines. */
export default [
  index("routes/home.ts"),
  route("language", "routes/language.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
