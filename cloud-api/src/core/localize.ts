import { detectLanguage, FALLBACK_LANGUAGE } from "#domain/languages.ts";

/** Reads a {"en": "...", "zh": "..."} column in the request's language, falling back to English. */
export function localize(json: string | null, language: string): string {
  if (json === null) return "";
  let texts: Record<string, string>;
  try {
    texts = JSON.parse(json) as Record<string, string>;
  } catch {
    return json;
  }
  return texts[detectLanguage(language)] ?? texts[FALLBACK_LANGUAGE] ?? "";
}
