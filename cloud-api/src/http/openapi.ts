import { z } from "zod";
import { REFUSAL_REASONS } from "#domain/refusals.ts";
import { S2S_HEADERS, S2S_SIGNED_LINES, S2S_SIGNED_TEXT, S2S_WINDOW_SECONDS } from "#contract/signature.ts";
import { type BusinessStatus, httpStatusOf, Status } from "#contract/codes.ts";
import type { Endpoint } from "#contract/endpoints.ts";
import { inputJsonSchema, jsonSchema, type JsonSchema } from "#contract/json-schema.ts";

/** The refusals an operation may answer; 405 is answered for a method no operation takes (the info says). */
type ErrorStatus = Exclude<BusinessStatus, 200 | 405>;

export interface OpenApiDocument {
  openapi: `3.1.${number}`;
  info: { title: string; version: string; description: string };
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
};

/** docs/contract.md signing headers; all four together authorise a call. */
const signingHeaders = {
  appid: "The app's id.",
  noticeStr:
    "A random 8-digit number; the same noticeStr and timestamp are refused again for the same appid and caller " +
    "(the access token of a user call; method, path and body of an app-level call, which takes no accessToken header).",
  timestamp: "Unix seconds, within 300 s of the server's clock.",
  signature: "md5_hex_lower(appid + appSecret + noticeStr + timestamp).",
};

const contextHeaders = {
  platform: { description: "The client platform, H5 for the storefront.", schema: { type: "string", examples: ["H5"] } },
  appVersion: { description: "The client version, 2.0.", schema: { type: "string", examples: ["2.0"] } },
  countryCode: { description: "The buyer's country, for operations whose input does not say.", schema: { type: "string", default: "CN" } },
  appLanguage: { description: "The buyer's language, for operations whose input does not say.", schema: { type: "string", default: "en" } },
};

/** The HMAC's formula as contract/signature.ts computes it, each line named (an issue found a hand-written one stale). */
function s2sSignatureDescription(): string {
  const lines = Object.entries(S2S_SIGNED_LINES).map(([line, meaning]) => `${line} is ${meaning}`);
  return `Server-to-server calls: hex HMAC-SHA256 keyed with S2S_SECRET of \`${S2S_SIGNED_TEXT}\`, where ${lines.join("; ")}; usable once.`;
}

function json(schema: JsonSchema) {
  return { content: { "application/json": { schema } } };
}

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
        ...json(jsonSchema(z.object({ status: z.literal(codes), msg: z.string(), data: z.null(), reason: z.enum(REFUSAL_REASONS).optional() }), "output")),
      },
    ]),
  );
}

function operationObject(op: Endpoint, errorHttpStatuses: string[]): JsonSchema {
  const input = inputJsonSchema(op);
  const { properties = {}, required = [] } = input as { properties?: Record<string, JsonSchema>; required?: string[] };
  const extra = { app: [], user: ["accessToken"], s2s: Object.values(S2S_HEADERS) }[op.access];
  const security = Object.fromEntries([...Object.keys(signingHeaders), ...extra].map((name) => [name, []]));
  return {
    summary: op.summary,
    security: [security],
    parameters: [
      ...Object.keys(contextHeaders).map((name) => ({ $ref: `#/components/parameters/${name}` })),
      ...(op.method === "GET"
        ? Object.entries(properties).map(([name, schema]) => ({ name, in: "query", required: required.includes(name), schema }))
        : []),
    ],
    ...(op.method === "POST" ? { requestBody: json(input) } : {}),
    responses: {
      200: {
        description: "success",
        ...json(jsonSchema(z.object({ status: z.literal(Status.ok), msg: z.literal("success"), data: op.output }), "output")),
      },
      ...Object.fromEntries(errorHttpStatuses.map((http) => [http, { $ref: `#/components/responses/${http}` }])),
    },
  };
}

/** The OpenAPI 3.1 description of the contract's endpoints, from the same zod schemas that validate them. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[]): OpenApiDocument {
  const responses = errorResponses();
  const paths: OpenApiDocument["paths"] = {};
  for (const op of endpoints) {
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
        "language; `msg` is a detail in English. Every call carries the signing headers of the security schemes.",
    },
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
          description: s2sSignatureDescription(),
        },
      },
      parameters: Object.fromEntries(Object.entries(contextHeaders).map(([name, header]) => [name, { name, in: "header", required: false, ...header }])),
      responses,
    },
  };
}
