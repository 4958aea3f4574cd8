import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The console's pages (console/app/routes/<area>.*.tsx); each area adds its own lines. */
export default [
  index("routes/home.ts"),
  route("language", "routes/language.ts"),
  route("operators", "routes/operators.tsx"),
  route("audit", "routes/audit.tsx"),
  route("deliveries", "routes/deliveries.tsx"),
  route("today", "routes/today.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:orderId", "routes/orders.$orderId.tsx"),
  route("packages", "routes/packages.tsx"),
  route("packages/new", "routes/packages.new.tsx"),
  route("packages/:id", "routes/packages.$id.tsx"),
  route("coupons", "routes/coupons.tsx"),
  route("coupons/:id", "routes/coupons.$id.tsx"),
  route("cards", "routes/cards.tsx"),
  route("cards/:id", "routes/cards.$id.tsx"),
  route("cards/:id/codes.csv", "routes/cards.$id.codes.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
