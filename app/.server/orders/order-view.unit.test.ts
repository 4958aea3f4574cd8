import { describe, expect, it } from "vitest";
import { intlLocale, LANGUAGES, type Language } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";
import { createTranslator, type Messages } from "#app/i18n/translate.ts";
import { resources } from "../i18n.ts";
import type { RequestContext } from "../request-context.ts";
import type { UpstreamOrderDetail } from "../upstream/endpoints.ts";
import { loadOrder, orderFacts } from "./order-view.ts";

/** A waiting 4G order that used a coupon whose name ends in an amount, as the demo's coupons do. */
const order: UpstreamOrderDetail = {
  orderId: "DEMO9000001",
  deviceId: "SIM-DEMO-001",
  serviceType: 2,
  serviceName: "4G 10 GB",
  status: 8001,
  paymentType: 1,
  period: 30,
  currencyCode: "CNY",
  price: 29.9,
  discount: 20,
  realPayPrice: 9.9,
  coupon: { name: "¥20.00 off", couponCode: "DEMO0003" },
  createTime: 1_790_000_000,
  paymentTime: null,
  payment: null,
  servicePeriod: null,
  events: [],
};

const requestIn = (locale: Language) =>
  ({ locale, t: createTranslator(locale, resources[locale].common as Messages), env: { MERCHANT_NAME: "" } }) as unknown as RequestContext;

describe("an order's coupon line", () => {
  it.each(LANGUAGES)("in %s sets the coupon's name and its discount apart, so that the two amounts never read as one range", (language) => {
    const { coupon } = orderFacts(requestIn(language), { name: "Asia/Shanghai", guessed: false }, order);
    const isolates = /^\u2068(.+)\u2069 \u2068(.+)\u2069$/u.exec(coupon ?? "");
    expect(isolates?.[1]).toBe("¥20.00 off");
    // The discount is the order's, in the buyer's number format, after a minus sign.
    expect(isolates?.[2]).toBe(`−${formatMoney(2000, "CNY", intlLocale(language))}`);
  });

  it("is absent when the order used no coupon", () => {
    expect(orderFacts(requestIn("ar"), { name: "Asia/Shanghai", guessed: false }, { ...order, coupon: null, discount: 0 }).coupon).toBeNull();
  });
});

describe("loading the order a link names", () => {
  it("answers 404 for an id longer than any order's, as for an unknown one, instead of passing on the upstream's refusal of bad input as 502", async () => {
    const asked: unknown[] = [];
    // The cloud-api refuses such an id as bad input (400), which the page would otherwise show as a failure.
    const req = { locale: "en", upstream: { call: async (_endpoint: unknown, input: unknown) => (asked.push(input), { ok: false, status: 400, reason: null, msg: "invalid params", detail: "invalid params: orderId: Too big" }) } } as unknown as RequestContext;
    for (const orderId of ["9".repeat(65), "   ", null]) {
      await expect(loadOrder(req, orderId)).rejects.toMatchObject({ init: { status: 404 } });
    }
    expect(asked).toEqual([]);
  });
});
