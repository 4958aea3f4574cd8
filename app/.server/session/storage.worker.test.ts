import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StorefrontEnv } from "../env.ts";
import { forgetEndedSessions, sessionStorageFor } from "./storage.ts";

const request = new Request("https://shop.example/app-h5/cloud/storage/buy");
const storefrontEnv = (limits: Partial<StorefrontEnv> = {}) => ({ ...env, ...limits }) as unknown as StorefrontEnv;

/** A signed-in session's cookie, as the launch leaves it. */
async function signedInCookie(limits?: Partial<StorefrontEnv>): Promise<{ cookie: string; id: string }> {
  const storage = sessionStorageFor(storefrontEnv(limits), request);
  const session = await storage.getSession();
  session.set("tokens", { accessToken: "a", refreshToken: "r", tgAccessToken: "t" });
  const cookie = (await storage.commitSession(session)).split(";")[0]!;
  const row = await env.SESSIONS_DB.prepare("SELECT id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1").first<{ id: string }>();
  return { cookie, id: row!.id };
}

const tokensOf = async (cookie: string, limits?: Partial<StorefrontEnv>) => (await sessionStorageFor(storefrontEnv(limits), request).getSession(cookie)).get("tokens");
const shift = (id: string, column: "created_at" | "updated_at", by: number) =>
  env.SESSIONS_DB.prepare(`UPDATE sessions SET ${column} = ${column} - ? WHERE id = ?`).bind(by, id).run();

describe("session lifetime", () => {
  it("keeps a session that is in use, and uses the __Host- prefix over https", async () => {
    const { cookie } = await signedInCookie();
    expect(cookie.startsWith("__Host-camcloud_sid=")).toBe(true);
    expect(await tokensOf(cookie)).toMatchObject({ accessToken: "a" });
  });

  it("ends a session idle for longer than the idle limit", async () => {
    const limits = { SESSION_IDLE_SECONDS: "600" };
    const { cookie, id } = await signedInCookie(limits);
    await shift(id, "updated_at", 599);
    expect(await tokensOf(cookie, limits)).toMatchObject({ accessToken: "a" });
    // That read counted as activity: the idle clock starts again.
    await shift(id, "updated_at", 599);
    expect(await tokensOf(cookie, limits)).toMatchObject({ accessToken: "a" });
    await shift(id, "updated_at", 601);
    expect(await tokensOf(cookie, limits)).toBeUndefined();
  });

  it("ends a session older than the absolute limit however active it is", async () => {
    const limits = { SESSION_MAX_SECONDS: "3600" };
    const { cookie, id } = await signedInCookie(limits);
    await shift(id, "created_at", 3599);
    expect(await tokensOf(cookie, limits)).toMatchObject({ accessToken: "a" });
    await shift(id, "created_at", 2);
    expect(await tokensOf(cookie, limits)).toBeUndefined();
  });

  it("refuses a cookie whose signature was tampered with", async () => {
    const { cookie } = await signedInCookie();
    // A character of the signature's first bytes (the last one's low bits are base64 padding, so changing it may change nothing).
    const at = cookie.lastIndexOf(".") + 1;
    const tampered = cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
    expect(await tokensOf(tampered)).toBeUndefined();
  });
});

describe("ended sessions are deleted on a schedule", () => {
  it("deletes expired, idle and too old sessions, and keeps live ones", async () => {
    const limits = { SESSION_IDLE_SECONDS: "600", SESSION_MAX_SECONDS: "3600" };
    const live = await signedInCookie(limits);
    const idle = await signedInCookie(limits);
    const old = await signedInCookie(limits);
    const expired = await signedInCookie(limits);
    await shift(idle.id, "updated_at", 601);
    await shift(old.id, "created_at", 3601);
    await env.SESSIONS_DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(Math.floor(Date.now() / 1000) - 1, expired.id).run();
    const forgotten = await forgetEndedSessions(storefrontEnv(limits), Math.floor(Date.now() / 1000), 2);
    expect(forgotten).toBeGreaterThanOrEqual(3);
    const left = async (id: string) => (await env.SESSIONS_DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE id = ?").bind(id).first<{ n: number }>())?.n;
    expect(await left(live.id)).toBe(1);
    for (const ended of [idle, old, expired]) expect(await left(ended.id)).toBe(0);
    expect(await tokensOf(live.cookie, limits)).toMatchObject({ accessToken: "a" });
  });
});
