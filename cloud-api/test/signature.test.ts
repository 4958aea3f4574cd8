import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { requestSignature } from "#contract/signature.ts";
import { signedFetch, signIn } from "#test/signed-request.ts";
import { expireToken } from "#test/tokens.ts";

describe("request signing (docs/contract.md)", () => {
  it("accepts a correctly signed request", async () => {
    const tokens = await signIn();
    const { http, body } = await signedFetch("/v1/cloud/simcard/details", { iccId: "89860012345678901234" }, { accessToken: tokens.accessToken });
    expect(http).toBe(200);
    expect(body?.status).toBe(200);
  });

  it("refuses a request without signature headers, naming the header", async () => {
    const response = await SELF.fetch("https://cloud-api.test/v1/cloud/package/list", { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    const body = await response.json<{ status: number; msg: string; data: null }>();
    expect(body).toMatchObject({ status: 401, data: null });
    expect(body.msg).toMatch(/appid/);
  });

  it("refuses a wrong signature, an unknown appid and a malformed noticeStr", async () => {
    const wrong = await signedFetch("/v1/member/user/s2s/token", { account: "demo@camcloud.example" }, { headers: { signature: "0".repeat(32) } });
    expect(wrong.body).toMatchObject({ status: 401, msg: "signature mismatch" });
    const stranger = await signedFetch("/v1/member/user/s2s/token", { account: "demo@camcloud.example" }, { headers: { appid: "someone-else" } });
    expect(stranger.body).toMatchObject({ status: 401, msg: "unknown appid" });
    const shortNonce = await signedFetch("/v1/member/user/s2s/token", {}, { headers: { noticeStr: "1234" } });
    expect(shortNonce.body?.msg).toMatch(/noticeStr/);
  });

  it("refuses a timestamp more than 300 s off, in either direction", async () => {
    // 5 s past the window: at 301 the server's clock, a second later than the test's, saw +300 and let it in.
    for (const offset of [-305, 305]) {
      const timestamp = String(Math.floor(Date.now() / 1000) + offset);
      const noticeStr = "12345678";
      const signature = await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp);
      const { body } = await signedFetch("/v1/member/user/s2s/token", { account: "demo@camcloud.example" }, { headers: { timestamp, noticeStr, signature } });
      expect(body).toMatchObject({ status: 401, msg: "timestamp outside the allowed window" });
    }
  });

  it("refuses a replay of the same noticeStr and timestamp for the same token, but not for another token", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const noticeStr = "87654321";
    const signature = await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp);
    const headers = { timestamp, noticeStr, signature };
    const first = await signIn();
    const second = await signIn();
    const call = (accessToken: string) => signedFetch("/v1/cloud/simcard/details", { iccId: "89860012345678901234" }, { accessToken, headers });
    expect((await call(first.accessToken)).body?.status).toBe(200);
    expect((await call(first.accessToken)).body).toMatchObject({ status: 401, msg: "replayed request" });
    expect((await call(second.accessToken)).body?.status).toBe(200);
  });

  it("answers one of five identical requests sent at once, and refuses the others as replays", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const noticeStr = "55554444";
    const signature = await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp);
    const { accessToken } = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signedFetch("/v1/member/user/info", {}, { accessToken, headers: { timestamp, noticeStr, signature } })),
    );
    expect(answers.filter((a) => a.body?.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body?.msg === "replayed request")).toHaveLength(4);
  });

  it("refuses a replay before judging the token: a captured header set with an expired token stays refused as a replay; a made-up token is refused as such every time", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const noticeStr = "66667777";
    const signature = await requestSignature(env.APP_ID, env.APP_SECRET, noticeStr, timestamp);
    const call = (accessToken: string) => signedFetch("/v1/member/user/info", {}, { accessToken, headers: { timestamp, noticeStr, signature } });
    const { accessToken } = await signIn();
    await expireToken(accessToken);
    expect((await call(accessToken)).body).toMatchObject({ status: 1009 });
    expect((await call(accessToken)).body).toMatchObject({ status: 401, msg: "replayed request" });
    // A token that does not exist leaves no record to replay (docs/decisions/053): it is refused as itself.
    expect((await call("not-a-token")).body).toMatchObject({ status: 1010 });
    expect((await call("not-a-token")).body).toMatchObject({ status: 1010, msg: "access token invalid" });
    const missing = await signedFetch("/v1/member/user/info", {}, {});
    expect(missing.body).toMatchObject({ status: 1010, msg: "access token missing" });
  });

  it("answers an unknown path with a 404 envelope", async () => {
    const { http, body } = await signedFetch("/v1/nope", {});
    expect(http).toBe(404);
    expect(body).toMatchObject({ status: 404, data: null });
  });
});
