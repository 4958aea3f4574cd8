import type { z } from "zod";
import { ApiError, Status } from "./envelope.ts";

/** Parses input with a schema; a failure is a 400 whose message names the field. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "body";
  throw new ApiError(Status.invalidParams, `invalid params: ${field}: ${issue?.message ?? "invalid"}`);
}

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(Status.invalidParams, "invalid params: body: not valid JSON");
  }
}
