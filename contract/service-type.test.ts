import { describe, expect, it } from "vitest";
import { isServiceType } from "#domain/services.ts";
import { queryInteger, serviceType } from "./fields.ts";

describe("the contract's service type", () => {
  it("accepts exactly the domain's service types, as a JSON number or as a query's decimal text (docs/decisions/049)", () => {
    const probes = Array.from({ length: 12 }, (_, i) => i - 1);
    expect(probes.filter((code) => serviceType.safeParse(code).success)).toEqual(probes.filter(isServiceType));
    expect(probes.filter((code) => queryInteger(serviceType).safeParse(String(code)).success)).toEqual(probes.filter(isServiceType));
    expect([1.5, true, [3], null, "", "1"].map((value) => serviceType.safeParse(value).success)).toEqual([false, false, false, false, false, false]);
  });
});
