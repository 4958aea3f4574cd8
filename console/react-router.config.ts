import type { Config } from "@react-router/dev/config";

/** The operator console (console/wrangler.jsonc): built with `react-router build console`. */
export default {
  ssr: true,
  splitRouteModules: true,
} satisfies Config;
