import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "#domain/languages.ts";
import { ServiceType } from "#domain/services.ts";
import { exampleDraft, type PackageDraft } from "#contract/package-fields.ts";
import { operatorFetch } from "#test/signed-request.ts";
import { call, deliver, freshBuyers, orderRow, payInSandbox, type Buyer } from "./helpers/orders.ts";

/** Issue 32 item 3: the console's catalogue, through the real router with the console's signature (docs/decisions/059). */

const ADMIN = "admin@camcloud.example";
let serial = 0;
const inEveryLanguage = (text: string) => Object.fromEntries(LANGUAGES.map((language) => [language, `${text} ${language}`])) as Record<Language, string>;

/** The documented example (cloud storage for every device, in CNY, at 50.00 on sale at 30.00) with a product id no other test uses. */
function draft(overrides: Partial<PackageDraft> = {}): PackageDraft {
  serial += 1;
  return {
    ...exampleDraft(),
    productId: `console-test-${serial}-${Date.now()}`,
    originPriceCents: 5000,
    salePriceCents: 3000,
    displaySort: 12,
    serviceName: inEveryLanguage("Console storage"),
    serviceDesc: inEveryLanguage("Made in the console"),
    ...overrides,
  };
}

async function create(overrides: Partial<PackageDraft> = {}) {
  const sent = draft(overrides);
  const { body } = await operatorFetch("/v1/operator/packages/create", sent);
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return { ...(body.data as { packageId: number; version: number }), draft: sent };
}

const save = (packageId: number, version: number, changed: PackageDraft, email = ADMIN) => operatorFetch("/v1/operator/packages/save", { packageId, version, draft: changed }, { email });
const auditRows = (packageId: number) =>
  env.DB.prepare("SELECT operator_email, action, before_json, after_json FROM operator_actions WHERE object_type = 'package' AND object_id = ? ORDER BY id")
    .bind(String(packageId))
    .all<{ operator_email: string; action: string; before_json: string | null; after_json: string | null }>()
    .then((result) => result.results);
const listed = async (buyer: Buyer, deviceId: string, type: number, language: Language = "en") => {
  const { body } = await call(buyer, "/v1/cloud/package/list", { deviceId, type, language });
  return body?.data.packageList as { id: number; serviceName: string; salePrice: number }[];
};
const confirm = (buyer: Buyer, deviceId: string, type: number, priceId: number, payAmount: number) =>
  call(buyer, "/v1/cloud/order/h5/confirm/v2", { deviceId, priceId, payAmount, payMethod: 1, buyServiceType: type });

let cn: Buyer;
beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

describe("publishing a package from the console", () => {
  it("creates version 1 in all 10 languages, which the storefront lists on its next call, with one audit row in the same batch", async () => {
    const { packageId, version } = await create({ serviceName: inEveryLanguage("Fresh storage") });
    expect(version).toBe(1);
    const zh = (await listed(cn, "CAM-DEMO-001", ServiceType.cloudStorage, "zh")).find((p) => p.id === packageId);
    const ar = (await listed(cn, "CAM-DEMO-001", ServiceType.cloudStorage, "ar")).find((p) => p.id === packageId);
    expect([zh?.serviceName, zh?.salePrice, ar?.serviceName]).toEqual(["Fresh storage zh", 30, "Fresh storage ar"]);
    expect((await auditRows(packageId)).map((row) => [row.operator_email, row.action, row.before_json])).toEqual([[ADMIN, "package.create", null]]);
    const { body } = await operatorFetch("/v1/operator/packages/detail", { packageId }, { role: "viewer" });
    expect(body?.data.versions.map((v: { version: number; savedBy: string }) => [v.version, v.savedBy])).toEqual([[1, ADMIN]]);
  });

  it("refuses a package with a language missing, naming every missing one, and creates nothing", async () => {
    const names = inEveryLanguage("Half translated");
    const { ar: _ar, th: _th, ...partial } = names;
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM packages").first<number>("n");
    const { http, body } = await operatorFetch("/v1/operator/packages/create", draft({ serviceName: partial }));
    expect([http, body?.msg]).toEqual([400, "invalid params: serviceName: missing in th, ar"]);
    const emptied = await operatorFetch("/v1/operator/packages/create", draft({ serviceDesc: { ...names, zh: "" } }));
    expect(emptied.body?.msg).toBe("invalid params: serviceDesc: missing in zh");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM packages").first<number>("n")).toBe(before);
  });

  it("refuses a bad price and a service sold to another kind of device, saying which", async () => {
    const refusal = async (overrides: Partial<PackageDraft>) => (await operatorFetch("/v1/operator/packages/create", draft(overrides))).body?.msg;
    expect(await refusal({ salePriceCents: 5001 })).toBe("invalid params: salePriceCents: sale_above_origin");
    expect(await refusal({ originPriceCents: -1 })).toMatch(/^invalid params: originPriceCents: /);
    expect(await refusal({ salePriceCents: 29.9 })).toMatch(/^invalid params: salePriceCents: /);
    expect(await refusal({ serviceType: ServiceType.mobileData, deviceType: 1, dataQuotaMb: 1024, recordingDays: null })).toBe(
      "invalid params: deviceType: device_type_not_sold",
    );
    expect(await refusal({ recordingDays: null, serviceType: ServiceType.mobileData, deviceType: 2 })).toBe("invalid params: dataQuotaMb: data_quota_needed");
  });

  it("publishes a product id once: a create sent twice makes one package and one audit row", async () => {
    const sent = draft();
    const [first, second] = await Promise.all([operatorFetch("/v1/operator/packages/create", sent), operatorFetch("/v1/operator/packages/create", sent)]);
    const answers = [first.body?.status, second.body?.status].sort();
    expect(answers).toEqual([200, 409]);
    const ids = (await env.DB.prepare("SELECT id FROM packages WHERE product_id = ?").bind(sent.productId).all<{ id: number }>()).results;
    expect(ids).toHaveLength(1);
    expect(await auditRows(ids[0]!.id)).toHaveLength(1);
  });

  it("lets a viewer read the catalogue but not change it", async () => {
    const { packageId } = await create();
    const list = await operatorFetch("/v1/operator/packages/list", { currencyCode: "CNY", serviceType: ServiceType.cloudStorage }, { role: "viewer" });
    expect(list.body?.data.packages.some((p: { id: number }) => p.id === packageId)).toBe(true);
    expect(list.body?.data.packages.every((p: { currencyCode: string; serviceType: number }) => p.currencyCode === "CNY" && p.serviceType === 1)).toBe(true);
    const refused = await operatorFetch("/v1/operator/packages/save", { packageId, version: 1, draft: draft() }, { role: "viewer" });
    expect(refused.http).toBe(403);
    expect((await auditRows(packageId)).map((row) => row.action)).toEqual(["package.create"]);
  });
});

