import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { callerHeaders, signedFetch, signIn } from "#test/signed-request.ts";
import type { AnyOperation } from "#api/http/operation.ts";
import { parseJsonBody, readBodyText } from "#api/http/validation.ts";
import { operations } from "#api/operations/index.ts";

/** Values tried, in order, to fill a required field validly so that only the field under test is wrong. */
const VALID_CANDIDATES = ["SIM-DEMO-001", 1, 0.01, "CN", "89860012345678901234", true, null, "viewer@camcloud.example", "viewer", `msg_${"0".repeat(32)}`];
const MB = 1024 * 1024;
/** A JSON value of each type, for a field that declares none of it. */
const WRONG_TYPES: [string, unknown][] = [
  ["object", { unexpected: true }],
  ["array", [1]],
  ["boolean", true],
  ["null", null],
  ["number", 1.5],
  ["string", "text"],
];

let accessToken = "";
beforeAll(async () => {
  accessToken = (await signIn()).accessToken;
});

function fieldsOf(op: AnyOperation): [string, z.ZodType][] {
  return op.input instanceof z.ZodObject ? Object.entries(op.input.shape as Record<string, z.ZodType>) : [];
}

/** On the wire a GET field is a query string value. */
function wire(op: AnyOperation, value: unknown): unknown {
  return op.method === "GET" ? String(value) : value;
}

function jsonTypes(field: z.ZodType): string[] {
  const schema = z.toJSONSchema(field, { io: "input" }) as { type?: string | string[]; anyOf?: { type?: string }[] };
  return [schema.type ?? [], ...(schema.anyOf ?? []).map((branch) => branch.type ?? [])].flat();
}

/** The examples a field documents (zod's meta, as the OpenAPI document shows them). */
function examplesOf(field: z.ZodType): unknown[] {
  return (z.toJSONSchema(field, { io: "input" }) as { examples?: unknown[] }).examples ?? [];
}

/** The op's required fields, each filled with the first of its examples or the candidates that it accepts (worked out once per op). */
const validInputs = new Map<AnyOperation, Record<string, unknown>>();
function validInput(op: AnyOperation): Record<string, unknown> {
  const known = validInputs.get(op);
  if (known) return known;
  const input: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(op)) {
    if (field.safeParse(undefined).success) continue;
    const value = [...examplesOf(field), ...VALID_CANDIDATES].map((candidate) => wire(op, candidate)).find((candidate) => field.safeParse(candidate).success);
    if (value === undefined) throw new Error(`${op.path}: add a valid candidate for ${name}`);
    input[name] = value;
  }
  validInputs.set(op, input);
  return input;
}

async function send(op: AnyOperation, input: unknown, rawBody?: string) {
  if (op.method === "GET") {
    const query = new URLSearchParams(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    return signedFetch(`${op.path}?${query}`, undefined, { method: "GET", headers: await callerHeaders(op, "", accessToken) });
  }
  const body = rawBody ?? JSON.stringify(input);
  return signedFetch(op.path, input, { rawBody: body, headers: await callerHeaders(op, body, accessToken) });
}

async function expectRefused(response: Awaited<ReturnType<typeof send>>, msg: string | RegExp) {
  expect(response.http, response.text).toBe(400);
  expect(response.body).toMatchObject({ status: 400, data: null });
  expect(response.body?.msg).toMatch(msg);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const namesField = (field: string) => new RegExp(`^invalid params: ${escape(field)}: `);

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", (_name, op) => {
  const fields = fieldsOf(op);
  const stringFields = fields.filter(([, field]) => jsonTypes(field).includes("string")).map(([name]) => name);
  const integerFields = fields.filter(([, field]) => jsonTypes(field).includes("integer")).map(([name]) => name);
  const numberFields = fields.filter(([, field]) => jsonTypes(field).some((t) => t === "integer" || t === "number")).map(([name]) => name);

  it("refuses an unknown field, naming it", async () => {
    await expectRefused(await send(op, { ...validInput(op), unexpectedField: wire(op, 1) }), /unexpectedField/);
  });

  it("refuses a wrong type in each field, naming it", async () => {
    for (const [name, field] of fields) {
      const types = jsonTypes(field);
      // A query value is always text, so there only fields that are not text can get a wrong type.
      const wrongValues =
        op.method === "GET"
          ? types.includes("string") ? [] : ["not-a-number"]
          : WRONG_TYPES.filter(([type]) => !types.includes(type)).map(([, value]) => value);
      for (const wrong of wrongValues) await expectRefused(await send(op, { ...validInput(op), [name]: wrong }), namesField(name));
    }
    // Dozens of signed round trips for the widest operations (an operator's package form): more than the default
    // 5 s on a loaded 2-core machine.
  }, 60_000);

  it("refuses out-of-range numbers: 1e308 anywhere, -1 and 1.5 in integer fields, naming the field", async () => {
    for (const name of numberFields) await expectRefused(await send(op, { ...validInput(op), [name]: wire(op, 1e308) }), namesField(name));
    for (const name of integerFields) {
      for (const value of [-1, 1.5]) await expectRefused(await send(op, { ...validInput(op), [name]: wire(op, value) }), namesField(name));
    }
  }, 60_000);

  it("refuses a 32 KB string in each string field naming it (every text field is bounded), and a 1 MB one", async () => {
    for (const name of stringFields) {
      await expectRefused(await send(op, { ...validInput(op), [name]: "7".repeat(32 * 1024) }), namesField(name));
      const huge = await send(op, { ...validInput(op), [name]: "7".repeat(MB) });
      await expectRefused(huge, op.method === "GET" ? namesField(name) : "invalid params: body: too large");
    }
  }, 60_000);

  if (op.method === "POST") {
    it("refuses a body that is not JSON, a JSON array and null", async () => {
      await expectRefused(await send(op, null, "{not json"), "invalid params: body: not valid JSON");
      await expectRefused(await send(op, [validInput(op)]), /^invalid params: body: /);
      await expectRefused(await send(op, null), /^invalid params: body: /);
    });
  }
});

describe("reading a JSON body", () => {
  const post = async (body: BodyInit, headers: Record<string, string> = {}) =>
    parseJsonBody(await readBodyText(new Request("https://cloud-api.test/v1/x", { method: "POST", body, headers })));
  const streamOf = (text: string) => new Blob([text]).stream();

  it("refuses a body whose Content-Length is over 64 KB without reading it", async () => {
    await expect(post("{}", { "content-length": String(2 * MB) })).rejects.toThrowError("invalid params: body: too large");
  });

  it("reads a body up to 64 KB and refuses a larger one, also when it comes without a Content-Length", async () => {
    const atLimit = JSON.stringify({ s: "x".repeat(64 * 1024 - 8) });
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(64 * 1024);
    expect(await post(atLimit)).toEqual({ s: "x".repeat(64 * 1024 - 8) });
    expect(await post(streamOf(atLimit))).toEqual({ s: "x".repeat(64 * 1024 - 8) });
    for (const body of [atLimit + " ", streamOf(atLimit + " "), "x".repeat(2 * MB), streamOf("x".repeat(2 * MB))]) {
      await expect(post(body)).rejects.toThrowError("invalid params: body: too large");
    }
  });

  it("counts bytes, not characters", async () => {
    await expect(post(JSON.stringify({ s: "é".repeat(40 * 1024) }))).rejects.toThrowError("invalid params: body: too large");
  });
});
