import type { z } from "zod";

/**
 * The text fields of a posted form, or null when the body is not a form at all (JSON, garbage, a broken
 * multipart body): every action answers that with a 400 and a clear message, never a 500.
 */
export async function readFormFields(request: Request): Promise<Record<string, string> | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** A posted form read and checked against `schema`; a failure names the message to show (product-rules §8: bad input gets a clear error). */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; messageKey: "errors.badForm" | "errors.unexpected" }> {
  const fields = await readFormFields(request);
  if (!fields) return { ok: false, messageKey: "errors.badForm" };
  const parsed = schema.safeParse(fields);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, messageKey: "errors.unexpected" };
}