describe("two operators editing one package", () => {
  it("refuses the second save made on the version the first moved past, naming who saved it and when, and keeps the first", async () => {
    const { packageId, draft: sent } = await create();
    const first = await save(packageId, 1, { ...sent, salePriceCents: 2500 });
    expect(first.body?.data).toEqual({ packageId, version: 2 });
    const second = await save(packageId, 1, { ...sent, salePriceCents: 2000 }, "support@camcloud.example");
    expect(second.http).toBe(403);
    const stale = await save(packageId, 1, { ...sent, salePriceCents: 2000 });
    expect(stale.http).toBe(409);
    expect(stale.body?.msg).toMatch(new RegExp(`^package ${packageId} is at version 2, not 1: ${ADMIN} saved it at \\d{4}-\\d\\d-\\d\\dT`));
    const { body } = await operatorFetch("/v1/operator/packages/detail", { packageId });
    expect(body?.data.package).toMatchObject({ version: 2, salePriceCents: 2500, savedBy: ADMIN });
    expect(body?.data.versions.map((v: { version: number; salePriceCents: number }) => [v.version, v.salePriceCents])).toEqual([
      [2, 2500],
      [1, 3000],
    ]);
    expect((await auditRows(packageId)).map((row) => row.action)).toEqual(["package.create", "package.save"]);
  });
});

describe("many saves at once on one version", () => {
  it("publish one: the others are refused as a whole, and each published version has its one audit row", async () => {
    const { packageId, draft: sent } = await create();
    const saves = await Promise.all([1, 2, 3, 4].map((n) => save(packageId, 1, { ...sent, salePriceCents: 1000 + n })));
    expect(saves.map((answer) => answer.http).sort()).toEqual([200, 409, 409, 409]);
    const { body } = await operatorFetch("/v1/operator/packages/detail", { packageId });
    expect(body?.data.versions).toHaveLength(2);
    expect((await auditRows(packageId)).map((row) => row.action)).toEqual(["package.create", "package.save"]);
  });
});

