import type { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";

/** Parses input with a schema; a failure is a 400 whose message names the field. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "body";
  throw new ApiError(Status.invalidParams, `invalid params: ${field}: ${issue?.message ?? "invalid"}`);
}

/** Every /v1 input and provider notification fits in a few KB; a bigger body is refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024;

/** The body as text, refusing (400 `<refusal>: body: too large`) one over the limit. */
export async function readBodyText(request: Request, refusal = "invalid params"): Promise<string> {
  // Content-Length refuses before reading; the byte count catches a body sent without one.
  const bytes = Number(request.headers.get("content-length")) > MAX_BODY_BYTES ? null : await request.arrayBuffer();
  if (!bytes || bytes.byteLength > MAX_BODY_BYTES) throw new ApiError(Status.invalidParams, `${refusal}: body: too large`);
  return new TextDecoder().decode(bytes);
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(Status.invalidParams, "invalid params: body: not valid JSON");
  }
}
