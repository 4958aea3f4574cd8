import { describe, expect, it } from "vitest";
import { s2sTokenFetch, signedFetch, signIn } from "#test/signed-request.ts";
import { ageRotation, expireToken } from "#test/tokens.ts";

const details = (accessToken: string) => signedFetch("/v1/cloud/simcard/details", { iccId: "89860012345678901234" }, { accessToken });
const refresh = (refreshToken: string) => signedFetch("/v1/member/user/h5/refresh_token", { js_refreshToken: refreshToken });

describe("tokens", () => {
  it("answers 1010 for a missing or unknown access token, with HTTP 401", async () => {
    for (const token of ["", "not-a-token"]) {
      const { http, body } = await details(token);
      expect(http).toBe(401);
      expect(body?.status).toBe(1010);
    }
  });

  it("answers 1009 for an expired access token", async () => {
    const tokens = await signIn();
    await expireToken(tokens.accessToken);
    const { http, body } = await details(tokens.accessToken);
    expect(http).toBe(401);
    expect(body).toMatchObject({ status: 1009, msg: "access token expired" });
  });

  it("rotates a refresh token into a working pair", async () => {
    const tokens = await signIn();
    const { body } = await refresh(tokens.refreshToken);
    expect(body?.status).toBe(200);
    expect(body?.data.js_accessToken).not.toBe(tokens.accessToken);
    expect(body?.data.js_refreshToken).not.toBe(tokens.refreshToken);
    expect((await details(body?.data.js_accessToken)).body?.status).toBe(200);
  });

  it("lets a replaced refresh token work during the grace period, then revokes the family on reuse", async () => {
    const tokens = await signIn();
    const first = await refresh(tokens.refreshToken);
    const second = await refresh(tokens.refreshToken);
    expect(first.body?.status).toBe(200);
    expect(second.body?.status).toBe(200);

    await ageRotation(tokens.refreshToken, 3600);
    const reuse = await refresh(tokens.refreshToken);
    expect(reuse.body).toMatchObject({ status: 1010, msg: "refresh token already used" });
    // Reuse after the grace period is treated as theft: every token of the sign-in stops working.
    expect((await details(first.body?.data.js_accessToken)).body?.status).toBe(1010);
    expect((await refresh(second.body?.data.js_refreshToken)).body?.status).toBe(1010);
  });

  it("refuses an unknown or empty refresh token", async () => {
    expect((await refresh("garbage")).body?.status).toBe(1010);
    const empty = await refresh("");
    expect(empty.body).toMatchObject({ status: 400 });
    expect(empty.body?.msg).toMatch(/js_refreshToken/);
  });

  it("issues tokens only for a known account, answering an unknown one like a wrong credential", async () => {
    const { http, body } = await s2sTokenFetch("nobody@example.com");
    expect(http).toBe(401);
    expect(body).toEqual({ status: 401, msg: "server-to-server credential refused", data: null });
  });

  it("lists the devices of the user named by the device-list token", async () => {
    const tokens = await signIn();
    const { body } = await signedFetch("/v1/member/device/list", { tgAccessToken: tokens.tgAccessToken });
    expect(body?.status).toBe(200);
    const ids = (body?.data.items as { deviceId: string; attrs: string }[]).map((d) => d.deviceId);
    expect(ids).toContain("SIM-DEMO-001");
    expect(ids).not.toContain("CAM-OTHER-001");
    const invalid = await signedFetch("/v1/member/device/list", { tgAccessToken: tokens.accessToken });
    expect(invalid.body?.status).toBe(1010);
  });
});