describe("a change applies to checkouts started after it, never to an order already created", () => {
  it("keeps an order's price, name and charge when the package changes before it is paid; a new checkout pays the new price", async () => {
    const { packageId, draft: sent } = await create({ salePriceCents: 3000 });
    const created = await confirm(cn, "CAM-DEMO-001", ServiceType.cloudStorage, packageId, 30);
    const orderId = created.body?.data.orderId as string;
    expect(created.body?.data.payAmount).toBe(30);

    const changed = await save(packageId, 1, { ...sent, salePriceCents: 4500, originPriceCents: 6000, serviceName: inEveryLanguage("Renamed storage"), periodDays: 60 });
    expect(changed.body?.status).toBe(200);

    await payInSandbox(orderId);
    const charge = await env.DB.prepare("SELECT amount_cents, status FROM payments WHERE order_id = ?").bind(orderId).first();
    expect(charge).toEqual({ amount_cents: 3000, status: "succeeded" });
    await deliver(orderId);
    expect((await orderRow(orderId))?.status).toBe(8006);
    const receipt = await call(cn, "/v1/cloud/order/detail", { orderId, language: "zh" });
    expect(receipt.body?.data).toMatchObject({ price: 30, realPayPrice: 30, period: 30, serviceName: "Console storage zh" });
    const period = await env.DB.prepare("SELECT end_time - start_time AS seconds FROM entitlements WHERE source_ref = ?").bind(orderId).first<number>("seconds");
    expect(period).toBe(30 * 86400);

    const oldPrice = await confirm(cn, "CAM-DEMO-001", ServiceType.cloudStorage, packageId, 30);
    expect(oldPrice.body).toMatchObject({ status: 400, reason: "price_changed" });
    const newPrice = await confirm(cn, "CAM-DEMO-001", ServiceType.cloudStorage, packageId, 45);
    expect(newPrice.body?.data.payAmount).toBe(45);
    expect(await env.DB.prepare("SELECT price_cents FROM orders WHERE order_id = ?").bind(newPrice.body?.data.orderId).first<number>("price_cents")).toBe(4500);
  });

  it("tops a SIM card up by the data the order bought, not the quota the package has since", async () => {
    const { packageId, draft: sent } = await create({
      serviceType: ServiceType.mobileData,
      deviceType: 2,
      serviceId: 201,
      dataQuotaMb: 2048,
      recordingDays: null,
      originPriceCents: 1000,
      salePriceCents: 800,
    });
    const orderId = (await confirm(cn, "SIM-DEMO-001", ServiceType.mobileData, packageId, 8)).body?.data.orderId as string;
    await save(packageId, 1, { ...sent, dataQuotaMb: 99_999 });
    const before = await env.DB.prepare("SELECT total_mb FROM sim_cards c JOIN devices d ON d.iccid = c.iccid WHERE d.id = 'SIM-DEMO-001'").first<number>("total_mb");
    await payInSandbox(orderId);
    await deliver(orderId);
    const after = await env.DB.prepare("SELECT total_mb FROM sim_cards c JOIN devices d ON d.iccid = c.iccid WHERE d.id = 'SIM-DEMO-001'").first<number>("total_mb");
    expect((after ?? 0) - (before ?? 0)).toBe(2048);
    const event = await env.DB.prepare("SELECT data FROM webhook_events WHERE dedupe_key = ?").bind(`sim.data_added:${orderId}`).first<string>("data");
    expect(JSON.parse(event ?? "{}")).toMatchObject({ addedMb: 2048 });
  });
});

describe("retiring, ordering and kinds of device", () => {
  it("hides a retired package from the list and new checkouts, and keeps it for its orders and its history", async () => {
    const { packageId } = await create();
    const orderId = (await confirm(cn, "CAM-DEMO-001", ServiceType.cloudStorage, packageId, 30)).body?.data.orderId as string;
    const retired = await operatorFetch("/v1/operator/packages/retire", { packageId, version: 1 });
    expect(retired.body?.data).toEqual({ packageId, version: 2 });
    expect((await listed(cn, "CAM-DEMO-001", ServiceType.cloudStorage)).some((p) => p.id === packageId)).toBe(false);
    expect((await confirm(cn, "CAM-DEMO-001", ServiceType.cloudStorage, packageId, 30)).body).toMatchObject({ status: 409, reason: "package_not_on_sale" });
    expect((await call(cn, "/v1/cloud/order/detail", { orderId })).body?.data).toMatchObject({ price: 30, serviceName: "Console storage en" });
    const { body } = await operatorFetch("/v1/operator/packages/detail", { packageId });
    expect(body?.data.package.retiredAt).toEqual(expect.any(Number));
    expect(body?.data.versions).toHaveLength(2);
    expect((await auditRows(packageId)).map((row) => row.action)).toEqual(["package.create", "package.retire"]);
  });

  it("moves a package one place among those a buyer sees with it", async () => {
    const { packageId } = await create({ currencyCode: "USD", serviceType: ServiceType.ai, serviceId: 601, recordingDays: null, displaySort: 999 });
    const us = { ...cn, country: "US" as const };
    const place = async () => (await listed(us, "CAM-DEMO-001", ServiceType.ai)).findIndex((p) => p.id === packageId);
    const last = await place();
    const moved = await operatorFetch("/v1/operator/packages/reorder", { packageId, version: 1, direction: "up" });
    expect(moved.body?.status).toBe(200);
    expect(await place()).toBe(last - 1);
    const stale = await operatorFetch("/v1/operator/packages/reorder", { packageId, version: 1, direction: "up" });
    expect(stale.http).toBe(409);
  });

  it("lists a package for SIM devices to SIM devices only, and refuses it to a camera's checkout", async () => {
    const { packageId } = await create({ serviceType: ServiceType.vip, serviceId: 501, deviceType: 2, recordingDays: null });
    expect((await listed(cn, "SIM-DEMO-001", ServiceType.vip)).some((p) => p.id === packageId)).toBe(true);
    expect((await listed(cn, "CAM-DEMO-001", ServiceType.vip)).some((p) => p.id === packageId)).toBe(false);
    expect((await confirm(cn, "CAM-DEMO-001", ServiceType.vip, packageId, 30)).body).toMatchObject({ status: 409, reason: "package_wrong_device" });
  });
});
