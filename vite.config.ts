import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React Router in one chunk of its own: split by the import graph it was four, whose seams cost every screen about
 * 2.5 KB gzip of first-load JS, and it changes only with its version (docs/decisions/041). The console's build too.
 */
export const REACT_ROUTER_CHUNK = { groups: [{ name: "react-router", test: /node_modules\/(react-router|react\/jsx-runtime)/ }] };

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` turns the payment sandbox on by name (it is a var, not one of the secrets .dev.vars
      // gives); a build never carries it (docs/decisions/027).
      ...(command === "serve" ? { config: (config: { vars?: Record<string, unknown> }) => ({ vars: { ...config.vars, PAYMENT_SANDBOX: "on" } }) } : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  build: { rolldownOptions: { output: { codeSplitting: REACT_ROUTER_CHUNK } } },
}));
