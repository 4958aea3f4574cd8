import { expect, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { paymentTypesFor } from "#domain/payment-methods.ts";
import { DeviceType, ServiceType, SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { SERVICES } from "#app/catalogue/screens.ts";
import { callCloudApi, demoBuyer, demoDeviceOf, launchScreen } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { E2E } from "./ports.ts";

/**
 * Every form action under generated posts (fast-check), sent from the storefront's own origin with a
 * real session, as the other demo account so that the buyer journeys keep their coupons and orders.
 * The rules: never a 5xx, and a refused post (4xx) changes none of the account's orders or coupons.
 */
const RUNS_PER_ACTION = 40;
const vars = devVars();
/** Each action, with the service its packages and orders belong to and the intents it answers. */
const ACTIONS = [
  // Each sold service's purchase screen (the catalogue's), on the other account's device of a kind it is sold for.
  ...SOLD_SERVICE_TYPES.map((service) => ({ screen: launchScreen(SERVICES[service].buy), deviceId: demoDeviceOf(service, "other"), service, intents: ["confirm"] })),
  { screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.otherCamera, service: ServiceType.vip, intents: ["receive"], launch: { pageType: "vip_card_receive", codeId: DEMO_CARD_CODES.vipReceived, serviceId: 502 } },
  { screen: "cloud/storage/order/list", deviceId: DEMO_DEVICES.otherCamera, service: ServiceType.cloudStorage, intents: ["cancel", "repay"] },
  { screen: "cloud/mobile-data/order/list", deviceId: DEMO_DEVICES.otherSim, service: ServiceType.mobileData, intents: ["cancel", "repay"] },
  { screen: "cloud/storage-card/refund", deviceId: DEMO_DEVICES.otherCamera, service: ServiceType.cloudStorage, intents: ["device", "refund"] },
];
/** Stands for the account's newest order on the action's device, looked up when the form is posted (earlier posts create orders). */
const NEWEST_ORDER = "newest-order";

type Account = Awaited<ReturnType<typeof demoBuyer>>;
const api = <T,>(account: Account, path: string, body: unknown) => callCloudApi<T>(E2E.api, vars, path, body, account.tokens.accessToken);

/**
 * What a form post could change for the account, as the cloud-api reports it: its orders (every service,
 * every device; coupons are consumed only by orders, which name them) and each camera's VIP and AI state.
 */
async function records(account: Account): Promise<string> {
  const orders = account.devices.flatMap((device) =>
    Object.values(ServiceType).map((type) => api<{ orderList: unknown[] }>(account, "/v1/cloud/order/query/srv/order/list", { deviceId: device.deviceId, type, pageNum: 1, pageSize: 50 })),
  );
  const cameras = account.devices.filter((device) => device.deviceType === DeviceType.camera);
  const services = cameras.flatMap((device) => ["/v1/cloud/vip/device/info", "/v1/cloud/ai/device/info"].map((path) => api<unknown>(account, path, { deviceId: device.deviceId })));
  return JSON.stringify(await Promise.all([...orders.map(async (list) => (await list).orderList), ...services]));
}

type Action = (typeof ACTIONS)[number];
type Form = Partial<Record<string, string>>;

/**
 * Posted forms: half of them fields drawn from real values (packages, the account's and the buyer's orders,
 * devices) or noise, each present or not; the other half a form the action could accept, so that posts
 * reach the cloud-api and not only the form schema.
 */
function postedForms(action: Action, packages: { id: number; salePrice: number }[], buyerOrderIds: string[]): fc.Arbitrary<Form> {
  const noise = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.integer().map(String), fc.constantFrom("", "-1", "1e308", "0x10", "NaN"));
  const packageIds = packages.length ? packages.map((p) => String(p.id)) : ["1"];
  const field = (...real: string[]) => fc.option(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: noise }), { nil: undefined });
  const arbitrary = fc.record(
    {
      intent: field("confirm", "cancel", "repay", "receive", "device", "refund"),
      package: field(...packageIds),
      coupon: field("auto", "none", "1", "2", "3"),
      payAmount: field(...packages.map((p) => String(p.salePrice)), "0"),
      payMethod: field("1", "2", "3", "4"),
      enhanced: field("0", "1"),
      orderId: field(NEWEST_ORDER, ...buyerOrderIds),
      deviceId: field(...Object.values(DEMO_DEVICES)),
      shown: field("", ...Object.values(DEMO_DEVICES)),
      deviceType: field("1", "2"),
    },
    { requiredKeys: [] },
  );
  // A confirm posts the coupon and the amount the screen showed: no coupon, the package's price.
  const offered = packages.length ? packages : [{ id: 1, salePrice: 1 }];
  const acceptable = fc.record({
    intent: fc.constantFrom(...action.intents),
    package: fc.constantFrom(...offered),
    coupon: fc.constant("none"),
    payMethod: fc.constantFrom(...paymentTypesFor("US").map(String)),
    enhanced: fc.constantFrom("0", "1"),
    orderId: fc.constant(NEWEST_ORDER),
    deviceId: fc.constant(action.deviceId),
    shown: fc.constant(action.deviceId),
    deviceType: fc.constant(String(DeviceType.camera)),
  }).map(({ package: chosen, ...form }) => ({ ...form, package: String(chosen.id), payAmount: String(chosen.salePrice) }));
  return fc.oneof(arbitrary, acceptable);
}

