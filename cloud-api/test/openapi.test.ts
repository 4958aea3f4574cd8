import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyOperation } from "#api/http/operation.ts";
import { operations } from "#api/operations/index.ts";
import { buildOpenApiDocument } from "#api/http/openapi.ts";
import * as endpoints from "#contract/endpoints.ts";
import { csvColumnsOf } from "#contract/fields.ts";
import { S2S_TOKEN_PATH, signedHeaders } from "#test/signed-request.ts";

type Schema = { type?: unknown; properties?: Record<string, Schema>; required?: string[]; items?: Schema; [key: string]: unknown };
type Doc = {
  openapi: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  info: { title: string; version: string };
  paths: Record<string, Record<string, any>>;
  components: { securitySchemes: Record<string, any>; parameters: Record<string, any>; headers: Record<string, any>; responses: Record<string, any> };
};

let response: Response;
let doc: Doc;

beforeAll(async () => {
  response = await SELF.fetch("https://cloud-api.test/v1/openapi.json");
  doc = await response.json();
});

function operationOf(op: AnyOperation) {
  return doc.paths[op.path]?.[op.method.toLowerCase()];
}

function jsonBody(of: { content: Record<string, { schema: Schema }> }): Schema {
  return of.content["application/json"]!.schema;
}

/** The fields of a z.object, or of the z.object an array holds. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodArray) return fieldsOf(schema.element as z.ZodType);
  return [];
}

/** A client may leave out a field that accepts undefined (optional, or with a default). */
function requiredFieldsOf(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

describe("GET /v1/openapi.json", () => {
  it("answers unsigned with an OpenAPI 3.1 document", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).every((path) => path.startsWith("/v1/"))).toBe(true);
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it("describes the signed headers as header API keys and the context headers as header parameters", () => {
    for (const name of ["appid", "noticeStr", "timestamp", "signature", "accessToken"]) {
      expect(doc.components.securitySchemes[name]).toMatchObject({ type: "apiKey", in: "header", name });
    }
    for (const name of ["platform", "appVersion", "countryCode", "appLanguage"]) {
      expect(doc.components.parameters[name]).toMatchObject({ in: "header", name, required: false });
    }
  });

  it("is the document the OpenAPI lint checks (scripts/lib/openapi-lint.test.ts): built from contract/endpoints.ts", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(Object.values(endpoints)))));
  });

  it("names a server per environment: local, a branch's preview, production", () => {
    expect(doc.servers.map((server) => server.url)).toEqual([
      "http://127.0.0.1:8788",
      "https://{branch}-camcloud-api-preview.{account}.workers.dev",
      "https://{domain}",
    ]);
  });

  it("links the device list to the package list and an order to its detail", () => {
    const devices = doc.paths["/v1/member/device/list"]!.post.responses[200].links;
    expect(devices.packageList).toMatchObject({ operationId: "packageList", requestBody: { deviceId: "$response.body#/data/items/0/deviceId" } });
    const orders = doc.paths["/v1/cloud/order/query/srv/order/list"]!.post.responses[200].links;
    expect(orders.orderDetail).toMatchObject({ operationId: "orderDetail", requestBody: { orderId: "$response.body#/data/orderList/0/orderId" } });
    const confirmed = doc.paths["/v1/cloud/order/h5/confirm/v2"]!.post.responses[200].links;
    expect(confirmed.orderDetail).toMatchObject({ operationId: "orderDetail", requestBody: { orderId: "$response.body#/data/orderId" } });
  });

  it("describes the x-d1-bookmark header on requests and answers", () => {
    expect(doc.components.parameters.bookmark).toMatchObject({ name: "x-d1-bookmark", in: "header", required: false });
    expect(doc.components.headers.bookmark.description).toMatch(/bookmark/);
  });

  it("gives the server-to-server signature's formula so that a backend signing from its text alone gets a token pair", async () => {
    const [timestampHeader, signatureHeader] = Object.keys(doc.paths[S2S_TOKEN_PATH]!.post.security[0]).filter((name) => name.startsWith("x-s2s-"));
    const formula = /`([^`]+)`/.exec(doc.components.securitySchemes[signatureHeader!].description)?.[1] ?? "";
    const body = JSON.stringify({ account: "demo@camcloud.example" });
    const headers = await signedHeaders();
    const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const encoder = new TextEncoder();
    // What a backend knows of its request, by the names the formula uses.
    const known: Record<string, string> = {
      METHOD: "POST",
      path: S2S_TOKEN_PATH,
      timestamp: headers.timestamp!,
      noticeStr: headers.noticeStr!,
      "sha256_hex(body)": hex(await crypto.subtle.digest("SHA-256", encoder.encode(body))),
    };
    const lines = formula.split("\\n");
    expect(lines.every((line) => line in known)).toBe(true);
    const key = await crypto.subtle.importKey("raw", encoder.encode(env.S2S_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const signature = hex(await crypto.subtle.sign("HMAC", key, encoder.encode(lines.map((line) => known[line]).join("\n"))));
    const answer = await SELF.fetch(`https://cloud-api.test${S2S_TOKEN_PATH}`, {
      method: "POST",
      headers: { ...headers, [timestampHeader!]: headers.timestamp!, [signatureHeader!]: signature },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 200, data: { accessToken: expect.any(String) } });
  });

  it("describes the error envelope with each business code under the HTTP status that mirrors it", () => {
    const codesOf = (http: number) => {
      const status = jsonBody(doc.components.responses[http]).properties?.status;
      return status?.enum ?? [status?.const];
    };
    expect(Object.keys(doc.components.responses).sort()).toEqual(["400", "401", "403", "404", "409", "429", "500"]);
    expect(codesOf(401)).toEqual([401, 1009, 1010]);
    expect(codesOf(403)).toEqual([403, 1011, 1012]);
    for (const http of [400, 404, 409, 429, 500]) expect(codesOf(http)).toEqual([http]);
    expect(jsonBody(doc.components.responses[400])).toMatchObject({
      properties: { msg: { type: "string" }, data: { type: "null" } },
      required: ["status", "msg", "data"],
    });
  });

  it("shows sample fields: package prices, confirm's required fields, query parameters and defaults", () => {
    const packageList = doc.paths["/v1/cloud/package/list"]!.post;
    expect(jsonBody(packageList.responses[200]).properties?.data?.properties?.packageList?.items?.properties?.salePrice).toEqual({ type: "number" });
    const confirm = jsonBody(doc.paths["/v1/cloud/order/h5/confirm/v2"]!.post.requestBody);
    expect(confirm.required).toEqual(expect.arrayContaining(["deviceId", "priceId", "payAmount", "payMethod", "buyServiceType"]));
    expect(confirm.properties?.payMethod).toMatchObject({ enum: [1, 2, 3, 4] });
    expect(confirm.additionalProperties).toBe(false);
    expect(doc.paths["/v1/cloud/coupon/user/list"]!.get.parameters).toContainEqual({
      name: "type",
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 6 },
    });
    const orderList = jsonBody(doc.paths["/v1/cloud/order/query/srv/order/list"]!.post.requestBody);
    expect(orderList.properties?.pageSize).toMatchObject({ default: 5 });
    expect(orderList.required).not.toContain("pageSize");
  });

  describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", (_name, op) => {
    it("is documented with its id, tag, summary, description, signing and error responses", () => {
      const operation = operationOf(op);
      const name = Object.entries(endpoints).find(([, endpoint]) => endpoint.path === op.path && endpoint.method === op.method)?.[0];
      expect(operation).toMatchObject({ operationId: name, summary: op.summary, description: expect.stringContaining(op.summary) });
      expect(doc.tags.map((tag) => tag.name)).toContain(operation.tags[0]);
      expect(operation.parameters).toContainEqual({ $ref: "#/components/parameters/bookmark" });
      expect(operation.responses[200].headers["x-d1-bookmark"]).toEqual({ $ref: "#/components/headers/bookmark" });
      const security = Object.keys(operation.security[0]).sort();
      const extra = {
        app: [],
        user: ["accessToken"],
        s2s: ["x-s2s-signature", "x-s2s-timestamp"],
        operator: ["x-operator-email", "x-operator-signature", "x-operator-timestamp"],
      }[op.access];
      expect(security).toEqual(["appid", "noticeStr", "signature", "timestamp", ...extra].sort());
      expect(operation.parameters).toEqual(expect.arrayContaining(["platform", "appVersion", "countryCode", "appLanguage"].map((n) => ({ $ref: `#/components/parameters/${n}` }))));
      for (const http of Object.keys(doc.components.responses)) expect(operation.responses[http]).toEqual({ $ref: `#/components/responses/${http}` });
    });

    it("documents every input field, and which are required", () => {
      const operation = operationOf(op);
      if (op.method === "GET") {
        const query = (operation.parameters as { in: string; name: string; required: boolean }[]).filter((p) => p.in === "query");
        expect(query.map((p) => p.name)).toEqual(fieldsOf(op.input));
        expect(query.filter((p) => p.required).map((p) => p.name)).toEqual(requiredFieldsOf(op.input));
        expect(operation.requestBody).toBeUndefined();
      } else {
        const body = jsonBody(operation.requestBody);
        expect(Object.keys(body.properties ?? {})).toEqual(fieldsOf(op.input));
        expect(body.required ?? []).toEqual(requiredFieldsOf(op.input));
      }
    });

    it("gives an example of each body", () => {
      const operation = operationOf(op);
      const csvColumns = csvColumnsOf(op.output);
      if (csvColumns) expect(operation.responses[200].content["text/csv"].example).toBe(`${csvColumns.join(",")}\r\n`);
      else expect(operation.responses[200].content["application/json"].example).toMatchObject({ status: 200, msg: "success" });
      if (op.method === "POST") expect(operation.requestBody.content["application/json"].example).toEqual(expect.any(Object));
    });

    it("documents the 200 envelope with every output field in data, or its CSV", () => {
      if (csvColumnsOf(op.output)) return expect(operationOf(op).responses[200].content["text/csv"].schema).toMatchObject({ type: "string" });
      const envelope = jsonBody(operationOf(op).responses[200]);
      expect(envelope).toMatchObject({ properties: { status: { const: 200 }, msg: { type: "string" } }, required: ["status", "msg", "data"] });
      const data = envelope.properties!.data!;
      expect(Object.keys(data.properties ?? data.items?.properties ?? {})).toEqual(fieldsOf(op.output));
      if (op.output instanceof z.ZodNull) expect(data).toEqual({ type: "null" });
    });
  });
});
