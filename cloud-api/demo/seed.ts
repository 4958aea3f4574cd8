/**
 * Demo data of docs/architecture.md §4, with times relative to `now` so that the demo always shows live periods.
 * Pure: returns SQL statements; `npm start` runs them through wrangler and the Worker tests through D1. The demo's
 * cards are stored as generated cards are, under the cloud-api's CARD_CODE_SECRET (docs/decisions/060).
 */
import { canTransition, OrderStatus, type OrderStatusCode } from "#domain/order-status.ts";
import { PAYMENT_TYPES, providerOf, type PaymentTypeCode } from "#domain/payment-methods.ts";
import { DeviceType, isSoldFor, ServiceType, type DeviceTypeCode, type SoldServiceType } from "#domain/services.ts";
import type { OperatorRole } from "#contract/operator.ts";
import { couponTexts } from "#domain/coupon-texts.ts";
import { PACKAGE_TEXTS, saveTag, type PackageText, type Texts } from "#demo/texts.ts";
import { cardLookupKey, sealCardCode } from "#api/core/card-codes.ts";

type Value = string | number | null;
const DAY = 86400;

function literal(value: Value): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`bad number ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

function insert(table: string, rows: Record<string, Value>[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => literal(row[c] ?? null)).join(", ")});`;
  });
}

const text = (texts: Texts) => JSON.stringify(texts);

export const DEMO_ACCOUNTS = { buyer: "demo@camcloud.example", other: "other@camcloud.example" } as const;

/** The console's demo operators, one per role (docs/decisions/057); `npm run launch -- --operator <role>` signs one in. */
export const DEMO_OPERATORS = {
  viewer: { email: "viewer@camcloud.example", name: "Vera Viewer" },
  support: { email: "support@camcloud.example", name: "Sam Support" },
  admin: { email: "admin@camcloud.example", name: "Ada Admin" },
} as const satisfies Record<OperatorRole, { email: string; name: string }>;

/**
 * Two order.paid events whose delivery to the demo receiver ("demo": npm start's and the e2e servers' endpoint) was
 * given up after three days of retries, for trying the console's "send again": one for each journey project.
 */
export const DEMO_GIVEN_UP_DELIVERIES = {
  withJs: { eventId: "msg_d0000000000000000000000000000001", orderId: "DEMO2000006" },
  withoutJs: { eventId: "msg_d0000000000000000000000000000002", orderId: "DEMO2000008" },
} as const;

export const DEMO_DEVICES = {
  camera: "CAM-DEMO-001",
  cameraNoPackage: "CAM-DEMO-002",
  /** A camera whose only service came with a cloud storage card, left for trying the card refund. */
  cameraCard: "CAM-DEMO-003",
  sim: "SIM-DEMO-001",
  simExhausted: "SIM-DEMO-002",
  simException: "SIM-DEMO-003",
  simUnlimited: "SIM-DEMO-004",
  /** A SIM with no history, left for trying purchases (its data grows with each one). */
  simSpare: "SIM-DEMO-005",
  /** A camera whose storage ends within days, with a VIP period queued and AI ended lately: the timeline and reminders. */
  cameraRenewal: "CAM-DEMO-004",
  otherCamera: "CAM-OTHER-001",
  otherSim: "SIM-OTHER-001",
} as const;

/**
 * The other owner's delivered 4G orders, paid by card in USD, left for refunding from the console (issue 32): found by
 * the device id or the card payment's reference, one for the journey with JavaScript and one without.
 */
export const DEMO_SUPPORT_ORDERS = {
  withJs: { orderId: "DEMO2900001", providerRef: "DEMO-REF-DEMO2900001" },
  withoutJs: { orderId: "DEMO2900002", providerRef: "DEMO-REF-DEMO2900002" },
} as const;

/** Each demo account's device of each kind: where a screen of a service opens, on a kind it is sold for. */
export const DEMO_DEVICE_OF_KIND = {
  buyer: { [DeviceType.camera]: DEMO_DEVICES.camera, [DeviceType.sim]: DEMO_DEVICES.sim },
  other: { [DeviceType.camera]: DEMO_DEVICES.otherCamera, [DeviceType.sim]: DEMO_DEVICES.otherSim },
} as const;

