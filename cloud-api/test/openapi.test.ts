import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyOperation } from "#api/http/operation.ts";
import { operations } from "#api/operations/index.ts";

type Schema = { type?: unknown; properties?: Record<string, Schema>; required?: string[]; items?: Schema; [key: string]: unknown };
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, any>>;
  components: { securitySchemes: Record<string, any>; parameters: Record<string, any>; responses: Record<string, any> };
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

  it("describes the error envelope with each business code under the HTTP status that mirrors it", () => {
    const codesOf = (http: number) => {
      const status = jsonBody(doc.components.responses[http]).properties?.status;
      return status?.enum ?? [status?.const];
    };
    expect(Object.keys(doc.components.responses).sort()).toEqual(["400", "401", "403", "404", "409", "429", "500"]);
    expect(codesOf(401)).toEqual([401, 1009, 1010]);
    for (const http of [400, 403, 404, 409, 429, 500]) expect(codesOf(http)).toEqual([http]);
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
    it("is documented with its summary, signing and error responses", () => {
      const operation = operationOf(op);
      expect(operation).toMatchObject({ summary: op.summary });
      const security = Object.keys(operation.security[0]).sort();
      const extra = { app: [], user: ["accessToken"], s2s: ["x-s2s-signature", "x-s2s-timestamp"] }[op.access];
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

    it("documents the 200 envelope with every output field in data", () => {
      const envelope = jsonBody(operationOf(op).responses[200]);
      expect(envelope).toMatchObject({ properties: { status: { const: 200 }, msg: { type: "string" } }, required: ["status", "msg", "data"] });
      const data = envelope.properties!.data!;
      expect(Object.keys(data.properties ?? data.items?.properties ?? {})).toEqual(fieldsOf(op.output));
      if (op.output instanceof z.ZodNull) expect(data).toEqual({ type: "null" });
    });
  });
});
