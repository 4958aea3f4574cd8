import { z } from "zod";
import { REFUSAL_REASONS } from "#domain/refusals.ts";
import {
  OPERATOR_HEADERS,
  OPERATOR_SIGNED_LINES,
  OPERATOR_SIGNED_TEXT,
  S2S_HEADERS,
  S2S_SIGNED_LINES,
  S2S_SIGNED_TEXT,
  S2S_WINDOW_SECONDS,
} from "#contract/signature.ts";
import { type BusinessStatus, httpStatusOf, Status } from "#contract/codes.ts";
import * as endpoints from "#contract/endpoints.ts";
import type { Endpoint } from "#contract/endpoints.ts";
import { BOOKMARK_HEADER } from "#contract/headers.ts";
import { countryCode, csvColumnsOf, language } from "#contract/fields.ts";
import { exampleOf, inputJsonSchema, jsonSchema, type JsonSchema } from "#contract/json-schema.ts";

/** The refusals an operation may answer; 405 is answered for a method no operation takes (the info says). */
type ErrorStatus = Exclude<BusinessStatus, 200 | 405>;

export interface OpenApiDocument {
  openapi: `3.1.${number}`;
  info: { title: string; version: string; description: string; contact: { name: string }; license: { name: string; identifier: string } };
  servers: { url: string; description: string; variables?: Record<string, { default: string; description: string }> }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: Record<string, Record<string, JsonSchema>>;
}

const errorMeaning: Record<ErrorStatus, string> = {
  [Status.invalidParams]: "invalid params; msg names the field",
  [Status.badSignature]: "bad or missing signature, or a replayed request",
  [Status.forbidden]: "the device is not owned by the token's user",
  [Status.notFound]: "not found",
  [Status.conflict]: "state conflict, e.g. cancelling a paid order",
  [Status.rateLimited]: "rate limited",
  [Status.internal]: "internal error",
  [Status.tokenExpired]: "access token expired (operations that take an accessToken)",
  [Status.tokenInvalid]: "access token invalid (operations that take an accessToken)",
  [Status.notAnOperator]: "the operator credential names no enabled operator (operator endpoints)",
  [Status.roleTooLow]: "the operator's role is below the endpoint's least role, which msg names (operator endpoints)",
};

/** docs/contract.md signing headers; all four together authorise a call. */
const signingHeaders = {
  appid: "The app's id.",
  noticeStr:
    "A random 8-digit number; the same noticeStr and timestamp are refused again for the same appid and caller " +
    "(the access token of a user call; method, path and body of an app-level call, which ignores an accessToken header).",
  timestamp: "Unix seconds, within 300 s of the server's clock.",
  signature: "md5_hex_lower(appid + appSecret + noticeStr + timestamp).",
};

const contextHeaders = {
  platform: { description: "The client platform, H5 for the storefront.", schema: { type: "string", examples: ["H5"] } },
  appVersion: { description: "The client version, 2.0.", schema: { type: "string", examples: ["2.0"] } },
  // Refused as the body's fields of the same names are (cloud-api/src/app.ts reads them with these schemas).
  countryCode: { description: "The buyer's country, for operations whose input does not say.", schema: { ...jsonSchema(countryCode, "input"), default: "CN" } },
  appLanguage: { description: "The buyer's language, for operations whose input does not say.", schema: { ...jsonSchema(language, "input"), default: "en" } },
};

/** An HMAC's formula as contract/signature.ts computes it, each line named (an issue found a hand-written one stale). */
function hmacDescription(calls: string, text: string, signedLines: Record<string, string>): string {
  const lines = Object.entries(signedLines).map(([line, meaning]) => `${line} is ${meaning}`);
  return `${calls}: hex HMAC-SHA256 keyed with S2S_SECRET of \`${text}\`, where ${lines.join("; ")}; usable once.`;
}

/** A CSV answer: its header line, then a line per row (RFC 4180 quoting), streamed. */
function csvBody(columns: readonly string[]) {
  const header = columns.join(",");
  return { schema: { type: "string", description: `CSV (RFC 4180), streamed: the header line \`${header}\`, then one line per row` }, example: `${header}\r\n` };
}

/** A JSON body with an example the schema accepts (the OpenAPI lint checks each against its schema). */
function json(schema: JsonSchema, example: unknown = exampleOf(schema)) {
  return { content: { "application/json": { schema, example } } };
}

type OperationId = keyof typeof endpoints;

/** env.production's custom domain in cloud-api/wrangler.jsonc (scripts/lib/openapi-lint.test.ts keeps them equal). */
export const PRODUCTION_DOMAIN = "api.shop.example.com";

/** Each operation's id is its name in contract/endpoints.ts, as docs/contract.md names it. */
const operationIds = new Map(Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, name as OperationId]));

