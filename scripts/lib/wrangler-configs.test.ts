import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.ts";
import { accessVariableProblems } from "#console/app/access-rules.ts";

const CONFIGS = { storefront: `${ROOT}wrangler.jsonc`, cloudApi: `${ROOT}cloud-api/wrangler.jsonc`, console: `${ROOT}console/wrangler.jsonc` };
/** What of a resolved wrangler config names something in the account. */
interface Deployed {
  name?: string;
  services?: { service: string }[];
  queues: { producers?: { queue: string }[]; consumers?: { queue: string }[] };
  ratelimits: { namespace_id: string }[];
  vars: Record<string, unknown>;
  routes?: unknown[];
  workers_dev?: boolean;
  preview_urls?: boolean;
}
const read = (config: string, env?: string): Deployed => unstable_readConfig({ config, env }, { hideWarnings: true });

/** Everything a deployment of one environment claims in the account: Workers, bound Workers, queues, rate-limit namespaces. */
function claims(config: Deployed): string[] {
  return [
    `worker ${config.name}`,
    ...(config.services ?? []).map((service) => `bound worker ${service.service}`),
    ...(config.queues.producers ?? []).map((queue) => `queue ${queue.queue}`),
    ...(config.queues.consumers ?? []).map((queue) => `queue ${queue.queue}`),
    ...config.ratelimits.map((limit) => `rate limit namespace ${limit.namespace_id}`),
  ];
}

describe("wrangler environments", () => {
  for (const [part, file] of Object.entries(CONFIGS)) {
    it(`${part}: the local settings claim nothing of production's or the preview's, so a deploy without --env cannot replace them`, () => {
      const local = claims(read(file));
      for (const env of ["production", "preview"]) {
        const deployed = claims(read(file, env));
        expect(local.filter((claim) => deployed.includes(claim)), env).toEqual([]);
      }
      expect(read(file).vars.ENVIRONMENT).toBe("local");
      expect(read(file, "production").vars.ENVIRONMENT).toBe("production");
    });

    it(`${part}: production answers only at its own domain, with no workers.dev address or preview URL`, () => {
      const production = read(file, "production");
      expect(production.routes?.length).toBeGreaterThan(0);
      expect(production.workers_dev).toBe(false);
      expect(production.preview_urls).toBe(false);
    });
  }
});

describe("the console's Access settings (what npm run deploy checks first)", () => {
  it("preview and production name a real Access team, never the local stand-in", () => {
    for (const env of ["preview", "production"]) expect(accessVariableProblems(read(CONFIGS.console, env).vars), env).toEqual([]);
  });

  it("a production console naming the stand-in, or an http team domain, is refused with the reason", () => {
    expect(accessVariableProblems({ ENVIRONMENT: "production", ACCESS_STAND_IN: "on", ACCESS_TEAM_DOMAIN: "http://127.0.0.1:8790", ACCESS_AUD: "aud" })).toEqual([
      "ACCESS_STAND_IN: the Access stand-in is refused in production",
    ]);
    expect(accessVariableProblems({ ENVIRONMENT: "production", ACCESS_TEAM_DOMAIN: "http://camcloud.cloudflareaccess.com", ACCESS_AUD: "aud" })).toEqual([
      "ACCESS_TEAM_DOMAIN: must be https://<team>.cloudflareaccess.com (the local stand-in's http://127.0.0.1:<port> only with ACCESS_STAND_IN=on)",
    ]);
  });

  it("the local settings run on the stand-in only when it is turned on by name", () => {
    const local = read(CONFIGS.console).vars;
    expect(accessVariableProblems({ ...local, ACCESS_STAND_IN: "on" })).toEqual([]);
    expect(accessVariableProblems(local)).toHaveLength(1);
  });
});
