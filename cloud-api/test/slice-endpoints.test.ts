import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/languages.ts";
import { signedFetch, signIn } from "#test/signed-request.ts";

async function call(path: string, body: unknown, extra: { method?: "GET"; country?: string } = {}) {
  const tokens = await signIn();
  return signedFetch(path, body, { accessToken: tokens.accessToken, method: extra.method, headers: extra.country ? { countryCode: extra.country } : {} });
}

describe("package list", () => {
  it("lists the type's packages in CNY for CN, sorted by displaySort, with every spec field", async () => {
    const { body } = await call("/v1/cloud/package/list", { deviceId: "SIM-DEMO-001", type: 2, countryCode: "CN", language: "zh" });
    const list = body?.data.packageList as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(2);
    expect(list.every((p) => p.currencyCode === "CNY")).toBe(true);
    const sorts = list.map((p) => p.displaySort as number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(Object.keys(list[0] ?? {})).toEqual(
      expect.arrayContaining(["id", "serviceId", "productId", "serviceName", "serviceDesc", "topTag", "originPrice", "salePrice", "currencyCode", "isGive", "isSale", "displaySort"]),
    );
    expect(list.find((p) => p.productId === "data-10g-cny")).toMatchObject({ serviceName: "10GB 月包", salePrice: 29.9, originPrice: 39.9 });
  });

  it("answers in USD outside China, in the request's language", async () => {
    const { body } = await call("/v1/cloud/package/list", { deviceId: "SIM-DEMO-001", type: 2, countryCode: "US", language: "fr" });
    const list = body?.data.packageList as { currencyCode: string; serviceName: string; productId: string }[];
    expect(list.every((p) => p.currencyCode === "USD")).toBe(true);
    expect(list.find((p) => p.productId === "data-10g-usd")?.serviceName).toBe("10 Go pour 30 jours");
  });

  it("has every package text and coupon text of the demo in each of the 10 languages, amounts in the language's style", async () => {
    type Texts = { serviceName: string; serviceDesc: string; topTag: string };
    const catalogue = async (language: string, type: number, deviceId: string) =>
      ((await call("/v1/cloud/package/list", { deviceId, type, countryCode: "CN", language })).body?.data.packageList as Texts[]).flatMap((p) => [p.serviceName, p.serviceDesc, p.topTag]);
    const coupons = async (language: string) =>
      ((await call(`/v1/cloud/coupon/user/list?countryCode=CN&language=${language}`, null, { method: "GET" })).body?.data as { name: string; descrip: string }[]).flatMap((c) => [c.name, c.descrip]);
    const shown = async (language: string) => [
      ...(await catalogue(language, 2, "SIM-DEMO-001")),
      ...(await catalogue(language, 1, "CAM-DEMO-001")),
      ...(await catalogue(language, 5, "CAM-DEMO-001")),
      ...(await catalogue(language, 6, "CAM-DEMO-001")),
      ...(await coupons(language)),
    ];
    const english = await shown("en");
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const texts = await shown(language);
      expect(texts.length, language).toBe(english.length);
      texts.forEach((text, i) => {
        if (english[i] !== "") expect(text, `${language}: ${english[i]}`).not.toBe(english[i]);
      });
    }
    expect(await coupons("de")).toEqual(expect.arrayContaining(["30,00\u00a0¥ Rabatt", "Kein Mindestbestellwert", "Ab einem Bestellwert von 50,00\u00a0¥"]));
    expect(await catalogue("de", 1, "CAM-DEMO-001")).toEqual(expect.arrayContaining(["Flottentarif, 3 Jahre", "Beliebt", "22\u00a0% sparen"]));
  });

  it("says what a package saves at the prices of the buyer's own currency", async () => {
    const savings: string[] = [];
    for (const countryCode of ["CN", "US"]) {
      for (const [type, deviceId] of [[1, "CAM-DEMO-001"], [5, "CAM-DEMO-001"], [6, "CAM-DEMO-001"], [2, "SIM-DEMO-001"]] as const) {
        const { body } = await call("/v1/cloud/package/list", { deviceId, type, countryCode, language: "en" });
        for (const p of body?.data.packageList as { topTag: string | null; originPrice: number; salePrice: number; productId: string }[]) {
          const saved = /^Save (\d+)%$/.exec(p.topTag ?? "");
          if (!saved) continue;
          expect(Number(saved[1]), p.productId).toBe(Math.round(100 * (1 - p.salePrice / p.originPrice)));
          savings.push(`${p.productId} ${p.topTag}`);
        }
      }
    }
    expect(savings).toEqual(expect.arrayContaining(["ai-year-cny Save 18%", "ai-year-usd Save 23%"]));
  });

  it("refuses another user's device with 403", async () => {
    const { http, body } = await call("/v1/cloud/package/list", { deviceId: "CAM-OTHER-001", type: 1 });
    expect(http).toBe(403);
    expect(body?.status).toBe(403);
  });

  it("answers 400 naming the field for bad params and for a body that is not JSON", async () => {
    const badType = await call("/v1/cloud/package/list", { deviceId: "SIM-DEMO-001", type: 9 });
    expect(badType.http).toBe(400);
    expect(badType.body?.msg).toMatch(/^invalid params: type:/);
    const noDevice = await call("/v1/cloud/package/list", { type: 2 });
    expect(noDevice.body?.msg).toMatch(/deviceId/);
    const tokens = await signIn();
    const garbage = await signedFetch("/v1/cloud/package/list", null, { accessToken: tokens.accessToken, rawBody: "{not json" });
    expect(garbage.body).toMatchObject({ status: 400, msg: "invalid params: body: not valid JSON" });
  });
});