async function post(request: APIRequestContext, url: string, form: Record<string, string | undefined>) {
  const fields = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return request.post(url, { form: fields, headers: { origin: E2E.storefront }, maxRedirects: 0, failOnStatusCode: false });
}

test.describe("form actions under generated posts", () => {
  test.setTimeout(300_000);

  test(`never a 5xx, and a refused post changes nothing (${RUNS_PER_ACTION} posts per action)`, async ({ page }) => {
    const other = await demoBuyer(E2E.api, E2E.storefront, vars, DEMO_ACCOUNTS.other);
    const buyer = await demoBuyer(E2E.api, E2E.storefront, vars);
    const buyerOrders = (await api<{ orderList: { orderId: string }[] }>(buyer, "/v1/cloud/order/query/srv/order/list", { deviceId: DEMO_DEVICES.camera, type: 1, pageNum: 1, pageSize: 5 })).orderList;
    const buyerBefore = await records(buyer);

    for (const action of ACTIONS) {
      await page.goto(other.link({ screen: action.screen, deviceId: action.deviceId, country: "US", ...("launch" in action ? action.launch : {}) }));
      const url = page.url();
      const packages = await api<{ packageList: { id: number; salePrice: number }[] }>(other, "/v1/cloud/package/list", { deviceId: action.deviceId, type: action.service, countryCode: "US" });
      const newestOrder = async () =>
        (await api<{ orderList: { orderId: string }[] }>(other, "/v1/cloud/order/query/srv/order/list", { deviceId: action.deviceId, type: action.service, pageNum: 1, pageSize: 1 })).orderList[0]?.orderId ?? "";
      let before = await records(other);
      await fc.assert(
        fc.asyncProperty(postedForms(action, packages.packageList, buyerOrders.map((order) => order.orderId)), async (generated) => {
          const form = generated.orderId === NEWEST_ORDER ? { ...generated, orderId: await newestOrder() } : generated;
          const response = await post(page.request, url, form);
          expect(response.status(), `${action.screen} ${JSON.stringify(form)}`).toBeLessThan(500);
          const after = await records(other);
          if (response.status() >= 400) expect(after, `${action.screen} refused ${JSON.stringify(form)} but changed a record`).toBe(before);
          before = after;
        }),
        { numRuns: RUNS_PER_ACTION },
      );
    }
    // Posting the buyer's order ids and devices from another account's session touched none of them.
    expect(await records(buyer)).toBe(buyerBefore);
  });

  test("answers a body that is not a form with a 400 on every action, never a 5xx, and changes nothing", async ({ page }) => {
    const other = await demoBuyer(E2E.api, E2E.storefront, vars, DEMO_ACCOUNTS.other);
    const before = await records(other);
    const bodies: [string, string | Buffer][] = [
      ["application/json", JSON.stringify({ intent: "confirm", package: 1, payMethod: 3 })],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data; name=intent\r\n\r\nconfirm"],
      ["multipart/form-data; boundary=x", "not a multipart body at all"],
      ["text/plain", "intent=confirm&package=1"],
      ["application/octet-stream", Buffer.from([0, 255, 1, 254, 2])],
    ];
    for (const action of ACTIONS) {
      await page.goto(other.link({ screen: action.screen, deviceId: action.deviceId, country: "US", ...("launch" in action ? action.launch : {}) }));
      for (const [contentType, data] of bodies) {
        const response = await page.request.post(page.url(), { data, headers: { origin: E2E.storefront, "content-type": contentType }, maxRedirects: 0, failOnStatusCode: false });
        expect(response.status(), `${action.screen} with ${contentType}`).toBe(400);
      }
    }
    expect(await records(other)).toBe(before);
  });
});
