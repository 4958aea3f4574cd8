import { describe, expect, it } from "vitest";
import { chooseUpstream, environmentForHost, environmentOf, parseRegionTable, regionForCountry, timeZoneForCountry } from "./regions.ts";

describe("region table (product-rules §7)", () => {
  it.each([
    ["CN", "cn"],
    ["cn", "cn"],
    ["DE", "eu"],
    ["FR", "eu"],
    ["RU", "eu"],
    ["SA", "eu"],
    ["JP", "ap-southeast"],
    ["TH", "ap-southeast"],
    ["US", "us-east"],
    ["BR", "us-east"],
    ["", "us-east"],
    [null, "us-east"],
  ])("country %s is served by %s", (cc, region) => {
    expect(regionForCountry(cc)).toBe(region);
  });

  it.each([
    ["localhost", "local"],
    ["127.0.0.1", "local"],
    ["[::1]", "local"],
    ["192.168.1.20", "local"],
    ["shop.localhost", "local"],
    ["test-shop.example.com", "test"],
    ["pre-shop.example.com", "pre"],
    ["shop.example.com", "prod"],
    ["contest-shop.example.com", "prod"],
    ["192.169.0.1", "prod"],
    ["feature-login-camcloud-storefront-preview.acme.workers.dev", "preview"],
    ["1a2b3c4d-camcloud-storefront.acme.workers.dev", "preview"],
  ])("host %s is the %s environment", (host, environment) => {
    expect(environmentForHost(host)).toBe(environment);
  });

  it("takes the environment from ENVIRONMENT before the hostname", () => {
    expect(environmentOf("production", "feature-x-camcloud-storefront.acme.workers.dev")).toBe("prod");
    expect(environmentOf("preview", "shop.example.com")).toBe("preview");
    expect(environmentOf("local", "shop.example.com")).toBe("local");
    expect(environmentOf(undefined, "test-shop.example.com")).toBe("test");
    expect(environmentOf("", "shop.example.com")).toBe("prod");
    expect(() => environmentOf("staging", "shop.example.com")).toThrow(/ENVIRONMENT must be one of local, preview, production, not "staging"/);
  });

  it("sends a preview to the preview upstream, never production's", () => {
    const table = parseRegionTable(JSON.stringify({ "prod/*": "https://api.example.com", "preview/*": "https://api-preview.example.com" }));
    expect(chooseUpstream(table, environmentOf("preview", "shop.example.com"), "CN").base).toBe("https://api-preview.example.com");
    expect(chooseUpstream(table, environmentOf(undefined, "main-camcloud-storefront.acme.workers.dev"), "US").base).toBe("https://api-preview.example.com");
  });

  it("uses the service binding when the table says nothing", () => {
    expect(chooseUpstream({}, "prod", "CN")).toEqual({ environment: "prod", region: "cn", base: "binding", batch: true });
  });

  it("takes batches from the embedded cloud-api and from an upstream that declares them, not from one that does not (decision 061)", () => {
    const table = parseRegionTable(
      JSON.stringify({
        "prod/cn": { base: "https://cn.api.example.com", batch: true },
        "prod/eu": "https://eu.api.example.com",
        "test/*": { base: "binding", batch: false },
      }),
    );
    expect(chooseUpstream(table, "prod", "CN")).toMatchObject({ base: "https://cn.api.example.com", batch: true });
    expect(chooseUpstream(table, "prod", "DE")).toMatchObject({ base: "https://eu.api.example.com", batch: false });
    expect(chooseUpstream(table, "prod", "US")).toMatchObject({ base: "binding", batch: true });
    expect(chooseUpstream(table, "test", "CN")).toMatchObject({ base: "binding", batch: false });
    for (const bad of [{ base: "https://api.example.com" }, { base: "https://api.example.com", batch: "yes" }, { base: "http://api.example.com", batch: true }, { base: "binding", batch: true, extra: 1 }]) {
      expect(() => parseRegionTable(JSON.stringify({ "prod/cn": bad }))).toThrow(/"prod\/cn" must be/);
    }
  });

  it("picks the most specific entry", () => {
    const table = parseRegionTable(
      JSON.stringify({ "prod/cn": "https://cn.api.example.com", "prod/*": "https://global.api.example.com", "*/eu": "https://eu.api.example.com", "*/*": "binding" }),
    );
    expect(chooseUpstream(table, "prod", "CN").base).toBe("https://cn.api.example.com");
    expect(chooseUpstream(table, "prod", "US").base).toBe("https://global.api.example.com");
    expect(chooseUpstream(table, "test", "DE").base).toBe("https://eu.api.example.com");
    expect(chooseUpstream(table, "local", "US").base).toBe("binding");
  });

  it("validates the configured table, naming the bad entry", () => {
    expect(parseRegionTable("")).toEqual({});
    expect(parseRegionTable(undefined)).toEqual({});
    expect(() => parseRegionTable("[]")).toThrow(/JSON object/);
    expect(() => parseRegionTable("{oops")).toThrow();
    expect(() => parseRegionTable(JSON.stringify({ "prod/mars": "binding" }))).toThrow(/prod\/mars/);
    expect(() => parseRegionTable(JSON.stringify({ "staging/cn": "binding" }))).toThrow(/staging\/cn/);
    expect(() => parseRegionTable(JSON.stringify({ "prod/cn": "http://insecure.example.com" }))).toThrow(/https/);
  });

  it("knows a default time zone per country", () => {
    expect(timeZoneForCountry("CN")).toBe("Asia/Shanghai");
    expect(timeZoneForCountry("us")).toBe("America/New_York");
    expect(timeZoneForCountry("ZZ")).toBe("UTC");
  });
});