/** Tags by the path's segment after /v1/cloud or /v1/member, in the reader's order; every /v1/operator endpoint is under "operator". */
const tags: Record<string, string> = {
  user: "Signing a user in and refreshing tokens",
  device: "The user's devices",
  package: "Packages for sale, and what a device has in use",
  entitlement: "A device's service periods",
  coupon: "The user's coupons",
  order: "Orders: creation, payment, status and history",
  simcard: "SIM cards and their data",
  vip: "A device's VIP state",
  ai: "A device's AI service",
  "vip-card": "VIP cards received on a device",
  "storage-card": "Cloud storage cards received on a device",
  batch: "Several calls in one signed request (optional for a brand's upstream)",
  // Last: a brand's engineer reads the buyer's endpoints first, and implements none of these.
  operator:
    "The operator console's endpoints (docs/decisions/057): served by the embedded cloud-api to its own console only, " +
    "signed with the operator credential; a brand's own upstream does not implement them, and conformance does not ask for them",
};

function tagOf(path: string): string {
  const tag = path.startsWith("/v1/operator/") ? "operator" : (path.split("/")[3] ?? "");
  if (!(tag in tags)) throw new Error(`openapi: no tag describes ${path}; add one`);
  return tag;
}

const accessNeeds: Record<Endpoint["access"], string> = {
  app: "A signed request; an accessToken header, which the spec's clients send on every call, is accepted and ignored (it names no caller).",
  user: "A signed request with the user's accessToken.",
  s2s: "A signed request that also carries the server-to-server credential: the companion app's backend only.",
  operator:
    "The embedded cloud-api's operator console only: a signed request that also carries the operator credential; " +
    "the operator's role comes from the cloud-api's operators table.",
};

/** Where one answer feeds another call: OpenAPI links, with the fields they carry over. */
const links: Partial<Record<OperationId, Record<string, { operationId: OperationId; description: string; requestBody: Record<string, unknown> }>>> = {
  deviceList: {
    packageList: {
      operationId: "packageList",
      description: "A listed device's cloud storage packages.",
      requestBody: { deviceId: "$response.body#/data/items/0/deviceId", type: 1 },
    },
  },
  orderList: {
    orderDetail: { operationId: "orderDetail", description: "A listed order in full.", requestBody: { orderId: "$response.body#/data/orderList/0/orderId" } },
  },
  ...Object.fromEntries(
    (["confirmOrderV2", "confirmOrderV3", "orderRepay"] as const).map((id) => [
      id,
      {
        orderStatus: { operationId: "orderStatus", description: "The order's status while it is paid.", requestBody: { orderId: "$response.body#/data/orderId" } },
        orderDetail: { operationId: "orderDetail", description: "The order in full.", requestBody: { orderId: "$response.body#/data/orderId" } },
      },
    ]),
  ),
};

function errorResponses(): Record<string, JsonSchema> {
  const codesByHttp = new Map<number, ErrorStatus[]>();
  for (const code of Object.values(Status)) {
    if (code === Status.ok || code === Status.methodNotAllowed) continue;
    const http = httpStatusOf(code);
    codesByHttp.set(http, [...(codesByHttp.get(http) ?? []), code]);
  }
  return Object.fromEntries(
    [...codesByHttp].map(([http, codes]) => [
      String(http),
      {
        description: codes.map((code) => `${code}: ${errorMeaning[code]}`).join("; "),
        ...json(jsonSchema(z.object({ status: z.literal(codes), msg: z.string(), data: z.null(), reason: z.enum(REFUSAL_REASONS).optional() }), "output"), {
          status: codes[0],
          msg: errorMeaning[codes[0]!],
          data: null,
        }),
      },
    ]),
  );
}

function operationObject(op: Endpoint, errorHttpStatuses: string[]): JsonSchema {
  const input = inputJsonSchema(op);
  const { properties = {}, required = [] } = input as { properties?: Record<string, JsonSchema>; required?: string[] };
  const extra = { app: [], user: ["accessToken"], s2s: Object.values(S2S_HEADERS), operator: Object.values(OPERATOR_HEADERS) }[op.access];
  const security = Object.fromEntries([...Object.keys(signingHeaders), ...extra].map((name) => [name, []]));
  const operationId = operationIds.get(`${op.method} ${op.path}`);
  if (!operationId) throw new Error(`openapi: ${op.method} ${op.path} is not an endpoint of contract/endpoints.ts`);
  return {
    operationId,
    tags: [tagOf(op.path)],
    summary: op.summary,
    description: `${accessNeeds[op.access]}${op.role ? ` Least role: ${op.role}.` : ""} ${op.summary}.`,
    security: [security],
    parameters: [
      ...[...Object.keys(contextHeaders), "bookmark"].map((name) => ({ $ref: `#/components/parameters/${name}` })),
      ...(op.method === "GET"
        ? Object.entries(properties).map(([name, schema]) => ({ name, in: "query", required: required.includes(name), schema }))
        : []),
    ],
    ...(op.method === "POST" ? { requestBody: { required: true, ...json(input) } } : {}),
    responses: {
      200: {
        description: "success",
        headers: { [BOOKMARK_HEADER]: { $ref: "#/components/headers/bookmark" } },
        ...(csvColumnsOf(op.output)
          ? { content: { "text/csv": csvBody(csvColumnsOf(op.output)!) } }
          : json(jsonSchema(z.object({ status: z.literal(Status.ok), msg: z.literal("success"), data: op.output }), "output"))),
        ...(links[operationId] ? { links: links[operationId] } : {}),
      },
      ...Object.fromEntries(errorHttpStatuses.map((http) => [http, { $ref: `#/components/responses/${http}` }])),
    },
  };
}