export const DEMO_ICCIDS = {
  sim: "89860012345678901234",
  simExhausted: "89860098765432109876",
  simException: "89860055555555555555",
  simUnlimited: "89860077777777777777",
  simSpare: "89860033333333333333",
  otherSim: "89010011111111111111",
} as const;

export const DEMO_CARD_CODES = {
  vipNew: "VIPCARD-NEW-0001",
  vipNewSpare: "VIPCARD-NEW-0004",
  vipReceived: "VIPCARD-RECV-0002",
  vipRefunded: "VIPCARD-REF-0003",
  storageNew: "STORAGECARD-NEW-0001",
  storageReceived: "STORAGECARD-RECV-0002",
  storageRefunded: "STORAGECARD-REF-0003",
  storageReceivedSpare: "STORAGECARD-RECV-0004",
} as const;

interface PackageSpec {
  key: string;
  type: SoldServiceType;
  serviceId: number;
  name: PackageText;
  desc: PackageText;
  /** A label from the package texts, or "saving": what the sale price saves, at each currency's own prices. */
  tag?: PackageText | "saving";
  cny: [origin: number, sale: number];
  usd: [origin: number, sale: number];
  days: number;
  quotaMb?: number;
  unlimited?: boolean;
  give?: boolean;
  notOnSale?: boolean;
  sort: number;
}

const PACKAGES: PackageSpec[] = [
  { key: "data-10g", type: ServiceType.mobileData, serviceId: 201, name: "data10g", desc: "nationwideData", tag: "popular", cny: [3990, 2990], usd: [699, 499], days: 30, quotaMb: 10240, sort: 10 },
  { key: "data-30g", type: ServiceType.mobileData, serviceId: 201, name: "data30g", desc: "nationwideData", cny: [11970, 7900], usd: [2097, 1299], days: 90, quotaMb: 30720, sort: 20 },
  { key: "data-unlimited", type: ServiceType.mobileData, serviceId: 201, name: "dataUnlimited", desc: "noCap", tag: "bestValue", cny: [39900, 29900], usd: [6999, 4999], days: 365, unlimited: true, sort: 30 },
  { key: "data-trial", type: ServiceType.mobileData, serviceId: 201, name: "dataTrial", desc: "withSim", cny: [0, 0], usd: [0, 0], days: 7, quotaMb: 1024, give: true, sort: 5 },
  { key: "data-5g", type: ServiceType.mobileData, serviceId: 201, name: "data5g", desc: "shortTrips", cny: [1500, 990], usd: [299, 199], days: 7, quotaMb: 5120, sort: 15 },
  { key: "storage-allday-30", type: ServiceType.cloudStorage, serviceId: 101, name: "allDay7", desc: "allDayMonth", tag: "popular", cny: [5800, 3800], usd: [899, 599], days: 30, sort: 10 },
  { key: "storage-allday-365", type: ServiceType.cloudStorage, serviceId: 101, name: "allDay30", desc: "allDayYear", cny: [59800, 39800], usd: [8999, 5999], days: 365, sort: 20 },
  { key: "storage-fleet", type: ServiceType.cloudStorage, serviceId: 101, name: "fleet", desc: "installers", cny: [1200000, 1000000], usd: [1200000, 1000000], days: 1095, sort: 90 },
  { key: "storage-legacy", type: ServiceType.cloudStorage, serviceId: 101, name: "legacy", desc: "noLongerSold", cny: [2000, 1000], usd: [300, 200], days: 30, notOnSale: true, sort: 99 },
  { key: "storage-event-30", type: ServiceType.cloudStorage, serviceId: 102, name: "event30", desc: "motionClips", cny: [2800, 1800], usd: [499, 299], days: 30, sort: 30 },
  { key: "storage-event-365", type: ServiceType.cloudStorage, serviceId: 102, name: "event365", desc: "motionClips", tag: "saving", cny: [21600, 16800], usd: [3588, 2499], days: 365, sort: 40 },
  { key: "storage-card", type: ServiceType.cloudStorage, serviceId: 103, name: "storageCard", desc: "cardCode", cny: [1800, 0], usd: [299, 0], days: 30, notOnSale: true, sort: 50 },
  { key: "vip-month", type: ServiceType.vip, serviceId: 501, name: "vipMonth", desc: "vipBenefits", cny: [3500, 2500], usd: [599, 399], days: 30, sort: 10 },
  { key: "vip-year", type: ServiceType.vip, serviceId: 501, name: "vipYear", desc: "vipBenefits", tag: "bestValue", cny: [42000, 23800], usd: [7188, 3599], days: 365, sort: 20 },
  { key: "vip-card", type: ServiceType.vip, serviceId: 502, name: "vipCard", desc: "vipCardCode", cny: [2500, 0], usd: [399, 0], days: 30, notOnSale: true, sort: 30 },
  { key: "ai-month", type: ServiceType.ai, serviceId: 601, name: "aiMonth", desc: "aiBenefits", cny: [2000, 1500], usd: [349, 249], days: 30, sort: 10 },
  { key: "ai-year", type: ServiceType.ai, serviceId: 601, name: "aiYear", desc: "aiBenefits", tag: "saving", cny: [18000, 14800], usd: [2988, 2299], days: 365, sort: 20 },
];

