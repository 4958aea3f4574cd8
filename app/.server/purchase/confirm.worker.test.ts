import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fromCents, toCents } from "#domain/money.ts";
import { PaymentType } from "#domain/payment-methods.ts";
import { DeviceType, ServiceType } from "#domain/services.ts";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { createTranslator, type Messages } from "#app/i18n/translate.ts";
import { signIn } from "#test/signed-request.ts";
import type { StorefrontEnv } from "../env.ts";
import { resources } from "../i18n.ts";
import type { FunnelStepOf } from "../funnel.ts";
import type { RequestContext } from "../request-context.ts";
import { DEFAULT_LAUNCH_STATE, type LaunchState } from "../session/state.ts";
import { createUpstreamClient } from "../upstream/client.ts";
import { packageList } from "../upstream/endpoints.ts";
import { redirectWhenSignedOut } from "../upstream/for-request.ts";
import type { Transport } from "../upstream/transport.ts";
import { confirmPurchase } from "./confirm.ts";

/** The demo buyer's CNY coupon of 20.00 with no minimum, for any service (cloud-api/demo/seed.ts). */
const TWENTY_OFF = 3;

/** A request's context whose upstream is the real cloud-api Worker, counting the calls per path and the funnel steps. */
async function countedRequest() {
  const calls: string[] = [];
  const steps: FunnelStepOf[] = [];
  const transport: Transport = (path, init) => {
    calls.push(path.split("?")[0] ?? path);
    return SELF.fetch(`https://cloud-api.test${path}`, init);
  };
  const tokens = { ...(await signIn()) };
  const client = createUpstreamClient({
    transport,
    appId: env.APP_ID,
    appSecret: env.APP_SECRET,
    countryCode: "CN",
    language: "en",
    timeoutMs: 30_000,
    tokens: { get: () => tokens, set: () => undefined, clear: () => undefined },
  });
  const req = {
    env: env as unknown as StorefrontEnv,
    locale: "en",
    t: createTranslator("en", resources.en.common as Messages),
    upstream: { call: (...args: Parameters<typeof client.call>) => redirectWhenSignedOut(client.call(...args)) },
    timeZone: () => ({ name: "Asia/Shanghai", guessed: false }),
    funnel: (point: FunnelStepOf) => void steps.push(point),
  } as unknown as RequestContext;
  return { req, calls, steps };
}

const launch: LaunchState = { ...DEFAULT_LAUNCH_STATE, deviceId: DEMO_DEVICES.camera, deviceType: DeviceType.camera, countryCode: "CN" };
const storage = { serviceType: ServiceType.cloudStorage } as const;

function confirmPost(fields: Record<string, string>) {
  return new Request("https://storefront.test/app-h5/cloud/storage/buy", { method: "POST", body: new URLSearchParams({ intent: "confirm", enhanced: "1", ...fields }) });
}

/** A storage package of at least 30.00, so that the 20.00 coupon applies to it. */
async function packageAbove30(req: RequestContext) {
  const answer = await req.upstream.call(packageList, { deviceId: launch.deviceId, type: ServiceType.cloudStorage, countryCode: "CN", language: "en" });
  const pkg = answer.ok ? answer.data.packageList.find((p) => p.isSale === 1 && p.salePrice >= 30) : undefined;
  if (!pkg) throw new Error("no storage package of 30.00 or more in the demo data");
  return pkg;
}

const newestOrderOf = (deviceId: string) => env.DB.prepare("SELECT package_id, coupon_id, pay_cents FROM orders WHERE device_id = ? ORDER BY rowid DESC LIMIT 1").bind(deviceId).first();

describe("a purchase screen's confirm", () => {
  it("makes one upstream call besides the confirm itself, and orders the package with the coupon and amount the screen showed", async () => {
    const { req, calls, steps } = await countedRequest();
    const pkg = await packageAbove30(req);
    calls.length = 0;
    const payAmount = fromCents(toCents(pkg.salePrice) - 2000);
    const step = await confirmPurchase(req, confirmPost({ package: String(pkg.id), coupon: String(TWENTY_OFF), payAmount: String(payAmount), payMethod: String(PaymentType.wechat) }), launch, storage);
    expect(step).toMatchObject({ step: "redirect", url: expect.stringContaining("redirect_url=") });
    expect(calls).toEqual(["/v1/cloud/package/list", "/v1/cloud/order/h5/confirm/v2"]);
    expect(await newestOrderOf(launch.deviceId)).toEqual({ package_id: pkg.id, coupon_id: TWENTY_OFF, pay_cents: toCents(payAmount) });
    const setting = { service: ServiceType.cloudStorage, method: PaymentType.wechat };
    expect(steps).toEqual([{ step: "method", ...setting }, { step: "confirm", ...setting }]);
  });

  it("refuses an amount that no longer holds with the cloud-api's message, and orders nothing", async () => {
    const { req, calls, steps } = await countedRequest();
    const pkg = await packageAbove30(req);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    calls.length = 0;
    const result = await confirmPurchase(req, confirmPost({ package: String(pkg.id), coupon: "none", payAmount: String(fromCents(toCents(pkg.salePrice) - 1)), payMethod: String(PaymentType.wechat) }), launch, storage);
    expect(result).toMatchObject({ init: { status: 400 }, data: { step: "error", message: expect.stringMatching(/price/i) } });
    expect(calls).toEqual(["/v1/cloud/package/list", "/v1/cloud/order/h5/confirm/v2"]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>()).toEqual(before);
    expect(steps.map(({ step }) => step)).toEqual(["method"]);
  });

  it("answers a package no longer offered in the buyer's language without confirming", async () => {
    const { req, calls } = await countedRequest();
    const result = await confirmPurchase(req, confirmPost({ package: "999999", coupon: "none", payAmount: "1", payMethod: String(PaymentType.wechat) }), launch, storage);
    expect(result).toMatchObject({ init: { status: 409 }, data: { step: "error", message: req.t("pay.packageGone") } });
    expect(calls).toEqual(["/v1/cloud/package/list"]);
  });
});
