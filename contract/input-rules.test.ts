import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { inputJsonSchema } from "./json-schema.ts";
import { issueToken, orderDetail, orderList, packageList, simcardDetails, userCoupons, type Endpoint } from "./endpoints.ts";

/**
 * docs/decisions/049: each input is accepted exactly when the OpenAPI document says it is valid. A JSON
 * Schema validator reads the schema the document states (its request body, or its query parameters'
 * schemas); the endpoint's zod schema is what the cloud-api applies (cloud-api/test/input-rules.test.ts
 * sends the same values over HTTP).
 */
const ajv = new Ajv2020({ strict: false });

/** The document's schema of one input field: a body property, or a query parameter's schema. */
function documentedField(endpoint: Endpoint, field: string): object {
  const { properties } = inputJsonSchema(endpoint) as { properties: Record<string, object> };
  return properties[field]!;
}

const codeAccepts = (endpoint: Endpoint, field: string, value: unknown) =>
  !(endpoint.input.safeParse({ [field]: value }).error?.issues ?? []).some((issue) => issue.path[0] === field);

const RULES: [rule: string, endpoint: Endpoint, field: string, value: unknown, valid: boolean][] = [
  ["white space alone is no device id", packageList, "deviceId", " ", false],
  ["a device id is not trimmed: white space around it is refused", packageList, "deviceId", " CAM-DEMO-001", false],
  ["a device id as sent", packageList, "deviceId", "CAM-DEMO-001", true],
  ["an order id is not trimmed", orderDetail, "orderId", "CC2026 ", false],
  ["an account is not trimmed", issueToken, "account", "demo@camcloud.example\t", false],
  ["a language with white space is refused", orderDetail, "language", " a", false],
  ["a language code with a region", orderDetail, "language", "zh-CN", true],
  ["a country code is two letters, no white space", packageList, "countryCode", " cn", false],
  ["a country code in either case", packageList, "countryCode", "cn", true],
  ["an ICCID ending in a newline is refused", simcardDetails, "iccId", "89860012345678901234\n", false],
  ["an ICCID", simcardDetails, "iccId", "89860012345678901234", true],
  ["a JSON body's service type is a number", orderList, "type", 1, true],
  ["a JSON body's service type is not text", orderList, "type", "1", false],
  ["nor text with white space", orderList, "type", " 1 ", false],
  ["nor hexadecimal text", orderList, "type", "0x1", false],
  ["nor a boolean", orderList, "type", true, false],
  ["a query's service type is decimal digits", userCoupons, "type", "3", true],
  ["a query's service type is not hexadecimal", userCoupons, "type", "0x1", false],
  ["nor digits with white space", userCoupons, "type", " 1 ", false],
  ["nor an exponent", userCoupons, "type", "1e0", false],
  ["nor out of range", userCoupons, "type", "7", false],
];

describe("inputs are accepted exactly as the OpenAPI document describes them", () => {
  it.each(RULES)("%s", (_rule, endpoint, field, value, valid) => {
    const schema = documentedField(endpoint, field);
    // A query value is text on the wire; its schema describes the number it must spell.
    const documented = endpoint.method === "GET" && typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    expect({ documentSays: ajv.validate(schema, documented), codeAccepts: codeAccepts(endpoint, field, value) }).toEqual({ documentSays: valid, codeAccepts: valid });
  });
});
