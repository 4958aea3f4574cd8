import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { CONSOLE_PORT, devVars } from "../scripts/lib/project.ts";
import { devCompatibilityFlags, REACT_ROUTER_CHUNK } from "../vite.config.ts";

/** The console's build and dev server (`react-router build console`, `react-router dev console`). */
export default defineConfig(({ command }) => ({
  // Its own dependency cache: the storefront's dev server optimises into node_modules/.vite at the same time.
  cacheDir: "../node_modules/.vite/console",
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      inspectorPort: false,
      // `npm run dev`: the Access stand-in on this checkout's port, turned on by name, and the secrets of the
      // checkout's .dev.vars (the plugin would look beside console/wrangler.jsonc); a build carries neither.
      ...(command === "serve"
        ? {
            config: (config: { vars?: Record<string, unknown>; compatibility_flags?: string[] }) => {
              const { APP_ID = "", APP_SECRET = "", OPERATOR_SECRET = "" } = devVars();
              return {
                vars: { ...config.vars, APP_ID, APP_SECRET, OPERATOR_SECRET, ACCESS_STAND_IN: "on", ACCESS_TEAM_DOMAIN: `http://127.0.0.1:${CONSOLE_PORT}` },
                compatibility_flags: devCompatibilityFlags(config.compatibility_flags),
              };
            },
          }
        : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  server: { cors: false }, // as the storefront's dev server (vite.config.ts)
  build: { rolldownOptions: { output: { codeSplitting: REACT_ROUTER_CHUNK } } },
}));