const bookmarkDescription =
  "A D1 bookmark: an operation that wrote answers the database's position after its write; send the latest one " +
  "with the next calls, so that a read replica answers only once it has seen the caller's own writes.";

/** The OpenAPI 3.1 description of the contract's endpoints, from the same zod schemas that validate them. */
export function buildOpenApiDocument(operations: readonly Endpoint[]): OpenApiDocument {
  const responses = errorResponses();
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op, Object.keys(responses)) };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "CamCloud cloud-api",
      version: "1",
      description:
        "Every response is the envelope {status, msg, data}; status 200 is success, any other is a business code whose class " +
        "the HTTP status mirrors (401 for 1009 and 1010). An error may add `reason`, naming the refusal for the buyer's " +
        "language; `msg` is a detail in English. Every call carries the signing headers of the security schemes. " +
        "Inputs are taken exactly as described: text is not trimmed, a JSON body's numbers are JSON numbers, and a query's " +
        "are decimal digits. A method a path does not take answers 405, with an Allow header naming the ones it does.",
      contact: { name: "CamCloud" },
      license: { name: "Proprietary", identifier: "LicenseRef-CamCloud-Proprietary" },
    },
    servers: [
      { url: "http://127.0.0.1:8788", description: "Local: npm start and npm run dev (PORT_OFFSET shifts the port)" },
      {
        url: "https://{branch}-camcloud-api-preview.{account}.workers.dev",
        description: "A branch's preview (docs/decisions/019)",
        variables: {
          branch: { default: "main", description: "The branch's preview alias" },
          account: { default: "camcloud", description: "The Cloudflare account's workers.dev subdomain" },
        },
      },
      {
        url: "https://{domain}",
        description: "Production: its custom domain, the route of env.production in cloud-api/wrangler.jsonc",
        variables: { domain: { default: PRODUCTION_DOMAIN, description: "The production route's custom domain" } },
      },
    ],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        ...Object.fromEntries(Object.entries(signingHeaders).map(([name, description]) => [name, { type: "apiKey", in: "header", name, description }])),
        accessToken: { type: "apiKey", in: "header", name: "accessToken", description: "The user's access token." },
        [S2S_HEADERS.timestamp]: {
          type: "apiKey",
          in: "header",
          name: S2S_HEADERS.timestamp,
          description: `Server-to-server calls: Unix seconds, within ${S2S_WINDOW_SECONDS} s.`,
        },
        [S2S_HEADERS.signature]: {
          type: "apiKey",
          in: "header",
          name: S2S_HEADERS.signature,
          description: hmacDescription("Server-to-server calls", S2S_SIGNED_TEXT, S2S_SIGNED_LINES),
        },
        [OPERATOR_HEADERS.email]: {
          type: "apiKey",
          in: "header",
          name: OPERATOR_HEADERS.email,
          description: "Operator calls: the operator's email, which the cloud-api's operators table must list as enabled.",
        },
        [OPERATOR_HEADERS.timestamp]: {
          type: "apiKey",
          in: "header",
          name: OPERATOR_HEADERS.timestamp,
          description: `Operator calls: Unix seconds, within ${S2S_WINDOW_SECONDS} s.`,
        },
        [OPERATOR_HEADERS.signature]: {
          type: "apiKey",
          in: "header",
          name: OPERATOR_HEADERS.signature,
          description: hmacDescription("Operator calls", OPERATOR_SIGNED_TEXT, OPERATOR_SIGNED_LINES),
        },
      },
      parameters: {
        ...Object.fromEntries(Object.entries(contextHeaders).map(([name, header]) => [name, { name, in: "header", required: false, ...header }])),
        bookmark: { name: BOOKMARK_HEADER, in: "header", required: false, description: bookmarkDescription, schema: { type: "string" } },
      },
      headers: { bookmark: { description: `${bookmarkDescription} Absent on an operation that only reads.`, schema: { type: "string" } } },
      responses,
    },
  };
}
