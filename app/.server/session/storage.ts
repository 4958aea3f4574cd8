import { createSessionStorage, type Session } from "react-router";
import type { StorefrontEnv } from "../env.ts";
import { signedCookie } from "../signed-cookie.ts";
import type { LaunchState, Tokens } from "./state.ts";

export interface SessionData {
  launch: LaunchState;
  tokens: Tokens;
}
export interface SessionFlash {
  toast: { kind: "success" | "error"; message: string };
}
export type StorefrontSession = Session<SessionData, SessionFlash>;

/** A session ends after this long without a request (default 2 h) and this long after sign-in (default 24 h). */
const DEFAULT_IDLE_SECONDS = 2 * 3600;
const DEFAULT_MAX_SECONDS = 24 * 3600;
/** Activity is written at most this often, so that reading a page does not write to D1 every time. */
const TOUCH_EVERY_SECONDS = 60;

const seconds = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);

/**
 * Cron: deletes the sessions that can no longer be read (expired, idle or too old), a batch at a time,
 * so that the table holds only live sign-ins. Returns how many went.
 */
export async function forgetEndedSessions(env: StorefrontEnv, now: number, batch = 1000): Promise<number> {
  const idle = seconds(env.SESSION_IDLE_SECONDS, DEFAULT_IDLE_SECONDS);
  const max = seconds(env.SESSION_MAX_SECONDS, DEFAULT_MAX_SECONDS);
  let forgotten = 0;
  for (;;) {
    const result = await env.SESSIONS_DB.prepare(
      `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions
         WHERE expires_at <= ?1 OR created_at <= ?1 - ?2 OR updated_at <= ?1 - ?3 LIMIT ?4)`,
    )
      .bind(now, max, idle, batch)
      .run();
    forgotten += result.meta.changes;
    if (result.meta.changes < batch) return forgotten;
  }
}

/**
 * Sessions live in D1; the cookie carries only a signed random id, so the browser can read nothing of
 * them. The cookie is Secure (with the __Host- prefix) except on plain http, i.e. local development.
 * A session no longer reads once it has been idle or alive too long: the buyer opens the screen from
 * the app again, which signs in anew.
 */
export function sessionStorageFor(env: StorefrontEnv, request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const db = env.SESSIONS_DB;
  const idle = seconds(env.SESSION_IDLE_SECONDS, DEFAULT_IDLE_SECONDS);
  const max = seconds(env.SESSION_MAX_SECONDS, DEFAULT_MAX_SECONDS);
  const now = () => Math.floor(Date.now() / 1000);
  const expiry = (expires: Date | undefined) => (expires ? Math.floor(expires.getTime() / 1000) : now() + max);
  const cookie = signedCookie(secure ? "__Host-camcloud_sid" : "camcloud_sid", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: max,
    secrets: env.SESSION_SECRET.split(",").map((s) => s.trim()),
  });
  return createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomUUID();
      await db
        .prepare("INSERT INTO sessions (id, data, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)")
        .bind(id, JSON.stringify(data), now(), now(), expiry(expires))
        .run();
      return id;
    },
    async readData(id) {
      const at = now();
      const row = await db
        .prepare("SELECT data, updated_at FROM sessions WHERE id = ?1 AND expires_at > ?2 AND created_at > ?2 - ?3 AND updated_at > ?2 - ?4")
        .bind(id, at, max, idle)
        .first<{ data: string; updated_at: number }>();
      if (!row) return null;
      if (row.updated_at < at - TOUCH_EVERY_SECONDS) await db.prepare("UPDATE sessions SET updated_at = ? WHERE id = ?").bind(at, id).run();
      return JSON.parse(row.data) as Partial<SessionData>;
    },
    async updateData(id, data, expires) {
      await db
        .prepare(
          `INSERT INTO sessions (id, data, created_at, updated_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)
           ON CONFLICT (id) DO UPDATE SET data = ?2, updated_at = ?3, expires_at = ?4`,
        )
        .bind(id, JSON.stringify(data), now(), expiry(expires))
        .run();
    },
    async deleteData(id) {
      await db.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    },
  });
}
