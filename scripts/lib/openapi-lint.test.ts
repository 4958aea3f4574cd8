import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import * as endpoints from "#contract/endpoints.ts";
import { unstable_readConfig } from "wrangler";
import { buildOpenApiDocument, PRODUCTION_DOMAIN } from "#api/http/openapi.ts";
import { ROOT } from "./project.ts";

/**
 * The cloud-api's OpenAPI document (the one /v1/openapi.json serves: cloud-api/test/openapi.test.ts
 * compares them) passes Spectral's `spectral:oas` and Redocly's `recommended` rules with no error and no
 * warning (.spectral.yaml, redocly.yaml). Both check every example against its schema.
 */
const run = promisify(execFile);
const bin = (name: string) => `${ROOT}node_modules/.bin/${name}`;
// Neither tool may reach out: no telemetry, no update check.
const offline = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_UPDATE_NOTIFIER: "1" };
let file = "";

beforeAll(() => {
  file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(Object.values(endpoints)), null, 2));
});

/** Runs a linter that exits non-zero on findings; its report is on stdout either way. */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(bin(command), args, { cwd: ROOT, env: offline, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe("the OpenAPI document under outside linters", () => {
  it("names production's server by the custom domain production is deployed at", () => {
    const production = unstable_readConfig({ config: `${ROOT}cloud-api/wrangler.jsonc`, env: "production" }, { hideWarnings: true });
    expect(production.routes).toContainEqual(expect.objectContaining({ pattern: PRODUCTION_DOMAIN, custom_domain: true }));
  });

  it("passes Spectral's spectral:oas rules with no finding", async () => {
    const findings = JSON.parse(await report("spectral", ["lint", file, "--ruleset", `${ROOT}.spectral.yaml`, "--format", "json", "--quiet"])) as { code: string; message: string; path: string[] }[];
    expect(findings.map(({ code, message, path }) => `${code}: ${message} at ${path.join(".")}`)).toEqual([]);
  }, 60_000);

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const out = await report("redocly", ["lint", file, "--config", `${ROOT}redocly.yaml`, "--format", "json"]);
    const { totals, problems } = JSON.parse(out.slice(out.indexOf("{"))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
