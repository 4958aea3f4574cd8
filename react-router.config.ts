import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each route's client code loads only with its route.
  splitRouteModules: true,
} satisfies Config;
