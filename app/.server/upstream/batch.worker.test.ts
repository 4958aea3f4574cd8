import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_DEVICES, DEMO_ICCIDS } from "#demo/seed.ts";
import { ServiceType } from "#domain/services.ts";
import { signIn } from "#test/signed-request.ts";
import { expireToken } from "#test/tokens.ts";
import type { Tokens } from "../session/state.ts";
import { createUpstreamClient, type UpstreamOptions } from "./client.ts";
import { batch, currentPackage, deviceList, entitlementTimeline, packageList, purchasePreview, simcardDetails, userCoupons, vipInfo } from "./endpoints.ts";
import type { Transport } from "./transport.ts";

/** The real cloud-api Worker, recording each request's path. */
function recordingTransport(answer?: (path: string) => Response | null) {
  const paths: string[] = [];
  const transport: Transport = async (path, init) => {
    paths.push(path.split("?")[0] ?? path);
    return answer?.(path) ?? SELF.fetch(`https://cloud-api.test${path}`, init);
  };
  return { transport, paths };
}

/** A client of the real cloud-api for the demo buyer (or `tokens`), with the batch on or off; `store.current` is where its tokens are. */
async function clientOf(transport: Transport, batchOn: boolean, tokens?: Tokens, refusalMessage?: UpstreamOptions["refusalMessage"]) {
  const store = { current: tokens ?? ({ ...(await signIn()) } as Tokens | undefined) };
  const client = createUpstreamClient({
    transport,
    batch: batchOn,
    appId: env.APP_ID,
    appSecret: env.APP_SECRET,
    countryCode: "CN",
    language: "en",
    timeoutMs: 30_000,
    refusalMessage,
    tokens: { get: () => store.current, set: (t) => void (store.current = t), clear: () => void (store.current = undefined) },
  });
  return Object.assign(client, { store });
}

/** The 4G purchase screen's six calls, started together as its loader starts them, and the device list beside them. */
async function fourGScreenCalls(api: Awaited<ReturnType<typeof clientOf>>, tgAccessToken: string) {
  const scope = { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData, countryCode: "CN", language: "en" };
  return Promise.all([
    api.call(packageList, scope),
    api.call(userCoupons, { type: ServiceType.mobileData, countryCode: "CN", language: "en" }),
    api.call(entitlementTimeline, { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData, language: "en" }),
    api.call(purchasePreview, scope),
    api.call(simcardDetails, { iccId: DEMO_ICCIDS.sim }),
    api.call(currentPackage, scope),
    api.call(deviceList, { tgAccessToken }),
  ]);
}

describe("the upstream client with an upstream that takes batches (docs/decisions/061)", () => {
  it("sends the calls started together as one batch, and answers each exactly as the calls sent alone", async () => {
    const tokens = { ...(await signIn()) };
    const batched = recordingTransport();
    const fannedOut = recordingTransport();
    const withBatch = await fourGScreenCalls(await clientOf(batched.transport, true, tokens), tokens.tgAccessToken);
    const alone = await fourGScreenCalls(await clientOf(fannedOut.transport, false, tokens), tokens.tgAccessToken);
    expect(withBatch.map((result) => result.ok)).toEqual([true, true, true, true, true, true, true]);
    expect(withBatch).toEqual(alone);
    // The device list is an app-level call, which a batch does not carry: it goes beside the batch.
    expect(batched.paths.sort()).toEqual([batch.path, deviceList.path].sort());
    expect(fannedOut.paths).toHaveLength(7);
  });

  it("sends a call alone in its tick as itself, and calls started after an answer in a batch of their own", async () => {
    const { transport, paths } = recordingTransport();
    const api = await clientOf(transport, true);
    const simScope = { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData };
    expect((await api.call(currentPackage, simScope)).ok).toBe(true);
    const [first, second] = await Promise.all([api.call(currentPackage, simScope), api.call(simcardDetails, { iccId: DEMO_ICCIDS.sim })]);
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(paths).toEqual([currentPackage.path, batch.path]);
  });

  it("gives each call its own refusal, in the buyer's words, and the others their data", async () => {
    const api = await clientOf(recordingTransport().transport, true, undefined, ({ status, reason }) => `Not yours (${status} ${reason})`);
    const [theirs, mine] = await Promise.all([
      api.call(currentPackage, { deviceId: DEMO_DEVICES.otherSim, type: ServiceType.mobileData }),
      api.call(currentPackage, { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData }),
    ]);
    expect(theirs).toEqual({ ok: false, status: 403, reason: "device_not_yours", msg: "Not yours (403 device_not_yours)", detail: "device does not belong to this user" });
    expect(mine.ok).toBe(true);
  });

  it("refreshes an expired token once for the whole batch and sends it again", async () => {
    const { transport, paths } = recordingTransport();
    const tokens = { ...(await signIn()) };
    await expireToken(tokens.accessToken);
    const api = await clientOf(transport, true, tokens);
    const results = await Promise.all([api.call(currentPackage, { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData }), api.call(simcardDetails, { iccId: DEMO_ICCIDS.sim })]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(paths).toEqual([batch.path, "/v1/member/user/h5/refresh_token", batch.path]);
    expect(api.store.current?.accessToken).not.toBe(tokens.accessToken);
  });

  it("sends the calls alone when the upstream refuses the batch after all (one that declared it wrongly)", async () => {
    const { transport, paths } = recordingTransport((path) => (path === batch.path ? Response.json({ status: 404, msg: "no such endpoint", data: null }, { status: 404 }) : null));
    const api = await clientOf(transport, true);
    const results = await Promise.all([api.call(currentPackage, { deviceId: DEMO_DEVICES.sim, type: ServiceType.mobileData }), api.call(simcardDetails, { iccId: DEMO_ICCIDS.sim })]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(paths.sort()).toEqual([batch.path, currentPackage.path, simcardDetails.path].sort());
  });

  it("fails only the call whose answer breaks the contract", async () => {
    const { transport } = recordingTransport((path) =>
      path === batch.path
        ? Response.json({ status: 200, msg: "success", data: { answers: [{ status: 200, msg: "success", data: { nonsense: true } }, { status: 200, msg: "success", data: null }] } })
        : null,
    );
    const api = await clientOf(transport, true);
    const [broken, fine] = await Promise.allSettled([api.call(vipInfo, { deviceId: DEMO_DEVICES.camera }), api.call(simcardDetails, { iccId: DEMO_ICCIDS.sim })]);
    expect(broken).toMatchObject({ status: "rejected", reason: { name: "UpstreamUnavailable", reason: "garbage" } });
    expect(fine).toEqual({ status: "fulfilled", value: { ok: true, data: null, msg: "success" } });
  });
});
