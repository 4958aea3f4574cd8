import { describe, expect, it } from "vitest";
import { createTranslator, withFallback } from "./translate.ts";

const messages = {
  a: { b: "Hello {{name}}", plain: "Plain", n: "x" },
  days_one: "{{count}} day",
  days_other: "{{count}} days",
  only: "{{count}} items",
};

describe("client translator", () => {
  const t = createTranslator("en", messages);

  it("reads nested keys and interpolates", () => {
    expect(t("a.plain")).toBe("Plain");
    expect(t("a.b", { name: "Ann" })).toBe("Hello Ann");
    expect(t("a.b", {})).toBe("Hello {{name}}");
  });

  it("returns the key for a missing key or a branch", () => {
    expect(t("a.missing")).toBe("a.missing");
    expect(t("a")).toBe("a");
    expect(t("a.plain.deeper")).toBe("a.plain.deeper");
  });

  it("chooses plural forms with the language's rules, like i18next", () => {
    expect(t("days", { count: 1 })).toBe("1 day");
    expect(t("days", { count: 5 })).toBe("5 days");
    expect(t("only", { count: 3 })).toBe("3 items");
    expect(createTranslator("ar", { d_few: "few {{count}}", d_other: "other" })("d", { count: 3 })).toBe("few 3");
    // Arabic 2 is "two"; without that form the "other" one is used, not the bare key.
    expect(createTranslator("ar", { d_one: "one", d_other: "{{count}} other" })("d", { count: 2 })).toBe("2 other");
  });

  it("fills keys a language lacks from the fallback, recursively", () => {
    expect(withFallback({ a: { b: "B" } }, { a: { b: "b", c: "c" }, d: "d" })).toEqual({ a: { b: "B", c: "c" }, d: "d" });
  });
});
