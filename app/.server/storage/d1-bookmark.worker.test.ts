import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "#domain/order-status.ts";
import { BOOKMARK_HEADER } from "#contract/headers.ts";
import { signIn } from "#test/signed-request.ts";
import type { StorefrontEnv } from "../env.ts";
import type { Tokens } from "../session/state.ts";
import { createUpstreamClient } from "../upstream/client.ts";
import { cancelOrder, orderDetail, packageList } from "../upstream/endpoints.ts";
import type { Transport } from "../upstream/transport.ts";
import { carryBookmark, readBookmark } from "./d1-bookmark.ts";

const storefrontEnv = env as unknown as StorefrontEnv;
/** The seed's order of the demo buyer that waits to be paid (8001). */
const WAITING_ORDER = "DEMO2000001";

/** The real cloud-api Worker, remembering the bookmark each call carried and each answer brought back. */
function recordingTransport() {
  const sent: (string | null)[] = [];
  const answered: (string | null)[] = [];
  const transport: Transport = async (path, init) => {
    sent.push(new Headers(init.headers).get(BOOKMARK_HEADER));
    const response = await SELF.fetch(`https://cloud-api.test${path}`, init);
    answered.push(response.headers.get(BOOKMARK_HEADER));
    return response;
  };
  return { transport, sent, answered };
}

/** One storefront request: its carrier is read from the cookie the buyer's browser sends. */
async function storefrontRequest(tokens: Tokens, cookie: string | null) {
  const request = new Request("http://localhost/app-h5/cloud/order/detail", { headers: cookie ? { Cookie: cookie } : {} });
  const carrier = await readBookmark(storefrontEnv, request);
  const recording = recordingTransport();
  const api = createUpstreamClient({
    transport: carryBookmark(carrier, recording.transport),
    appId: env.APP_ID,
    appSecret: env.APP_SECRET,
    countryCode: "CN",
    language: "en",
    timeoutMs: 30_000,
    tokens: { get: () => tokens, set: () => {}, clear: () => {} },
  });
  return { carrier, api, ...recording };
}

describe("D1 bookmark between the storefront and the cloud-api", () => {
  it("carries a write's bookmark in a signed cookie to the next request's reads, which see the write", async () => {
    const tokens = await signIn();
    const cancelling = await storefrontRequest(tokens, null);
    expect((await cancelling.api.call(cancelOrder, { orderId: WAITING_ORDER })).ok).toBe(true);
    const bookmark = cancelling.answered[0];
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    const setCookie = await cancelling.carrier.setCookie();
    expect(setCookie).toMatch(/^camcloud_d1=.+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);

    // The next page view (the order's detail) sends that bookmark with its read and reads the cancel.
    const viewing = await storefrontRequest(tokens, (setCookie ?? "").split(";")[0] ?? "");
    const detail = await viewing.api.call(orderDetail, { orderId: WAITING_ORDER, language: "en" });
    expect(viewing.sent).toEqual([bookmark]);
    expect(detail).toMatchObject({ ok: true, data: { orderId: WAITING_ORDER, status: OrderStatus.cancelled } });
    // A read answers with no bookmark of its own, so the cookie is not written again.
    expect(viewing.answered).toEqual([null]);
    expect(await viewing.carrier.setCookie()).toBeNull();
  });

  it("ignores a cookie the buyer wrote (unsigned) and a bookmark header that is not one", async () => {
    const tokens = await signIn();
    const forged = await storefrontRequest(tokens, "camcloud_d1=00000001-00000002");
    expect(forged.carrier.current).toBeNull();
    const reading = await storefrontRequest(tokens, null);
    reading.carrier.current = "not a bookmark!";
    const packages = await reading.api.call(packageList, { deviceId: "SIM-DEMO-001", type: 2 });
    expect(packages.ok).toBe(true);
  });
});
