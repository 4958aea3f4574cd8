import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createServer, request as forward } from "node:http";
import { LOCAL_CLOUD_API_HEADER } from "../../workers/local-cloud-api.ts";
import { prepareLocalDatabases } from "./local-db.ts";
import { endProcess, quietEnv, waitForHttp } from "./process.ts";
import { ROOT, STATE_DIR } from "./project.ts";
import { unstable_readConfig } from "wrangler";
import { startAccessStandIn } from "./access-stand-in.ts";

export interface ServeOptions {
  stateDir?: string;
  storefrontPort: number;
  apiPort: number;
  /** Extra variables for both Workers (e.g. a shorter upstream timeout in fault tests). */
  vars?: Record<string, string>;
  /** Extra variables for the cloud-api only (where it delivers integration events). */
  apiVars?: Record<string, string>;
  quiet?: boolean;
  /** A file descriptor the servers' output goes to instead (npm start's log). */
  log?: number;
  /** The console: the Access stand-in operators open on `port`, in front of the console Worker on `workerPort`. */
  console?: { port: number; workerPort: number };
}

/** The local console's Access application's AUD tag, as console/wrangler.jsonc names it. */
export const localAccessAudience = () => String(unstable_readConfig({ config: `${ROOT}console/wrangler.jsonc` }, { hideWarnings: true }).vars.ACCESS_AUD);

/**
 * Serves the built storefront and the cloud-api under local workerd, each in its own `wrangler dev`
 * (so the cloud-api has a port of its own, as the companion app would call it). They find each other
 * through a dev registry private to the state folder, so separate runs (npm start, e2e) do not mix.
 */
export async function startServers(options: ServeOptions) {
  const stateDir = options.stateDir ?? STATE_DIR;
  const env = { ...quietEnv, WRANGLER_REGISTRY_PATH: `${ROOT}${stateDir}/registry` };
  const wrangler = `${ROOT}node_modules/.bin/wrangler`;
  // The payment sandbox is turned on by name for every local server (a var: .dev.vars only gives the
  // secrets wrangler.jsonc lists); the built Worker and the deployed environments never carry it.
  const vars = { PAYMENT_SANDBOX: "on", ...options.vars };
  const varArgs = (extra: Record<string, string> = {}) => Object.entries({ ...vars, ...extra }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const common = ["--ip", "127.0.0.1", "--persist-to", stateDir, "--env-file", `${ROOT}.dev.vars`, "--show-interactive-dev-session=false"];
  const stdio: StdioOptions = options.log !== undefined ? ["ignore", options.log, options.log] : options.quiet ? "ignore" : "inherit";
  const children: ChildProcess[] = [];
  let standIn: { close(): void } | undefined;
  const stop = async () => {
    standIn?.close();
    await Promise.all(children.map(endProcess));
  };
  // One after the other: two wrangler processes starting at once can race for the registry's socket.
  const serve = async (config: string, port: number, workerVars: string[]) => {
    const child = spawn(wrangler, ["dev", "-c", config, "--port", String(port), ...common, ...workerVars], { cwd: ROOT, env, stdio });
    children.push(child);
    child.on("exit", (code) => code && code !== 0 && void stop());
    await waitForHttp(`http://127.0.0.1:${port}/`, 60_000);
  };
  try {
    await serve("cloud-api/wrangler.jsonc", options.apiPort, varArgs(options.apiVars));
    await serve("build/server/wrangler.json", options.storefrontPort, varArgs());
    if (options.console) {
      // The console Worker on the stand-in, turned on by name as the sandbox is; the stand-in last, so that once
      // it answers everything does (the console fetches its keys from it at its first request).
      const teamDomain = `http://127.0.0.1:${options.console.port}`;
      await serve("console/build/server/wrangler.json", options.console.workerPort, ["--var", "ACCESS_STAND_IN:on", "--var", `ACCESS_TEAM_DOMAIN:${teamDomain}`]);
      standIn = await startAccessStandIn({ port: options.console.port, worker: `http://127.0.0.1:${options.console.workerPort}`, audience: localAccessAudience() });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, children };
}

/**
 * The cloud-api's own port under `npm run dev`, where it runs as an auxiliary Worker of the storefront's Vite dev server
 * (docs/decisions/066): each request goes to the storefront as sent (method, path, headers, body; the Host names this
 * port) with LOCAL_CLOUD_API_HEADER, and the storefront's dev build passes it to its CLOUD_API binding. 127.0.0.1 only.
 */
export async function serveLocalCloudApiPort(options: { port: number; storefrontPort: number }): Promise<{ url: string; close(): void }> {
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, [LOCAL_CLOUD_API_HEADER]: "1" };
    const upstream = forward({ host: "127.0.0.1", port: options.storefrontPort, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", (error) => {
      if (outgoing.headersSent) return outgoing.destroy(error);
      outgoing.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" }).end(`The storefront's dev server, which runs the cloud-api, did not answer: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${options.port}`, close: () => server.close() };
}

/** A fresh demo on its own ports and state: what the e2e tests, the bench and the screenshots run against. */
export async function serveFreshDemo(options: ServeOptions & { stateDir: string }) {
  await prepareLocalDatabases({ stateDir: options.stateDir, fresh: true });
  return startServers(options);
}