/** Days of recordings each cloud storage package keeps: its loop, as the all-day packages' names say. */
const RECORDINGS_KEPT_DAYS: Record<string, number> = {
  "storage-allday-30": 7,
  "storage-allday-365": 30,
  "storage-fleet": 30,
  "storage-legacy": 7,
  "storage-event-30": 30,
  "storage-event-365": 30,
  "storage-card": 30,
};

/** Package ids: CNY variants 1.., USD variants 101.. in the order above. */
export function demoPackageId(key: string, currency: "CNY" | "USD"): number {
  const index = PACKAGES.findIndex((p) => p.key === key);
  if (index < 0) throw new Error(`no demo package ${key}`);
  return (currency === "CNY" ? 1 : 101) + index;
}

const STATUS_PATHS: Record<OrderStatusCode, OrderStatusCode[]> = (() => {
  const S = OrderStatus;
  const paid = [S.waitingToPay, S.paying, S.paid];
  const buying = [...paid, S.buying];
  const refunding = [...buying, S.waitingForRefund, S.refunding];
  return {
    [S.waitingToPay]: [S.waitingToPay],
    [S.paying]: [S.waitingToPay, S.paying],
    [S.paid]: paid,
    [S.paymentFailed]: [S.waitingToPay, S.paying, S.paymentFailed],
    [S.buying]: buying,
    [S.purchaseSucceeded]: [...buying, S.purchaseSucceeded],
    [S.cancelled]: [S.waitingToPay, S.cancelled],
    [S.finished]: [...buying, S.purchaseSucceeded, S.finished],
    [S.waitingForRefund]: [...buying, S.waitingForRefund],
    [S.refunding]: refunding,
    [S.refunded]: [...refunding, S.refunded],
    [S.refundFailed]: [...refunding, S.refundFailed],
    [S.refundClosed]: [...refunding, S.refundFailed, S.refundClosed],
    [S.closed]: [S.waitingToPay, S.closed],
    [S.paymentClosed]: [S.waitingToPay, S.paying, S.paymentClosed],
  };
})();

