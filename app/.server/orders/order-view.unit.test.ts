import { describe, expect, it } from "vitest";
import { intlLocale, LANGUAGES, type Language } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";
import { createTranslator, type Messages } from "#app/i18n/translate.ts";
import { resources } from "../i18n.ts";
import { brandOf } from "../brand.ts";
import type { StorefrontEnv } from "../env.ts";
import type { RequestContext } from "../request-context.ts";
import { DEFAULT_LAUNCH_STATE } from "../session/state.ts";
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

const BRAND = JSON.stringify({
  seller: { name: "Demo GmbH", address: "Example Street 1, Berlin", taxId: "DE000000000" },
  support: "help@brand.example",
  taxRates: { DE: 19, "*": 0 },
});

const requestIn = (locale: Language, brand = "") => {
  const t = createTranslator(locale, resources[locale].common as Messages);
  const env = { BRAND: brand } as StorefrontEnv;
  return { locale, t, env, timeZone: () => ({ name: "Asia/Shanghai", guessed: false }), brand: () => brandOf(env, 1, locale, t("app.name")) } as unknown as RequestContext;
};
const launch = { ...DEFAULT_LAUNCH_STATE, deviceId: "SIM-DEMO-001", deviceName: "Backyard 4G" };

describe("an order's coupon line", () => {
  it.each(LANGUAGES)("in %s sets the coupon's name and its discount apart, so that the two amounts never read as one range", (language) => {
    const { coupon } = orderFacts(requestIn(language), launch, order);
    const isolates = /^\u2068(.+)\u2069 \u2068(.+)\u2069$/u.exec(coupon ?? "");
    expect(isolates?.[1]).toBe("¥20.00 off");
    // The discount is the order's, in the buyer's number format, after a minus sign.
    expect(isolates?.[2]).toBe(`−${formatMoney(2000, "CNY", intlLocale(language))}`);
  });

  it("is absent when the order used no coupon", () => {
    expect(orderFacts(requestIn("ar"), launch, { ...order, coupon: null, discount: 0 }).coupon).toBeNull();
  });
});

const DAY = 86_400;
/** The order refunding since its request at `asked`: the money is expected 7 days later. */
const refunding = (asked: number): UpstreamOrderDetail => ({
  ...order,
  status: 8010,
  paymentTime: asked - 600,
  events: [
    { fromStatus: 8001, toStatus: 8003, time: asked - 600 },
    { fromStatus: 8005, toStatus: 8009, time: asked - 60 },
    { fromStatus: 8009, toStatus: 8010, time: asked },
  ],
});

describe("a refund's tracker (issue 31 item 4)", () => {
  const asked = 1_790_000_000;

  it.each(["en", "zh", "de", "ar"] as const)("in %s always shows the amount, and once the expected date has passed says the refund is late and names support", (language) => {
    const before = orderFacts(requestIn(language, BRAND), launch, refunding(asked), asked + DAY).refund;
    expect(before?.amount).toBe(formatMoney(990, "CNY", intlLocale(language)));
    expect(before?.late).toBe(false);
    expect(before?.support).toBeNull();

    const after = orderFacts(requestIn(language, BRAND), launch, refunding(asked), asked + 8 * DAY).refund;
    expect(after?.amount).toBe(formatMoney(990, "CNY", intlLocale(language)));
    expect(after?.late).toBe(true);
    expect(after?.next).toContain("DEMO9000001");
    expect(after?.next).toContain("2026-09-28");
    expect(after?.next).not.toBe(before?.next);
    expect(after?.support).toEqual({ href: "mailto:help@brand.example", label: "help@brand.example" });
  });

  it("names no support when the brand configures none", () => {
    expect(orderFacts(requestIn("en"), launch, refunding(asked), asked + 8 * DAY).refund?.support).toBeNull();
  });
});

describe("an order's receipt facts (issue 31 item 9)", () => {
  const paid: UpstreamOrderDetail = { ...order, status: 8006, paymentTime: 1_790_000_100, currencyCode: "USD", price: 5.99, discount: 0, realPayPrice: 5.99, coupon: null };

  it("names the brand's seller, the device by name and id, and the tax included at the buyer's country's rate", () => {
    const facts = orderFacts(requestIn("de", BRAND), { ...launch, countryCode: "DE" }, paid);
    expect(facts.seller).toEqual({ name: "Demo GmbH", address: "Example Street 1, Berlin", taxId: "DE000000000" });
    expect(facts.device).toBe("\u2068Backyard 4G\u2069 (SIM-DEMO-001)");
    expect(facts.tax.label.replace(/\s/g, " ")).toBe("Enthaltene Steuern (19 %)");
    expect(facts.tax.amount).toBe(formatMoney(96, "USD", "de"));
  });

  it("states a zero tax too, and without a configured seller names the app", () => {
    const facts = orderFacts(requestIn("en"), { ...launch, countryCode: "US" }, paid);
    expect(facts.seller).toEqual({ name: "CamCloud", address: null, taxId: null });
    expect(facts.tax).toEqual({ label: "Tax included (0%)", amount: "$0.00" });
  });

  it("names a device other than the launch's by its id alone", () => {
    expect(orderFacts(requestIn("en"), { ...launch, deviceId: "CAM-DEMO-001" }, paid).device).toBe("SIM-DEMO-001");
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
