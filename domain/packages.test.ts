import { describe, expect, it } from "vitest";
import { packageTermsProblems, visiblePackages, type PackageTerms } from "./packages.ts";
import { paymentTypesFor } from "./payment-methods.ts";
import { deviceTypeFromAttrs, isDeviceType, isServiceType } from "./services.ts";
import { isEmpty } from "./empty.ts";

const p = (id: number, displaySort: number, isGive = 0, isSale = 1, serviceId = 1) => ({ id, displaySort, isGive, isSale, serviceId });

describe("package visibility (product-rules §5)", () => {
  const list = [p(1, 30), p(2, 10, 1), p(3, 20, 0, 0), p(4, 5, 0, 1, 502), p(5, 10)];

  it("hides isGive packages for mobile data, keeping ones not on sale, by displaySort", () => {
    expect(visiblePackages(list, { serviceType: 2 }).map((x) => x.id)).toEqual([4, 5, 3, 1]);
  });

  it("keeps only isSale packages elsewhere", () => {
    expect(visiblePackages(list, { serviceType: 5 }).map((x) => x.id)).toEqual([4, 2, 5, 1]);
  });

  it("keeps only the service id's packages in VIP receive mode", () => {
    expect(visiblePackages(list, { serviceType: 5, receiveServiceId: 502 }).map((x) => x.id)).toEqual([4]);
  });

  it("keeps the card's own package in receive mode although it is not sold", () => {
    const card = [p(7, 1, 0, 0, 502), p(8, 2, 0, 1, 501)];
    expect(visiblePackages(card, { serviceType: 5, receiveServiceId: 502 }).map((x) => x.id)).toEqual([7]);
    expect(visiblePackages(card, { serviceType: 5 }).map((x) => x.id)).toEqual([8]);
    // Elsewhere a service id (a storage tab) narrows what is on sale, nothing more.
    expect(visiblePackages(card, { serviceType: 1, receiveServiceId: 502 }).map((x) => x.id)).toEqual([]);
  });

  it("does not reorder its input", () => {
    const copy = [...list];
    visiblePackages(list, { serviceType: 1 });
    expect(list).toEqual(copy);
  });
});

describe("codes (product-rules §9)", () => {
  it("accepts service types 1-6 and device types 1-2 only", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 1.5, "1", null].map(isServiceType)).toEqual([false, true, true, true, true, true, true, false, false, false, false]);
    expect([0, 1, 2, 3, "1"].map(isDeviceType)).toEqual([false, true, true, false, false]);
  });

  it("treats a device whose attributes mention sim as a SIM device", () => {
    expect(deviceTypeFromAttrs("camera,sim,4g")).toBe(2);
    expect(deviceTypeFromAttrs("SIM")).toBe(2);
    expect(deviceTypeFromAttrs("camera,wifi")).toBe(1);
    expect(deviceTypeFromAttrs(null)).toBe(1);
  });

  it("offers WeChat and Alipay in China, PayPal and card elsewhere", () => {
    expect(paymentTypesFor("CN")).toEqual([1, 2]);
    expect(paymentTypesFor("cn")).toEqual([1, 2]);
    expect(paymentTypesFor("US")).toEqual([3, 4]);
  });

  it("counts null, undefined and the empty string as empty, nothing else", () => {
    expect([null, undefined, "", " ", 0, false, []].map(isEmpty)).toEqual([true, true, true, false, false, false, false]);
  });
});

describe("a package's terms as an operator sets them (issue 32 item 3)", () => {
  const storage: PackageTerms = { serviceType: 1, deviceType: null, originPriceCents: 5800, salePriceCents: 3800, dataQuotaMb: null, isUnlimited: false, recordingDays: 7 };
  const data: PackageTerms = { ...storage, serviceType: 2, deviceType: 2, dataQuotaMb: 10240, recordingDays: null };
  const problems = (terms: PackageTerms) => packageTermsProblems(terms).map(({ field, problem }) => `${field}: ${problem}`);

  it("accept a storage package for every device, 4G data for SIM devices with a quota or unlimited, a free one", () => {
    expect(problems(storage)).toEqual([]);
    expect(problems(data)).toEqual([]);
    expect(problems({ ...data, dataQuotaMb: null, isUnlimited: true })).toEqual([]);
    expect(problems({ ...storage, originPriceCents: 1800, salePriceCents: 0 })).toEqual([]);
  });

  it("refuse a service for a kind of device it is not sold to, and a sale price above the original", () => {
    expect(problems({ ...data, deviceType: 1 })).toEqual(["deviceType: device_type_not_sold"]);
    expect(problems({ ...storage, salePriceCents: 5801 })).toEqual(["salePriceCents: sale_above_origin"]);
  });

  it("refuse 4G data with neither or both of a quota and unlimited, and data or recording days on another service", () => {
    expect(problems({ ...data, dataQuotaMb: null })).toEqual(["dataQuotaMb: data_quota_needed"]);
    expect(problems({ ...data, isUnlimited: true })).toEqual(["dataQuotaMb: data_quota_needed"]);
    expect(problems({ ...storage, dataQuotaMb: 1024 })).toEqual(["dataQuotaMb: data_quota_not_sold"]);
    expect(problems({ ...data, recordingDays: 7 })).toEqual(["recordingDays: recording_days_not_storage"]);
  });
});
