import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
}));
