import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { localeBundlesPlugin } from "./locales/browser-bundles.ts";
import { devVars, RECEIVER_PORT, STATE_DIR } from "./scripts/lib/project.ts";
import { demoEndpoints } from "./scripts/lib/webhook-receiver.ts";

/**
 * React Router in one chunk of its own: split by the import graph it was four, whose seams cost every screen about
 * 2.5 KB gzip of first-load JS, and it changes only with its version (docs/decisions/041). The console's build too.
 */
export const REACT_ROUTER_CHUNK = { groups: [{ name: "react-router", test: /node_modules\/(react-router|react\/jsx-runtime)/ }] };

/** React, React DOM and React Router: they change only with their versions. */
const FRAMEWORK = /node_modules\/(react-router|react|react-dom|scheduler)\//;
/**
 * Screens that count as one family when a module's chunk is named after the screens that load it, by route file: the
 * purchase screens with the services screen that opens them, and the order screens.
 */
const SCREEN_FAMILIES: [string, RegExp][] = [
  ["purchase", /(-buy|\/services)\.tsx$/],
  ["orders", /order-(list|detail)\.tsx$/],
];
const ROUTES_DIR = resolve(import.meta.dirname, "app/routes");
const ROOT_ROUTE = resolve(import.meta.dirname, "app/root.tsx");

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const routeModules = () =>
  readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .map((file) => resolve(ROUTES_DIR, file));

const familyOf = (route: string) => SCREEN_FAMILIES.find(([, file]) => file.test(route))?.[0] ?? route.slice(ROUTES_DIR.length + 1).replace(/\.tsx?$/, "");

/** What loads with a module: what it imports statically, itself included. */
function staticGraph(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const next = [start];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    next.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

interface ChunkName {
  name: string;
  families: number;
}

/**
 * Each module's chunk by the screens that load it (docs/decisions/065): the root route's graph, and what both
 * families load, is the shell; what several route modules load goes into one chunk per set of screen families,
 * named after them; what one route module alone loads stays in its chunk, as does the route module.
 */
function chunkNames(graph: ModuleGraph): Map<string, ChunkName> {
  const loadedBy = new Map<string, Set<string>>();
  const routes = routeModules();
  for (const route of routes) for (const id of staticGraph(graph, route)) if (!routes.includes(id)) loadedBy.set(id, (loadedBy.get(id) ?? new Set()).add(route));
  const shell = { name: "shell", families: Infinity };
  const names = new Map<string, ChunkName>();
  for (const [id, routesOf] of loadedBy) {
    if (routesOf.size < 2) continue;
    const families = new Set([...routesOf].map(familyOf));
    const everywhere = SCREEN_FAMILIES.every(([family]) => families.has(family));
    names.set(id, everywhere ? shell : { name: [...families].sort().join("~").replaceAll("/", "-"), families: families.size });
  }
  for (const id of staticGraph(graph, ROOT_ROUTE)) names.set(id, shell);
  return names;
}

/**
 * The browser build's chunks. Split by the import graph alone, a purchase screen loaded 21 chunks, many of a few
 * hundred bytes, whose seams cost it about 4 KB gzip of first-load JS. The framework and the shell, which every
 * screen loads, are one chunk (the shell changes with every release, and the framework with it). A group also takes
 * in what its modules import unless a group of higher priority took it first, and what a module imports is loaded
 * by at least the same screens: so the groups go from the most screens down.
 */
export function clientChunks() {
  let names: Map<string, ChunkName> | undefined;
  const chunkOf = (id: string, graph: ModuleGraph) => (names ??= chunkNames(graph)).get(id);
  const familyCounts = routeModules().map((_, i) => i + 1);
  return {
    groups: [
      {
        name: (id: string, graph: ModuleGraph) => (FRAMEWORK.test(id) || chunkOf(id, graph) === chunkOf(ROOT_ROUTE, graph) ? "framework" : null),
        debugName: "framework and shell",
        priority: familyCounts.length + 1,
      },
      ...familyCounts.map((count) => ({
        name: (id: string, graph: ModuleGraph) => (chunkOf(id, graph)?.families === count ? (chunkOf(id, graph)?.name ?? null) : null),
        debugName: `loaded by ${count} families`,
        priority: count,
      })),
    ],
  };
}

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
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks() } } } } },
}));
