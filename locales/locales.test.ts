import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "#domain/languages.ts";

type Tree = { [key: string]: string | Tree };
/** common: the bundle every screen ships; pages: the public pages' texts, rendered on the server. */
const NAMESPACES = ["common", "pages"] as const;
const load = (language: string, namespace: string) => JSON.parse(readFileSync(new URL(`./${language}/${namespace}.json`, import.meta.url), "utf8")) as Tree;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

/** Values that rightly read the same as in English: names, codes, fixed titles, and a few shared words. */
const SAME_AS_ENGLISH_EVERYWHERE = new Set([
  "common:app.name",
  "common:device.iccid",
  "common:coupon.discount",
  "common:pay.method.1",
  "common:pay.method.2",
  "common:pay.method.3",
  "common:pay.cashierTitle",
  "common:vip.title",
  "common:vip.member",
  "pages:download.titleZh",
  "pages:download.titleEn",
]);
const SAME_AS_ENGLISH_IN: Partial<Record<Language, string[]>> = {
  fr: ["common:coupon.label", "common:pay.total"],
  it: ["common:coupon.label"],
  es: ["common:pay.total"],
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  it("exist for exactly the 10 languages, each with every namespace", () => {
    const folders = readdirSync(new URL(".", import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(new URL(`./${language}/`, import.meta.url)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`));
    }
  });

  for (const namespace of NAMESPACES) {
    const english = flatten(load("en", namespace));

    it.each(LANGUAGES.filter((l) => l !== "en"))(`%s ${namespace}: every English key, no other, non-empty, same placeholders`, (language) => {
      const messages = flatten(load(language, namespace));
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of messages) {
        expect(text.trim(), key).not.toBe("");
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ""));
      }
    });

    it.each(LANGUAGES.filter((l) => l !== "en"))(`%s ${namespace}: nothing is left in English`, (language) => {
      const allowed = new Set([...SAME_AS_ENGLISH_EVERYWHERE, ...(SAME_AS_ENGLISH_IN[language] ?? [])]);
      const untranslated = [...flatten(load(language, namespace))]
        .filter(([key, text]) => text === english.get(key) && !allowed.has(`${namespace}:${key}`))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  }
});

/**
 * Spanish speaks to the buyer as tú throughout (issue 31 item 8: "Elija un paquete" sat beside "Tu plan"): no formal
 * imperative or possessive of usted is left. The words are the formal forms these texts would use.
 */
const USTED_FORMS = /\b(usted|elija|seleccione|espere|vuelva|compruebe|inténtelo|recargue|abra|pague|escanee|consulte|póngase|ha iniciado|ha agotado|su (?:conexión|sesión|dispositivo|cámara|cuenta)|sus datos)\b/iu;

describe("Spanish form of address", () => {
  it.each(NAMESPACES)("es %s addresses the buyer as tú", (namespace) => {
    const formal = [...flatten(load("es", namespace))].filter(([, text]) => USTED_FORMS.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(formal).toEqual([]);
  });
});
