import { describe, expect, it } from "vitest";
import { appFamily, parseAppFamilies } from "./apps.ts";

describe("app identifier mapping (product-rules §5)", () => {
  const families = parseAppFamilies('{"com.brand.cam": 1, "com.brand.cam.lite": 1, "com.partner.eye": 2}');

  it("gives the two identifiers of one family 1, the other 2, any other 1", () => {
    expect(appFamily("com.brand.cam", families)).toBe(1);
    expect(appFamily("com.brand.cam.lite", families)).toBe(1);
    expect(appFamily("com.partner.eye", families)).toBe(2);
    expect(appFamily(" com.partner.eye ", families)).toBe(2);
    for (const other of ["com.unknown", "", null, undefined, "constructor", "__proto__", "toString"]) expect(appFamily(other, families)).toBe(1);
  });

  it("maps every app to 1 when nothing is configured", () => {
    expect(appFamily("com.partner.eye", parseAppFamilies(""))).toBe(1);
    expect(appFamily("com.partner.eye", parseAppFamilies(undefined))).toBe(1);
  });

  it("refuses a malformed table, naming the entry", () => {
    expect(() => parseAppFamilies("[]")).toThrow("APP_FAMILIES must be a JSON object");
    expect(() => parseAppFamilies('{"com.x": 3}')).toThrow('APP_FAMILIES: "com.x" must be 1 or 2');
    expect(() => parseAppFamilies("{not json")).toThrow();
  });
});
