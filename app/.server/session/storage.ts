import { createCookie, createSessionStorage, type Session } from "react-router";
import type { StorefrontEnv } from "../env.ts";
import type { LaunchState, Tokens } from "./state.ts";

export interface SessionData {
  launch: LaunchState;
  tokens: Tokens;
}
export interface SessionFlash {
  toast: { kind: "success" | "error"; message: string };
}
export type StorefrontSession = Session<SessionData, SessionFlash>;

const SESSION_TTL_SECONDS = 7 * 86400;

/**
 * Sessions live in D1; the cookie carries only a signed random id, so the browser can read nothing of
 * them. The cookie is Secure (with the __Host- prefix) except on plain http, i.e. local development.
 */
export function sessionStorageFor(env: StorefrontEnv, request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const db = env.SESSIONS_DB;
  const now = () => Math.floor(Date.now() / 1000);
  const expiry = (expires: Date | undefined) => (expires ? Math.floor(expires.getTime() / 1000) : now() + SESSION_TTL_SECONDS);
  const cookie = createCookie(secure ? "__Host-camcloud_sid" : "camcloud_sid", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
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
      const row = await db
        .prepare("SELECT data FROM sessions WHERE id = ? AND expires_at > ?")
        .bind(id, now())
        .first<{ data: string }>();
      return row ? (JSON.parse(row.data) as Partial<SessionData>) : null;
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
