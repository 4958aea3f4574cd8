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
