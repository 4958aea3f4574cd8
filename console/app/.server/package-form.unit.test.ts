import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/languages.ts";
import { translatorFor } from "./locale.ts";
import { fieldErrors, parseDraft, valuesOfPackage, type PackageFormValues } from "./package-form.ts";

/** The package form as an operator fills it: text in, the contract's draft out, refusals in their language. */
const typed = (overrides: PackageFormValues = {}): PackageFormValues => ({
  serviceType: "1",
  deviceType: "",
  serviceId: "101",
  productId: "storage-console-1",
  currencyCode: "CNY",
  originPriceCents: "58",
  salePriceCents: "38.5",
  periodDays: "30",
  dataQuotaMb: "",
  recordingDays: "7",
  displaySort: "10",
  isSale: "on",
  ...Object.fromEntries(LANGUAGES.flatMap((language) => [
    [`serviceName.${language}`, `Name ${language}`],
    [`serviceDesc.${language}`, `Description ${language}`],
  ])),
  ...overrides,
});

describe("the package form", () => {
  it("reads amounts as money into cents, empty numbers as none, checkboxes as on, and an empty badge as no badge", () => {
    const draft = parseDraft(typed());
    expect(draft.success && draft.data).toMatchObject({
      originPriceCents: 5800,
      salePriceCents: 3850,
      deviceType: null,
      dataQuotaMb: null,
      isSale: true,
      isGive: false,
      topTag: null,
      serviceName: { zh: "Name zh", ar: "Name ar" },
    });
  });

  it("shows a package it loaded as it would be typed, which reads back as the same package", () => {
    const draft = parseDraft(typed());
    if (!draft.success) throw draft.error;
    const values = valuesOfPackage({ ...draft.data, id: 1, version: 3, retiredAt: null, savedBy: null, savedAt: null });
    expect([values.originPriceCents, values.salePriceCents, values["serviceName.th"]]).toEqual(["58.00", "38.50", "Name th"]);
    expect(parseDraft(values)).toEqual(draft);
  });

  it("names every missing language and each refused field in the operator's language", () => {
    const refused = parseDraft(typed({ "serviceName.ar": "", "serviceName.th": "", "topTag.zh": "热销", salePriceCents: "38.123" }));
    if (refused.success) throw new Error("accepted");
    expect(fieldErrors(refused.error, translatorFor("en"), "en")).toEqual({
      salePriceCents: "Enter an amount with at most 2 decimals, such as 38.00.",
      serviceName: "Missing in Thai and Arabic.",
      topTag: "Missing in English, Japanese, German, French, Spanish, Italian, Russian, Thai, and Arabic.",
    });
    expect(fieldErrors(refused.error, translatorFor("zh"), "zh").serviceName).toBe("缺少以下语言：泰语和阿拉伯语。");
  });

  it("says why terms the catalogue cannot sell were refused", () => {
    const refused = parseDraft(typed({ serviceType: "2", deviceType: "1", recordingDays: "", dataQuotaMb: "1024", salePriceCents: "60" }));
    if (refused.success) throw new Error("accepted");
    expect(fieldErrors(refused.error, translatorFor("en"), "en")).toEqual({
      deviceType: "This service is not sold to that kind of device.",
      salePriceCents: "The sale price may not be above the original price.",
    });
  });
});