describe("current package", () => {
  it("reports a period in use with its times", async () => {
    const { body } = await call("/v1/cloud/package/current", { deviceId: "SIM-DEMO-001", type: 2, language: "en" });
    const now = Date.now() / 1000;
    expect(body?.data).toMatchObject({ serviceName: "10 GB for 30 days", durationStatus: 2, status: 1 });
    expect(body?.data.startTime).toBeLessThan(now);
    expect(body?.data.endTime).toBeGreaterThan(now);
  });

  it("reports unlimited (status 2), expired (durationStatus 1) and never opened (0)", async () => {
    expect((await call("/v1/cloud/package/current", { deviceId: "SIM-DEMO-004", type: 2 })).body?.data).toMatchObject({ status: 2, durationStatus: 2 });
    expect((await call("/v1/cloud/package/current", { deviceId: "SIM-DEMO-002", type: 2 })).body?.data).toMatchObject({ durationStatus: 1 });
    expect((await call("/v1/cloud/package/current", { deviceId: "CAM-DEMO-002", type: 5 })).body?.data).toEqual({
      serviceName: null,
      durationStatus: 0,
      status: 0,
      startTime: null,
      endTime: null,
    });
  });
});

describe("SIM details", () => {
  it("reports status, remaining MB as text with separators, and card info", async () => {
    const { body } = await call("/v1/cloud/simcard/details", { iccId: "89860012345678901234" });
    expect(body?.data).toMatchObject({ status: "NORMAL", remain: "12,545.67", cardInfo: { iccid: "89860012345678901234" } });
    const exhausted = await call("/v1/cloud/simcard/details", { iccId: "89860098765432109876" });
    expect(exhausted.body?.data).toMatchObject({ status: "EXHAUSTED", remain: "0.00" });
  });

  it("answers 404 for a SIM unknown to the carrier, 403 for another user's and 400 for a malformed ICCID", async () => {
    expect((await call("/v1/cloud/simcard/details", { iccId: "89860055555555555555" })).body?.status).toBe(404);
    expect((await call("/v1/cloud/simcard/details", { iccId: "89010011111111111111" })).body?.status).toBe(403);
    const bad = await call("/v1/cloud/simcard/details", { iccId: "12ab" });
    expect(bad.body?.msg).toMatch(/^invalid params: iccId:/);
  });
});

describe("user coupons (GET)", () => {
  it("lists the user's coupons in the country's currency, value descending, leaving used ones out", async () => {
    const { body } = await call("/v1/cloud/coupon/user/list?type=2&countryCode=CN", null, { method: "GET" });
    const list = body?.data as { amount: number; status: number; type: number; couponCode: string }[];
    const amounts = list.map((c) => c.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts).not.toContain(8); // the used one
    expect(list.some((c) => c.type === 5)).toBe(false); // VIP-only coupon filtered by type
    expect(list.find((c) => c.amount === 15)?.status).toBe(2); // expired
    expect(list.filter((c) => c.status === 0).map((c) => c.amount)).toEqual([30, 20, 10, 5]);
  });

  it("lists USD coupons for the US", async () => {
    const { body } = await call("/v1/cloud/coupon/user/list?countryCode=US", null, { method: "GET" });
    expect((body?.data as { amount: number }[]).map((c) => c.amount)).toEqual([5, 3, 2, 1]);
  });

  it("refuses a bad query value with 400", async () => {
    const { body } = await call("/v1/cloud/coupon/user/list?type=abc", null, { method: "GET" });
    expect(body?.msg).toMatch(/^invalid params: type:/);
  });
});
