import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildApp } from "#api/app.ts";
import { requestSignature } from "#contract/signature.ts";
import { S2S_TOKEN_PATH, s2sHeaders, s2sTokenFetch, signedFetch, signedHeaders, signIn } from "#test/signed-request.ts";

const REFUSED = { status: 401, msg: "server-to-server credential refused", data: null };
const tokensIssued = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_tokens").first<{ n: number }>())?.n ?? 0;

describe("server-to-server identity (docs/contract.md)", () => {
  it("mints tokens for a backend that holds S2S_SECRET", async () => {
    const { http, body } = await s2sTokenFetch("demo@camcloud.example");
    expect(http).toBe(200);
    expect(body?.data).toMatchObject({ userId: 1, accessToken: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("refuses the app signature alone, which ships inside every companion app, and mints nothing", async () => {
    const before = await tokensIssued();
    const { http, body } = await signedFetch(S2S_TOKEN_PATH, { account: "demo@camcloud.example" });
    expect(http).toBe(401);
    expect(body).toEqual(REFUSED);
    expect(await tokensIssued()).toBe(before);
  });

  it("answers a wrong secret, an unknown account and a known one with a bad credential exactly alike", async () => {
    const answers = await Promise.all([
      s2sTokenFetch("demo@camcloud.example", { secret: "a-guessed-secret-that-is-long-enough-0000" }),
      s2sTokenFetch("nobody@camcloud.example"),
      s2sTokenFetch("demo@camcloud.example", { headers: { "x-s2s-signature": "0".repeat(64) } }),
    ]);
    for (const answer of answers) {
      expect(answer.http).toBe(401);
      expect(answer.text).toBe(JSON.stringify(REFUSED));
    }
  });

  it("refuses a credential older than 60 s, a body changed after signing, and a replay", async () => {
    const stale = String(Math.floor(Date.now() / 1000) - 61);
    const signed = await signedHeaders("", { timestamp: stale });
    signed.signature = await requestSignature(env.APP_ID, env.APP_SECRET, signed.noticeStr ?? "", stale);
    const rawBody = JSON.stringify({ account: "demo@camcloud.example" });
    const old = await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...signed, ...(await s2sHeaders(S2S_TOKEN_PATH, rawBody, signed.noticeStr ?? "", undefined, stale)) } });
    expect(old.body).toEqual(REFUSED);

    // Signed for the demo account, sent for another one.
    const fresh = await signedHeaders("");
    const credential = await s2sHeaders(S2S_TOKEN_PATH, rawBody, fresh.noticeStr ?? "", undefined, fresh.timestamp);
    const swapped = await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody: JSON.stringify({ account: "other@camcloud.example" }), headers: { ...fresh, ...credential } });
    expect(swapped.body).toEqual(REFUSED);

    const once = await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...fresh, ...credential } });
    expect(once.body?.status).toBe(200);
    const again = await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...fresh, ...credential } });
    expect(again.body).toMatchObject({ status: 401, msg: "replayed request" });
  });

  it("refuses a captured token request re-signed with another app timestamp: the app secret ships in every app", async () => {
    const rawBody = JSON.stringify({ account: "demo@camcloud.example" });
    const captured = await signedHeaders("");
    const credential = await s2sHeaders(S2S_TOKEN_PATH, rawBody, captured.noticeStr ?? "", undefined, captured.timestamp);
    expect((await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...captured, ...credential } })).body?.status).toBe(200);
    const minted = await tokensIssued();
    for (const shift of [1, -1, 2, 240]) {
      const timestamp = String(Number(captured.timestamp) + shift);
      const resigned = { ...captured, timestamp, signature: await requestSignature(env.APP_ID, env.APP_SECRET, captured.noticeStr ?? "", timestamp) };
      const replay = await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers: { ...resigned, ...credential } });
      expect(replay.body, `app timestamp ${shift} s later`).toMatchObject({ status: 401, msg: "replayed request" });
    }
    expect(await tokensIssued()).toBe(minted);
  });

  it("refuses every server-to-server call where no S2S_SECRET is configured", async () => {
    const app = buildApp();
    const rawBody = JSON.stringify({ account: "demo@camcloud.example" });
    const signed = await signedHeaders("");
    const headers = { ...signed, ...(await s2sHeaders(S2S_TOKEN_PATH, rawBody, signed.noticeStr ?? "", undefined, signed.timestamp)) };
    const response = await app.fetch(new Request(`https://cloud-api.test${S2S_TOKEN_PATH}`, { method: "POST", headers, body: rawBody }), { ...env, S2S_SECRET: undefined });
    expect(await response.json()).toEqual(REFUSED);
  });
});

