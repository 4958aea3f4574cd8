import { z } from "zod";
import type { Endpoint } from "./endpoints.ts";

export type JsonSchema = Record<string, unknown>;

/** Request schemas describe what a client sends (before transforms and defaults), response schemas what the server sends. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io });
  return rest;
}

/** What a client may send to an endpoint, as the OpenAPI document states it: a POST's body, a GET's query fields. */
export function inputJsonSchema(endpoint: Endpoint): JsonSchema {
  const schema = jsonSchema(endpoint.input, "input");
  // The cloud-api refuses unknown fields (.strict()), which the input io of a plain object does not show.
  return schema.type === "object" ? { ...schema, additionalProperties: false } : schema;
}

/**
 * A value the schema accepts, for the document's examples: the schema's own example, constant, enum or
 * default where it has one, else the smallest plain value of its type; objects with every property. The
 * OpenAPI lint (scripts/lib/openapi-lint.test.ts) validates each example against its schema, so a field
 * whose rule a plain value breaks (a pattern) fails there until it declares an example.
 */
export function exampleOf(schema: JsonSchema): unknown {
  const declared = (schema.examples as unknown[] | undefined)?.[0] ?? schema.const ?? (schema.enum as unknown[] | undefined)?.[0] ?? schema.default;
  if (declared !== undefined) return declared;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return exampleOf(branches.find((branch) => branch.type !== "null") ?? branches[0]!);
  const type = [schema.type].flat().find((t) => t !== "null") ?? schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, field]) => [name, exampleOf(field)]));
    case "array":
      return schema.items ? [exampleOf(schema.items as JsonSchema)] : [];
    case "integer":
    case "number":
      return Math.min(Math.max(1, Number(schema.minimum ?? 1)), Number(schema.maximum ?? Number.MAX_SAFE_INTEGER));
    case "string":
      return "text";
    case "boolean":
      return true;
    default:
      return null;
  }
}
