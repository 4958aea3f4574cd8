import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/languages.ts";
import { localeBundles } from "./browser-bundles.ts";

const common = (language: string) => JSON.parse(readFileSync(new URL(`./${language}/common.json`, import.meta.url), "utf8")) as Record<string, Record<string, unknown>>;

describe("the translation bundles the browser fetches (docs/decisions/062)", () => {
  const bundles = localeBundles();

  it("has one per language, at an address named by the hash of what it holds", () => {
    expect(bundles.map((bundle) => bundle.language)).toEqual([...LANGUAGES]);
    expect(new Set(bundles.map((bundle) => bundle.fileName)).size).toBe(LANGUAGES.length);
    for (const bundle of bundles) expect(bundle.fileName).toMatch(new RegExp(`^assets/messages-${bundle.language}-[0-9a-f]{10}\\.json$`));
    expect(localeBundles()).toEqual(bundles);
  });

  it("holds the language's texts but not the refusals, which stay on the server", () => {
    for (const bundle of bundles) {
      const sent = JSON.parse(bundle.source) as Record<string, Record<string, unknown>>;
      expect(sent.upstreamErrors, bundle.language).toBeUndefined();
      expect(sent.shell, bundle.language).toEqual(common(bundle.language).shell);
    }
  });
});
