import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { localeBundlesPlugin } from "./locales/browser-bundles.ts";

/**
 * React Router in one chunk of its own: split by the import graph it was four, whose seams cost every screen about
 * 2.5 KB gzip of first-load JS, and it changes only with its version (docs/decisions/041). The console's build too.
 */
export const REACT_ROUTER_CHUNK = { groups: [{ name: "react-router", test: /node_modules\/(react-router|react\/jsx-runtime)/ }] };

/**
 * A Worker's compatibility flags under `npm run dev`: nodejs_compat in place of nodejs_als (which it includes; workerd
 * refuses a flag named twice). Unbundled, @sentry/cloudflare's index loads integrations that import
 * node:diagnostics_channel, which the build's tree shaking drops: the deployed Workers keep nodejs_als alone, and
 * npm start serves the build. The console's dev server too.
 */
export const devCompatibilityFlags = (flags: string[] = []) => [...flags.filter((flag) => flag !== "nodejs_als"), "nodejs_compat"];

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` turns the payment sandbox on by name (it is a var, not one of the secrets .dev.vars
      // gives); a build never carries it (docs/decisions/027).
      ...(command === "serve"
        ? {
            config: (config: { vars?: Record<string, unknown>; compatibility_flags?: string[] }) => ({
              vars: { ...config.vars, PAYMENT_SANDBOX: "on" },
              compatibility_flags: devCompatibilityFlags(config.compatibility_flags),
            }),
          }
        : {}),
    }),
    tailwindcss(),
    reactRouter(),
    localeBundlesPlugin(),
  ],
  build: { rolldownOptions: { output: { codeSplitting: REACT_ROUTER_CHUNK } } },
}));