describe("replay protection (docs/contract.md: a signed header set is usable once)", () => {
  it("accepts an accessToken header on an app-level call, as the spec's token refresh sends one, and keys the replay on the request, not on it", async () => {
    const { accessToken, refreshToken } = await signIn();
    const headers = await signedHeaders(accessToken);
    const body = { js_refreshToken: refreshToken };
    const refreshed = await signedFetch("/v1/member/user/h5/refresh_token", body, { headers });
    expect(refreshed.body).toMatchObject({ status: 200, data: { js_accessToken: expect.any(String), js_refreshToken: expect.any(String) } });
    // Junk in the header it ignores does not make the captured header set new.
    for (const junk of ["a", "b", "", accessToken]) {
      const reused = await signedFetch("/v1/member/user/h5/refresh_token", body, { headers: { ...headers, accessToken: junk } });
      expect(reused.body, `accessToken ${JSON.stringify(junk)}`).toMatchObject({ status: 401, msg: "replayed request" });
    }
  });

  it("writes no replay record for a made-up access token, nor for a user call without one", async () => {
    const nonces = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM request_nonces").first<{ n: number }>())?.n ?? 0;
    const before = await nonces();
    for (let i = 0; i < 5; i++) {
      const junk = await signedFetch("/v1/cloud/order/query/srv/order/list", { deviceId: "CAM-DEMO-001", type: 1, pageNum: 1, pageSize: 5 }, { accessToken: `junk-${i}` });
      expect(junk.body).toMatchObject({ status: 1010, msg: "access token invalid" });
    }
    const none = await signedFetch("/v1/cloud/order/query/srv/order/list", { deviceId: "CAM-DEMO-001", type: 1, pageNum: 1, pageSize: 5 });
    expect(none.body).toMatchObject({ status: 1010, msg: "access token missing" });
    expect(await nonces()).toBe(before);

    // A real token's call is remembered, and its replay refused.
    const { accessToken } = await signIn();
    const afterSignIn = await nonces();
    const headers = await signedHeaders(accessToken);
    const list = { deviceId: "CAM-DEMO-001", type: 1, pageNum: 1, pageSize: 5 };
    expect((await signedFetch("/v1/cloud/order/query/srv/order/list", list, { headers })).body?.status).toBe(200);
    expect(await nonces()).toBe(afterSignIn + 1);
    expect((await signedFetch("/v1/cloud/order/query/srv/order/list", list, { headers })).body).toMatchObject({ status: 401, msg: "replayed request" });
  });

  it("reads the appLanguage header as a body's language is: a malformed one is refused as bad input", async () => {
    const { accessToken } = await signIn();
    const list = { deviceId: "CAM-DEMO-001", type: 1, pageNum: 1, pageSize: 5 };
    for (const appLanguage of ["x", "a".repeat(17), " "]) {
      const answer = await signedFetch("/v1/cloud/order/query/srv/order/list", list, { accessToken, headers: { appLanguage } });
      expect(answer.body, JSON.stringify(appLanguage)).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: appLanguage: /) });
    }
    expect((await signedFetch("/v1/cloud/order/query/srv/order/list", list, { accessToken, headers: { appLanguage: "zh" } })).body?.status).toBe(200);
  });

  it("reads the countryCode header as a body's countryCode is: a malformed one is refused, and nothing is stored from it (found by an outside attacker)", async () => {
    const { accessToken } = await signIn();
    const orders = async () => JSON.stringify((await env.DB.prepare("SELECT order_id, country_code FROM orders ORDER BY order_id").all()).results);
    const before = await orders();
    const confirm = { deviceId: "CAM-DEMO-001", priceId: 1, payAmount: 0.01, payMethod: 4, buyServiceType: 1 };
    for (const countryCode of ["<script>x</script>", "USA", "u1", "A".repeat(3000)]) {
      const answer = await signedFetch("/v1/cloud/order/h5/confirm/v2", confirm, { accessToken, headers: { countryCode } });
      expect(answer.body, countryCode.slice(0, 20)).toMatchObject({ status: 400, msg: expect.stringMatching(/^invalid params: countryCode: /) });
    }
    expect(await orders()).toBe(before);
    const list = { deviceId: "CAM-DEMO-001", type: 1, pageNum: 1, pageSize: 5 };
    expect((await signedFetch("/v1/cloud/order/query/srv/order/list", list, { accessToken, headers: { countryCode: "us" } })).body?.status).toBe(200);
  });

  it("refuses a query string on a POST, and keys a replay on the operation and what its body says, not on their spelling", async () => {
    const headers = await signedHeaders("");
    const body = { js_refreshToken: "another-refresh-token" };
    expect((await signedFetch("/v1/member/user/h5/refresh_token", body, { headers })).body?.status).toBe(1010);
    const again = (path: string, rawBody: string) => signedFetch(path, undefined, { headers, rawBody });
    expect((await again("/v1/member/user/h5/refresh_token?a", JSON.stringify(body))).body).toMatchObject({ status: 400, msg: "invalid params: query: a POST takes no query string" });
    for (const rawBody of [` ${JSON.stringify(body)}`, JSON.stringify(body, null, 2)]) {
      expect((await again("/v1/member/user/h5/refresh_token", rawBody)).body, rawBody).toMatchObject({ status: 401, msg: "replayed request" });
    }
    expect((await again("/v1/member/user/h5/refresh%5Ftoken", JSON.stringify(body))).body).toMatchObject({ status: 401, msg: "replayed request" });
  });

  it("does not mint again for a captured server-to-server request sent with a query string", async () => {
    const rawBody = JSON.stringify({ account: "demo@camcloud.example" });
    const signed = await signedHeaders("");
    const headers = { ...signed, ...(await s2sHeaders(S2S_TOKEN_PATH, rawBody, signed.noticeStr ?? "", undefined, signed.timestamp)) };
    expect((await signedFetch(S2S_TOKEN_PATH, undefined, { rawBody, headers })).body?.status).toBe(200);
    const before = await tokensIssued();
    expect((await signedFetch(`${S2S_TOKEN_PATH}?x=1`, undefined, { rawBody, headers })).body?.status).not.toBe(200);
    expect(await tokensIssued()).toBe(before);
  });
});
