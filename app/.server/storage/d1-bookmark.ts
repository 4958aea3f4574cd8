import { createContext } from "react-router";
import { BOOKMARK_HEADER } from "#contract/headers.ts";
import type { StorefrontEnv } from "../env.ts";
import { signedCookie } from "../signed-cookie.ts";
import type { Transport } from "../upstream/transport.ts";

/**
 * The buyer's latest D1 bookmark from the cloud-api (docs/decisions/032): kept in a signed cookie of
 * its own rather than in the session row, so that carrying it writes nothing to D1, and sent with
 * every call so that a read replica answers only once it has the buyer's own writes (an order
 * confirmed, then listed).
 */
export interface BookmarkCarrier {
  current: string | null;
  /** The Set-Cookie for a bookmark that changed during this request, or null. */
  setCookie(): Promise<string | null>;
}

export const bookmarkContext = createContext<BookmarkCarrier | null>(null);

/** As long as a session can live (storage.ts's default maximum): older bookmarks are long caught up with. */
const MAX_AGE_SECONDS = 24 * 3600;

function bookmarkCookie(env: StorefrontEnv, request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return signedCookie(secure ? "__Host-camcloud_d1" : "camcloud_d1", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    secrets: env.SESSION_SECRET.split(",").map((s) => s.trim()),
  });
}

export async function readBookmark(env: StorefrontEnv, request: Request): Promise<BookmarkCarrier> {
  const cookie = bookmarkCookie(env, request);
  const parsed: unknown = await cookie.parse(request.headers.get("Cookie"));
  const received = typeof parsed === "string" ? parsed : null;
  const carrier: BookmarkCarrier = {
    current: received,
    setCookie: async () => (carrier.current !== received && carrier.current ? cookie.serialize(carrier.current) : null),
  };
  return carrier;
}

/** A transport that sends the buyer's bookmark with each call and keeps the one a write answers with. */
export function carryBookmark(carrier: BookmarkCarrier | null, transport: Transport): Transport {
  if (!carrier) return transport;
  return async (path, init) => {
    const headers = new Headers(init.headers);
    if (carrier.current) headers.set(BOOKMARK_HEADER, carrier.current);
    const response = await transport(path, { ...init, headers });
    const bookmark = response.headers.get(BOOKMARK_HEADER);
    if (bookmark) carrier.current = bookmark;
    return response;
  };
}
