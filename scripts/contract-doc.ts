/**
 * npm run contract-doc: docs/contract.md, the wire contract in prose, generated from contract/ (the rules
 * every call follows from contract/rules.md, every endpoint's method, path, access and fields, and the business codes). With --check it only fails when
 * the file is out of date, which `npm run typecheck` runs so that the description cannot drift.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { Status, httpStatusOf } from "#contract/codes.ts";
import { OPERATOR_HEADERS, OPERATOR_SIGNED_TEXT, S2S_WINDOW_SECONDS } from "#contract/signature.ts";
import * as endpoints from "#contract/endpoints.ts";
import type { Endpoint } from "#contract/endpoints.ts";
import { csvColumnsOf } from "#contract/fields.ts";
import { ROOT } from "./lib/project.ts";

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[]; enum?: unknown[]; const?: unknown };

const OUT = `${ROOT}docs/contract.md`;
const ACCESS = {
  app: "signed request",
  user: "signed request + accessToken",
  s2s: "signed request + server-to-server credential",
  operator: "signed request + operator credential",
};

const OPERATOR_SECTION = [
  "The operator console's calls (docs/decisions/057), under `/v1/operator/`. Only the embedded cloud-api serves them, to its own",
  "console: a brand's own upstream does not implement them, and `npm run conformance` does not ask for them. Each carries, beside",
  `the request signature, the operator credential: the operator's email (\`${OPERATOR_HEADERS.email}\`), its timestamp`,
  `(\`${OPERATOR_HEADERS.timestamp}\`, within ${S2S_WINDOW_SECONDS} s) and \`${OPERATOR_HEADERS.signature}\`, hex HMAC-SHA256 keyed with`,
  `OPERATOR_SECRET (never S2S_SECRET) of \`${OPERATOR_SIGNED_TEXT}\` (contract/operator.ts \`operatorRequestHeaders\`), usable once. The role is read from`,
  `the cloud-api's operators table, never sent: an email that is not an enabled operator is refused with ${Status.notAnOperator}, a role`,
  `below the endpoint's least role with ${Status.roleTooLow} (HTTP 403). Operator endpoints refuse an access token and the`,
  "server-to-server credential, and every other endpoint refuses the operator credential (401).",
].join(" ");

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" \\| ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" \\| ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === "array") return `${schema.items ? typeOf(schema.items) : "unknown"}[]`;
  if (schema.type === "object" && schema.properties) return `{ ${Object.keys(schema.properties).join(", ")} }`;
  return [schema.type ?? "unknown"].flat().join(" \\| ");
}

function fields(schema: z.ZodType, io: "input" | "output"): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  if (!json.properties) return `${typeOf(json)}\n`;
  const rows = Object.entries(json.properties).map(([name, field]) => `| ${name} | ${typeOf(field)} | ${json.required?.includes(name) ? "yes" : ""} |`);
  return ["| field | type | required |", "| --- | --- | --- |", ...rows].join("\n") + "\n";
}

/** The envelope's data, or the CSV that is sent instead of the envelope. */
function outputOf(schema: z.ZodType): string[] {
  const csvColumns = csvColumnsOf(schema);
  if (csvColumns) return ["Output: not the envelope but `text/csv`, streamed, with the header line", "", `    ${csvColumns.join(",")}`, ""];
  return ["Output (`data`):", "", fields(schema, "output")];
}

function section(name: string, endpoint: Endpoint): string {
  return [
    `## ${endpoint.method} ${endpoint.path}`,
    "",
    `\`${name}\`, ${ACCESS[endpoint.access]}${endpoint.role ? `, least role ${endpoint.role}` : ""}. ${endpoint.summary}.`,
    "",
    "Input:",
    "",
    fields(endpoint.input, "input"),
    ...outputOf(endpoint.output),
  ].join("\n");
}

const codes = Object.entries(Status).map(([name, code]) => `| ${code} | ${name} | ${httpStatusOf(code)} |`);
const all: [string, Endpoint][] = Object.entries(endpoints);
const text = [
  "# The wire contract",
  "",
  "Generated from contract/ (its rules.md, then every endpoint) by `node scripts/contract-doc.ts`; do not edit by hand.",
  "",
  readFileSync(`${ROOT}contract/rules.md`, "utf8"),
  "## Business codes",
  "",
  "| status | name | HTTP |",
  "| --- | --- | --- |",
  ...codes,
  "",
  ...all
    .filter(([, endpoint]) => endpoint.access !== "operator")
    .sort(([, a], [, b]) => a.path.localeCompare(b.path))
    .map(([name, endpoint]) => section(name, endpoint)),
  "# Operator endpoints",
  "",
  OPERATOR_SECTION,
  "",
  ...all
    .filter(([, endpoint]) => endpoint.access === "operator")
    .sort(([, a], [, b]) => a.path.localeCompare(b.path))
    .map(([name, endpoint]) => section(name, endpoint)),
].join("\n");

if (process.argv.includes("--check")) {
  const current = readFileSync(OUT, { encoding: "utf8", flag: "a+" });
  if (current !== text) {
    console.error("docs/contract.md is out of date with contract/: run node scripts/contract-doc.ts");
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
}