export async function demoSeedStatements(now: number, cardCodeSecret: string): Promise<string[]> {
  const statements: string[] = [];
  const users = [
    { id: 1, account: DEMO_ACCOUNTS.buyer, nickname: "Demo buyer", country_code: "CN", created_at: now - 400 * DAY },
    { id: 2, account: DEMO_ACCOUNTS.other, nickname: "Other owner", country_code: "US", created_at: now - 200 * DAY },
  ];
  statements.push(...insert("users", users));
  statements.push(
    ...insert(
      "operators",
      Object.entries(DEMO_OPERATORS).map(([role, { email, name }]) => ({ email, name, role, enabled: 1, created_at: now - 30 * DAY, updated_at: now - 30 * DAY })),
    ),
  );

  const D = DEMO_DEVICES;
  const I = DEMO_ICCIDS;
  const device = (id: string, user: number, name: string, type: DeviceTypeCode, iccid: string | null, age: number) => ({
    id,
    user_id: user,
    name,
    device_type: type,
    attrs: type === DeviceType.sim ? "camera,sim,4g" : "camera,wifi",
    iccid,
    created_at: now - age * DAY,
  });
  const devices = [
    device(D.camera, 1, "Front door", DeviceType.camera, null, 300),
    device(D.cameraNoPackage, 1, "Garage", DeviceType.camera, null, 250),
    device(D.cameraCard, 1, "Porch", DeviceType.camera, null, 240),
    device(D.sim, 1, "Backyard 4G", DeviceType.sim, I.sim, 200),
    device(D.simExhausted, 1, "Farm gate 4G", DeviceType.sim, I.simExhausted, 190),
    device(D.simException, 1, "Cabin 4G", DeviceType.sim, I.simException, 180),
    device(D.simUnlimited, 1, "Boat 4G", DeviceType.sim, I.simUnlimited, 170),
    device(D.simSpare, 1, "Shed 4G", DeviceType.sim, I.simSpare, 160),
    device(D.cameraRenewal, 1, "Nursery", DeviceType.camera, null, 150),
    device(D.otherCamera, 2, "Shop", DeviceType.camera, null, 100),
    device(D.otherSim, 2, "Van 4G", DeviceType.sim, I.otherSim, 90),
  ];
  statements.push(...insert("devices", devices));

  const packageRows = (["CNY", "USD"] as const).flatMap((currency) =>
    PACKAGES.map((p) => {
      const [origin, sale] = currency === "CNY" ? p.cny : p.usd;
      return {
        id: demoPackageId(p.key, currency),
        service_type: p.type,
        service_id: p.serviceId,
        product_id: `${p.key}-${currency.toLowerCase()}`,
        service_name: text(PACKAGE_TEXTS[p.name]),
        service_desc: text(PACKAGE_TEXTS[p.desc]),
        top_tag: p.tag === undefined ? null : text(p.tag === "saving" ? saveTag(Math.round(100 * (1 - sale / origin))) : PACKAGE_TEXTS[p.tag]),
        origin_price_cents: origin,
        sale_price_cents: sale,
        currency_code: currency,
        period_days: p.days,
        data_quota_mb: p.quotaMb ?? null,
        recording_days: RECORDINGS_KEPT_DAYS[p.key] ?? null,
        is_unlimited: p.unlimited ? 1 : 0,
        is_give: p.give ? 1 : 0,
        is_sale: p.notOnSale ? 0 : 1,
        display_sort: p.sort,
      };
    }),
  );
  statements.push(...insert("packages", packageRows));

  let couponId = 0;
  const coupon = (user: number, currency: "CNY" | "USD", amount: number, min: number, opts: { expired?: boolean; used?: boolean; type?: number; expiresInDays?: number } = {}) => {
    couponId += 1;
    const texts = couponTexts(amount, min, currency);
    return {
      id: couponId,
      user_id: user,
      coupon_code: `DEMO${String(couponId).padStart(4, "0")}`,
      name: text(texts.name),
      descrip: text(texts.descrip),
      type: opts.type ?? 0,
      currency_code: currency,
      amount_cents: amount,
      use_limit_amount_cents: min,
      start_time: now - 30 * DAY,
      expire_time: opts.expired ? now - 1 * DAY : now + (opts.expiresInDays ?? 60) * DAY,
      status: opts.used ? 1 : 0,
      used_order_id: null,
    };
  };
  statements.push(
    ...insert("coupons", [
      coupon(1, "CNY", 500, 2000, { expiresInDays: 2 }),
      coupon(1, "CNY", 1000, 5000),
      coupon(1, "CNY", 2000, 0),
      coupon(1, "CNY", 3000, 0),
      coupon(1, "CNY", 1500, 0, { expired: true }),
      coupon(1, "CNY", 800, 0, { used: true }),
      coupon(1, "CNY", 500, 0, { type: ServiceType.vip }),
      coupon(1, "USD", 100, 300, { expiresInDays: 2 }),
      coupon(1, "USD", 200, 1000),
      coupon(1, "USD", 500, 0),
      coupon(1, "USD", 300, 0, { expired: true }),
      coupon(2, "USD", 100, 0),
    ]),
  );

  // Orders in every status: the SIM's mobile-data orders span three pages of five.
  const statuses = Object.values(OrderStatus);
  const orders: Record<string, Value>[] = [];
  const events: Record<string, Value>[] = [];
  const payments: Record<string, Value>[] = [];
  // Orders and periods are of their package's service.
  const demoPackage = (key: string, currency: "CNY" | "USD" = "CNY") => {
    const pkg = packageRows.find((p) => p.id === demoPackageId(key, currency));
    if (!pkg) throw new Error(key);
    return pkg;
  };
  /** The demo buyer's orders are in CNY, numbered by the days since they were made; another owner's name their own id. */
  type Owner = { user: 1 } | { user: 2; currency: "USD"; orderId: string };
  const addOrder = (n: number, deviceId: string, key: string, status: OrderStatusCode, paymentType: PaymentTypeCode, owner: Owner = { user: 1 }) => {
    const currency = owner.user === 1 ? "CNY" : owner.currency;
    const pkg = demoPackage(key, currency);
    const kind = devices.find((d) => d.id === deviceId)?.device_type ?? 0;
    if (!isSoldFor(pkg.service_type, kind)) throw new Error(`demo order of ${key} on ${deviceId}, a kind of device it is not sold for`);
    const created = now - n * DAY - 3600;
    const orderId = owner.user === 1 ? `DEMO${String(pkg.service_type)}${String(n).padStart(6, "0")}` : owner.orderId;
    const path = STATUS_PATHS[status];
    const paidAt = path.includes(OrderStatus.paid) ? created + 120 : null;
    orders.push({
      order_id: orderId,
      user_id: owner.user,
      device_id: deviceId,
      service_type: pkg.service_type,
      package_id: pkg.id,
      service_name: pkg.service_name,
      period_days: pkg.period_days,
      currency_code: currency,
      price_cents: pkg.sale_price_cents,
      coupon_id: null,
      discount_cents: 0,
      pay_cents: pkg.sale_price_cents,
      payment_type: paymentType,
      status,
      language: owner.user === 1 ? "zh" : "en",
      country_code: owner.user === 1 ? "CN" : "US",
      created_at: created,
      paid_at: paidAt,
      updated_at: created + 60 * path.length,
    });
    if (paidAt !== null) {
      payments.push({
        id: `pay_demo_${orderId}`,
        order_id: orderId,
        provider: providerOf(paymentType),
        payment_type: paymentType,
        provider_ref: `DEMO-REF-${orderId}`,
        amount_cents: pkg.sale_price_cents,
        currency_code: currency,
        status: status === OrderStatus.refunded ? "refunded" : "succeeded",
        created_at: created + 60,
        updated_at: paidAt,
      });
    }
    path.forEach((to, i) => {
      const from = i === 0 ? null : (path[i - 1] ?? null);
      if (from !== null && !canTransition(from, to)) throw new Error(`demo order path ${from} -> ${to} is not allowed`);
      events.push({ order_id: orderId, from_status: from, to_status: to, reason: i === 0 ? "created" : "demo history", created_at: created + 60 * i });
    });
  };
  statuses.forEach((status, i) => addOrder(i + 1, D.sim, i % 2 ? "data-30g" : "data-10g", status, PAYMENT_TYPES[i % PAYMENT_TYPES.length]!));
  addOrder(2, D.camera, "storage-event-30", OrderStatus.waitingToPay, 1);
  addOrder(30, D.camera, "storage-event-30", OrderStatus.purchaseSucceeded, 2);
  // A PayPal order waiting to pay, on a camera where no journey buys VIP (a new checkout would replace it).
  addOrder(3, D.cameraNoPackage, "vip-month", OrderStatus.waitingToPay, 3);
  addOrder(60, D.camera, "vip-month", OrderStatus.finished, 1);
  addOrder(4, D.camera, "ai-month", OrderStatus.purchaseSucceeded, 2);
  addOrder(5, D.camera, "ai-month", OrderStatus.waitingToPay, 4);
  // Waiting orders left for trying repay: storage by WeChat Pay with JavaScript and Alipay without, AI by card.
  addOrder(7, D.camera, "storage-event-30", OrderStatus.waitingToPay, 1);
  addOrder(8, D.camera, "storage-allday-30", OrderStatus.waitingToPay, 2);
  addOrder(9, D.cameraNoPackage, "ai-month", OrderStatus.waitingToPay, 4);
  addOrder(26, D.cameraRenewal, "storage-allday-30", OrderStatus.purchaseSucceeded, 1);
  addOrder(10, D.cameraRenewal, "vip-month", OrderStatus.purchaseSucceeded, 2);
  addOrder(1, D.cameraRenewal, "vip-month", OrderStatus.purchaseSucceeded, 2);
  addOrder(40, D.cameraRenewal, "ai-month", OrderStatus.finished, 1);
  // Waiting orders left for trying Cancel and Repay on the order detail: by WeChat Pay and by Alipay. They
  // sit on another camera than the one whose ending storage the services journeys read (a repay queues a period).
  addOrder(3, D.cameraCard, "storage-event-30", OrderStatus.waitingToPay, 1);
  addOrder(4, D.cameraCard, "storage-event-30", OrderStatus.waitingToPay, 2);
  addOrder(5, D.cameraCard, "storage-event-30", OrderStatus.waitingToPay, 1);
  addOrder(6, D.cameraCard, "storage-event-30", OrderStatus.waitingToPay, 2);
  const S = DEMO_SUPPORT_ORDERS;
  addOrder(2, D.otherSim, "data-10g", OrderStatus.purchaseSucceeded, 4, { user: 2, currency: "USD", orderId: S.withJs.orderId });
  addOrder(2, D.otherSim, "data-10g", OrderStatus.purchaseSucceeded, 4, { user: 2, currency: "USD", orderId: S.withoutJs.orderId });
  statements.push(...insert("orders", orders), ...insert("order_events", events), ...insert("payments", payments));
  // The sandbox provider's side of every demo payment, so that the console can refund any of them (issue 32).
  statements.push(
    ...insert(
      "sandbox_payments",
      payments.map((payment) => ({
        ref: payment.provider_ref!,
        method: payment.provider!,
        merchant_order_id: payment.order_id!,
        description: "demo",
        amount_cents: payment.amount_cents!,
        currency_code: payment.currency_code!,
        return_url: "",
        status: payment.status === "refunded" ? "refunded" : "paid",
        created_at: payment.created_at!,
        updated_at: payment.updated_at!,
      })),
    ),
  );

  const C = DEMO_CARD_CODES;
  // Each card's row key, the keyed hash of its code, as a generated batch's: a copy of the database holds no code.
  const cardKeys = new Map(await Promise.all(Object.values(C).map(async (code) => [code, await cardLookupKey(cardCodeSecret, code)] as const)));
  const cardKey = (code: string) => cardKeys.get(code as (typeof C)[keyof typeof C])!;
  const entitlement = (deviceId: string, key: string, from: number, to: number, source: string, ref: string, status = 1, currency: "CNY" | "USD" = "CNY") => {
    const pkg = demoPackage(key, currency);
    return {
      device_id: deviceId,
      service_type: pkg.service_type,
      package_id: pkg.id,
      service_name: pkg.service_name,
      status,
      start_time: now + from * DAY,
      end_time: now + to * DAY,
      source,
      source_ref: ref,
    };
  };
  statements.push(
    ...insert("entitlements", [
      entitlement(D.camera, "storage-event-30", -10, 20, "order", "DEMO1000030"),
      entitlement(D.sim, "data-10g", -12, 18, "order", "DEMO2000006"),
      entitlement(D.simExhausted, "data-10g", -40, -10, "order", "DEMO2000008"),
      entitlement(D.simUnlimited, "data-unlimited", -100, 265, "order", "DEMO-UNLIMITED", 2),
      entitlement(D.camera, "vip-card", -5, 25, "vip_card", cardKey(C.vipReceived)),
      entitlement(D.camera, "ai-month", -60, -30, "order", "DEMO6000004"),
      entitlement(D.cameraNoPackage, "storage-card", -3, 27, "storage_card", cardKey(C.storageReceived)),
      entitlement(D.cameraCard, "storage-card", -1, 29, "storage_card", cardKey(C.storageReceivedSpare)),
      entitlement(D.cameraRenewal, "storage-allday-30", -26, 4, "order", "DEMO1000026"),
      entitlement(D.cameraRenewal, "vip-month", -10, 20, "order", "DEMO5000010"),
      entitlement(D.cameraRenewal, "vip-month", 20, 50, "order", "DEMO5000001"),
      entitlement(D.cameraRenewal, "ai-month", -40, -10, "order", "DEMO6000040"),
      entitlement(D.otherSim, "data-10g", -2, 28, "order", S.withJs.orderId, 1, "USD"),
      entitlement(D.otherSim, "data-10g", 28, 58, "order", S.withoutJs.orderId, 1, "USD"),
    ]),
  );

  statements.push(
    ...insert("sim_cards", [
      { iccid: I.sim, status: "NORMAL", operator: "China Mobile", total_mb: 20480, used_mb_hundredths: 793433, updated_at: now },
      { iccid: I.simExhausted, status: "EXHAUSTED", operator: "China Unicom", total_mb: 10240, used_mb_hundredths: 1024000, updated_at: now },
      { iccid: I.simUnlimited, status: "NORMAL", operator: "China Telecom", total_mb: 1024, used_mb_hundredths: 17350, updated_at: now },
      { iccid: I.simSpare, status: "NORMAL", operator: "China Mobile", total_mb: 2048, used_mb_hundredths: 51200, updated_at: now },
      { iccid: I.otherSim, status: "NORMAL", operator: "T-Mobile", total_mb: 5120, used_mb_hundredths: 100000, updated_at: now },
    ]),
  );

  // One batch of each kind, as an admin would have generated them, the demo's cards in it.
  const BATCH = { vip: 1, storage: 2 } as const;
  statements.push(
    ...insert(
      "card_batches",
      (["vip", "storage"] as const).map((kind) => ({
        id: BATCH[kind],
        request_id: `demo-${kind}-cards`,
        kind,
        package_id: demoPackageId(`${kind}-card`, "CNY"),
        size: 4,
        expire_time: now + 3 * 365 * DAY,
        created_by: DEMO_OPERATORS.admin.email,
        created_at: now - 30 * DAY,
      })),
    ),
  );
  const card = async (code: string, kind: "vip" | "storage", key: string, status: number, deviceId: string | null) => ({
    code_id: cardKey(code),
    code_sealed: await sealCardCode(cardCodeSecret, code, cardKey(code)),
    batch_id: BATCH[kind],
    kind,
    package_id: demoPackageId(key, "CNY"),
    status,
    device_id: deviceId,
    received_at: status > 0 ? now - 5 * DAY : null,
    refunded_at: status === 2 ? now - 2 * DAY : null,
  });
  statements.push(
    ...insert("service_cards", await Promise.all([
      card(C.vipNew, "vip", "vip-card", 0, null),
      card(C.vipNewSpare, "vip", "vip-card", 0, null),
      card(C.vipReceived, "vip", "vip-card", 1, D.camera),
      card(C.vipRefunded, "vip", "vip-card", 2, D.cameraNoPackage),
      card(C.storageNew, "storage", "storage-card", 0, null),
      card(C.storageReceived, "storage", "storage-card", 1, D.cameraNoPackage),
      card(C.storageRefunded, "storage", "storage-card", 2, D.camera),
      card(C.storageReceivedSpare, "storage", "storage-card", 1, D.cameraCard),
    ])),
  );
  // The demo's periods are history, not changes: the integration-event triggers' rows for them are dropped.
  statements.push("DELETE FROM webhook_events;");
  const givenUp = Object.values(DEMO_GIVEN_UP_DELIVERIES).map(({ eventId, orderId }, i) => {
    const order = orders.find((row) => row.order_id === orderId);
    if (!order) throw new Error(`demo delivery of ${orderId}, not a demo order`);
    const occurred = now - 4 * DAY - i * 3600;
    return { eventId, orderId, order, occurred };
  });
  statements.push(
    ...insert(
      "webhook_events",
      givenUp.map(({ eventId, orderId, order, occurred }) => ({
        id: eventId,
        type: "order.paid",
        dedupe_key: `order.paid:${orderId}`,
        data: JSON.stringify({ orderId, deviceId: order.device_id, amountCents: order.pay_cents, currency: order.currency_code, paidAt: new Date(occurred * 1000).toISOString().replace(/\.000Z$/, "Z") }),
        occurred_at: occurred,
        dispatched_at: occurred,
      })),
    ),
    ...insert(
      "webhook_deliveries",
      givenUp.map(({ eventId, occurred }) => ({
        event_id: eventId,
        endpoint: "demo",
        queued_at: occurred,
        attempts: 22,
        last_status: 503,
        last_error: "HTTP 503",
        last_attempt_at: occurred + 3 * DAY,
        dead_at: occurred + 3 * DAY,
      })),
    ),
  );
  return statements;
}
