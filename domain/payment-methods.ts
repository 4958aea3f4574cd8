import { currencyForCountry, type CurrencyCode } from "./money.ts";

/**
 * How the buyer pays once the order exists (product-rules §4): leave for the provider's page, post a form
 * to the provider from our cashier page, press the provider's buttons in a sub-view (the provider asks for
 * the order when pressed), or fill the provider's sheet embedded in a sub-view (the order is made first).
 */
export type PaymentFlow = "redirect" | "form-post" | "sdk-buttons" | "embedded-sheet";

/** Where a method is offered: in the listed countries only, or everywhere but them. */
export type Countries = { only: readonly string[] } | { allBut: readonly string[] };

/** The field of a started payment (the order response, product-rules §3) that carries what this method continues with. */
export type PaymentInstruction = "h5PaymentUrl" | "alipayForm" | "payPalOrderId" | "sessionId";

export interface PaymentMethod {
  /** The wire code (confirm's payMethod, an order's paymentType). */
  code: number;
  /** The cloud-api's adapter, also the last segment of its notification path. */
  provider: string;
  countries: Countries;
  currencies: readonly CurrencyCode[];
  flow: PaymentFlow;
  instruction: PaymentInstruction;
  /** The chooser's sub-view (`?pay=<name>`) of a method that needs the provider's script, else null. */
  subView: string | null;
  /** Product-rules §4: whether an unpaid order of this method offers Repay. */
  repayable: boolean;
  /** Product-rules §5 and decision 010: confirmed with v3 even without a purchase signature. */
  alwaysConfirmsWithV3: boolean;
  /** Product-rules §7: a mobile-data order paid this way is sent with buyServiceType 1 (cloud storage). */
  sendsMobileDataAsCloudStorage: boolean;
}

const CHINA_ONLY: Countries = { only: ["CN"] };
const OUTSIDE_CHINA: Countries = { allBut: ["CN"] };
const PLAIN = { subView: null, repayable: true, alwaysConfirmsWithV3: false, sendsMobileDataAsCloudStorage: false } as const;

/**
 * Every payment method once (product-rules §4, §6): the wire's zod enums, the offered list, the chooser, the
 * confirm's next step, Repay, the CSP (with each sub-view provider's hosts, app/.server/security.ts) and the
 * cloud-api's provider of a method all derive from this table. The browser loads it, so what only a server
 * needs stays out of it (docs/decisions/065-a).
 * Its button text is `pay.method.<code>` in every locale.
 */
export const PAYMENT_METHODS = {
  wechat: { ...PLAIN, code: 1, provider: "wechat", countries: CHINA_ONLY, currencies: ["CNY"], flow: "redirect", instruction: "h5PaymentUrl" },
  alipay: { ...PLAIN, code: 2, provider: "alipay", countries: CHINA_ONLY, currencies: ["CNY"], flow: "form-post", instruction: "alipayForm" },
  paypal: {
    ...PLAIN,
    code: 3,
    provider: "paypal",
    countries: OUTSIDE_CHINA,
    currencies: ["CNY", "USD"],
    flow: "sdk-buttons",
    instruction: "payPalOrderId",
    subView: "paypal",
    repayable: false,
    sendsMobileDataAsCloudStorage: true,
  },
  card: {
    ...PLAIN,
    code: 4,
    provider: "stripe",
    countries: OUTSIDE_CHINA,
    currencies: ["CNY", "USD"],
    flow: "embedded-sheet",
    instruction: "sessionId",
    subView: "card",
    alwaysConfirmsWithV3: true,
  },
} as const satisfies Record<string, PaymentMethod>;

/** One method of the table, with its literal types (a sub-view's name, a provider's). */
export type KnownPaymentMethod = (typeof PAYMENT_METHODS)[keyof typeof PAYMENT_METHODS];
export type PaymentTypeCode = KnownPaymentMethod["code"];
export type ProviderName = KnownPaymentMethod["provider"];
export type SubView = NonNullable<KnownPaymentMethod["subView"]>;
/** The providers whose browser client opens in a sub-view (the storefront gives each its public settings). */
export type SubViewProvider = Extract<KnownPaymentMethod, { subView: SubView }>["provider"];

/** Each method's code by name, for code that means one method in particular (the demo data, a bench script). */
export const PaymentType = Object.fromEntries(Object.entries(PAYMENT_METHODS).map(([name, method]) => [name, method.code])) as {
  [Name in keyof typeof PAYMENT_METHODS]: (typeof PAYMENT_METHODS)[Name]["code"];
};

const METHODS: readonly KnownPaymentMethod[] = Object.values(PAYMENT_METHODS);
export const PAYMENT_TYPES: readonly [PaymentTypeCode, ...PaymentTypeCode[]] = METHODS.map((method) => method.code) as [PaymentTypeCode, ...PaymentTypeCode[]];
export const PROVIDER_NAMES: readonly ProviderName[] = [...new Set(METHODS.map((method) => method.provider))];
export const SUB_VIEWS: readonly SubView[] = METHODS.flatMap((method) => (method.subView === null ? [] : [method.subView]));

export function isPaymentType(value: unknown): value is PaymentTypeCode {
  return METHODS.some((method) => method.code === value);
}

export const isSubView = (value: string | null): value is SubView => SUB_VIEWS.some((view) => view === value);

/** The method of a wire code; undefined for a code no method has (an order written by another backend). */
export function paymentMethod(code: number): KnownPaymentMethod | undefined {
  return METHODS.find((method) => method.code === code);
}

/** The method that opens a sub-view. */
export function methodOfSubView(view: SubView): Extract<KnownPaymentMethod, { subView: SubView }> {
  return METHODS.find((method): method is Extract<KnownPaymentMethod, { subView: SubView }> => method.subView === view)!;
}

export function providerOf(code: PaymentTypeCode): ProviderName {
  return METHODS.find((method) => method.code === code)!.provider;
}

function offeredInCountry(countries: Countries, countryCode: string): boolean {
  return "only" in countries ? countries.only.includes(countryCode) : !countries.allBut.includes(countryCode);
}

/** Product-rules §2/§6: the methods offered in a country (CN: WeChat Pay and Alipay; elsewhere PayPal and card), in the chooser's order. */
export function paymentTypesFor(countryCode: string): readonly PaymentTypeCode[] {
  const country = countryCode.toUpperCase();
  const currency = currencyForCountry(country);
  return METHODS.filter((method) => offeredInCountry(method.countries, country) && method.currencies.some((c) => c === currency)).map((method) => method.code);
}

/** Product-rules §4: no Repay for a method that cannot be repaid (PayPal); an unknown method is not repaid either. */
export function isRepayable(paymentType: number): boolean {
  return paymentMethod(paymentType)?.repayable ?? false;
}
