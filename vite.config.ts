import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import { localeBundlesPlugin } from "./locales/browser-bundles.ts";
import { devVars, RECEIVER_PORT, STATE_DIR } from "./scripts/lib/project.ts";
import { demoEndpoints } from "./scripts/lib/webhook-receiver.ts";

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

/**
 * The API reference's bundle is a text module, as cloud-api/wrangler.jsonc's rules make it for wrangler (a Vite
 * environment ignores those rules): for the cloud-api under `npm run dev` and in the Worker tests (vitest.config.ts).
 */
export const apiReferenceAsText: Plugin = {
  name: "api-reference-as-text",
  enforce: "pre",
  load(id) {
    // Under the dev server the optimizer's version query follows the path.
    const [path = ""] = id.split("?");
    if (path.endsWith("/@scalar/api-reference/dist/browser/standalone.js")) return `export default ${JSON.stringify(readFileSync(path, "utf8"))};`;
  },
};

/**
 * The cloud-api under `npm run dev`: the sandbox on and the demo receiver as its integration-event endpoint, as npm start
 * runs it, and the secrets its config requires from the checkout's .dev.vars (the plugin would look beside its config).
 */
function localCloudApiConfig(config: { vars?: Record<string, unknown>; compatibility_flags?: string[]; secrets?: { required?: string[] } }) {
  const vars = devVars();
  const secrets = Object.fromEntries((config.secrets?.required ?? []).map((name) => [name, vars[name] ?? ""]));
  return {
    vars: { ...config.vars, ...secrets, PAYMENT_SANDBOX: "on", WEBHOOK_ENDPOINTS: demoEndpoints(RECEIVER_PORT) },
    compatibility_flags: devCompatibilityFlags(config.compatibility_flags),
  };
}

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
            persistState: { path: STATE_DIR },
            // The cloud-api in the same workerd, bound as CLOUD_API (docs/decisions/066); scripts/dev.ts serves its port.
            auxiliaryWorkers: [{ configPath: "./cloud-api/wrangler.jsonc", config: localCloudApiConfig }],
          }
        : {}),
    }),
    tailwindcss(),
    reactRouter(),
    localeBundlesPlugin(),
    ...(command === "serve" ? [apiReferenceAsText] : []),
  ],
  // Vite's dev server answers any localhost origin's CORS check by default, which would let another local page
  // drive the dev cloud-api; the deployed Workers send no CORS at all, and neither does development.
  server: { cors: false },
  build: { rolldownOptions: { output: { codeSplitting: REACT_ROUTER_CHUNK } } },
}));
