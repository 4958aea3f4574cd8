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
