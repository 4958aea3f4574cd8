/**
 * The bench's load stage: a fixed number of connections for a fixed time against the served Workers,
 * each connection cycling through screen loads and order confirmations of the demo buyer. Every
 * confirm that answers with its order (the redirect to the Alipay cashier names it) is then looked up
 * in D1: the test of record is zero errors, zero lost orders and zero duplicated orders.
 */
import autocannon from "autocannon";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { PaymentType } from "#domain/payment-methods.ts";
import { ServiceType } from "#domain/services.ts";
import { callCloudApi, type demoBuyer } from "./launch-link.ts";
import { queryLocal } from "./local-db.ts";

export const LOAD_STAGE = { connections: 16, seconds: 60 };

/** The device the confirms buy for: the spare SIM, whose history no screen measurement relies on. */
const DEVICE = DEMO_DEVICES.simSpare;

export interface LoadStageTarget {
  storefront: string;
  api: string;
  stateDir: string;
  vars: Record<string, string>;
  buyer: Awaited<ReturnType<typeof demoBuyer>>;
  /** Signs in through a launch link: the session cookie and the screen's URL. */
  open: (link: string) => Promise<{ cookie: string; url: string }>;
}

interface Step {
  name: string;
  method: "GET" | "POST";
  url: string;
  cookie: string;
  form?: Record<string, string>;
  /** The status a correct answer has. */
  expect: number;
}

export async function runLoadStage(target: LoadStageTarget) {
  const { buyer, open } = target;
  const screen = async (name: string, options: Parameters<typeof buyer.link>[0]): Promise<Step> => {
    const { cookie, url } = await open(buyer.link(options));
    return { name, method: "GET", url, cookie, expect: 200 };
  };
  const packages = await callCloudApi<{ packageList: { id: number; salePrice: number }[] }>(target.api, target.vars, "/v1/cloud/package/list", { deviceId: DEVICE, type: ServiceType.mobileData }, buyer.tokens.accessToken);
  const chosen = packages.packageList[0];
  if (chosen === undefined) throw new Error("load stage: no mobile data package to buy");
  const checkout = await open(buyer.link({ screen: "cloud/mobile-data/buy", deviceId: DEVICE }));
  // A plain form post, as without JavaScript: Alipay answers 302 to the cashier page, which names the order.
  const confirm: Step = {
    name: "confirm (Alipay)",
    method: "POST",
    url: checkout.url,
    cookie: checkout.cookie,
    // The coupon and the amount the screen shows with no coupon (docs/decisions/048-a).
    form: { intent: "confirm", package: String(chosen.id), coupon: "none", payAmount: String(chosen.salePrice), payMethod: String(PaymentType.alipay), enhanced: "0" },
    expect: 302,
  };
  const steps = [
    await screen("4G top-up", { screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.sim }),
    confirm,
    await screen("cloud storage", { screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.camera }),
    await screen("VIP", { screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.camera }),
    confirm,
    await screen("4G orders", { screen: "cloud/mobile-data/order/list", deviceId: DEMO_DEVICES.sim }),
  ];

  const countOrders = async () => (await queryLocal<{ n: number }>(target.stateDir, `SELECT COUNT(*) AS n FROM orders WHERE device_id = '${DEVICE}'`))[0]?.n ?? 0;
  const ordersBefore = await countOrders();
  const answered: string[] = [];
  let confirmsSent = 0;
  const wrong = new Map<string, number>();
  const origin = new URL(target.storefront).origin;

  const result = await autocannon({
    url: target.storefront,
    connections: LOAD_STAGE.connections,
    duration: LOAD_STAGE.seconds,
    requests: steps.map((step) => ({
      method: step.method,
      path: new URL(step.url).pathname + new URL(step.url).search,
      headers: {
        cookie: step.cookie,
        ...(step.form ? { origin, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: step.form ? new URLSearchParams(step.form).toString() : undefined,
      setupRequest: (request: object) => {
        if (step.form) confirmsSent += 1;
        return request;
      },
      onResponse: (status: number, _body: string, _context: object, headers: Record<string, string | string[] | undefined> = {}) => {
        if (status !== step.expect) {
          wrong.set(`${step.name}: ${status}`, (wrong.get(`${step.name}: ${status}`) ?? 0) + 1);
          return;
        }
        if (step.form) {
          // Raw header names, as the server wrote them.
          const location = String(Object.entries(headers).find(([name]) => name.toLowerCase() === "location")?.[1] ?? "");
          const orderId = new URL(location, origin).searchParams.get("orderId");
          if (orderId) answered.push(orderId);
          else wrong.set(`${step.name}: no order in ${location}`, (wrong.get(`${step.name}: no order in ${location}`) ?? 0) + 1);
        }
      },
    })),
  });

  const ordersAfter = await countOrders();
  const unique = new Set(answered);
  const found = new Set<string>();
  // Looked up in chunks: the ids go into the SQL text, and a statement has a length limit.
  const ids = [...unique];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200).map((id) => `'${id.replace(/'/g, "")}'`).join(",");
    for (const row of await queryLocal<{ order_id: string }>(target.stateDir, `SELECT order_id FROM orders WHERE order_id IN (${chunk})`)) found.add(row.order_id);
  }
  const created = ordersAfter - ordersBefore;
  return {
    connections: LOAD_STAGE.connections,
    seconds: LOAD_STAGE.seconds,
    mix: steps.map((step) => step.name),
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + [...wrong.values()].reduce((a, b) => a + b, 0),
    wrongAnswers: Object.fromEntries(wrong),
    orders: {
      confirmed: answered.length,
      created,
      // An order the storefront answered with but D1 does not have.
      lost: unique.size - found.size,
      // An id answered twice, or more orders than confirms sent (those cut off at the end may or may not have made one).
      duplicated: answered.length - unique.size + Math.max(0, created - confirmsSent),
      cutOffAtTheEnd: confirmsSent - answered.length - [...wrong.keys()].filter((key) => key.startsWith(confirm.name)).reduce((n, key) => n + (wrong.get(key) ?? 0), 0),
    },
  };
}
