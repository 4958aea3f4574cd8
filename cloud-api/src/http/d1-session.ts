import { BOOKMARK_HEADER } from "#contract/headers.ts";
import type { CloudApiEnv } from "#api/env.ts";

/**
 * Operations that only read: a D1 read replica near the caller may answer them (docs/decisions/032).
 * Any other operation, and any added later until it is listed here, runs on the primary.
 */
const READ_ONLY_PATHS = new Set([
  "/v1/cloud/ai/device/info",
  "/v1/cloud/coupon/user/list",
  "/v1/cloud/entitlement/timeline",
  "/v1/cloud/order/detail",
  "/v1/cloud/order/pay/info",
  "/v1/cloud/order/query/srv/order/list",
  "/v1/cloud/package/current",
  "/v1/cloud/package/list",
  "/v1/cloud/package/preview",
  "/v1/cloud/package/received/info",
  "/v1/cloud/simcard/details",
  "/v1/cloud/simcard/iccid/info",
  "/v1/cloud/storage-card/received/package",
  "/v1/cloud/vip-card/received/package",
  "/v1/cloud/vip/device/info",
  "/v1/member/device/list",
  "/v1/member/user/info",
]);

/** What D1 hands out as a bookmark (hex groups and dashes); anything else is ignored, not passed on. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i;

/**
 * One operation's D1 session: a read-only one starts from the caller's bookmark (it then sees the
 * caller's own writes) or from any replica; a writing one from the primary, and answers with its
 * bookmark for the caller to send next time. The replay check writes beside it on the plain binding,
 * so that a read does not wait for a replica to catch up with a nonce.
 */
export function d1SessionFor(env: CloudApiEnv, request: Request, path: string) {
  const readOnly = READ_ONLY_PATHS.has(path);
  const asked = request.headers.get(BOOKMARK_HEADER) ?? "";
  const session = env.DB.withSession(!readOnly ? "first-primary" : BOOKMARK.test(asked) ? asked : "first-unconstrained");
  return {
    // Operations use prepare() and batch() only, which a session has.
    env: { ...env, DB: session as unknown as D1Database },
    answer(response: Response): Response {
      const bookmark = readOnly ? null : session.getBookmark();
      if (bookmark) response.headers.set(BOOKMARK_HEADER, bookmark);
      return response;
    },
  };
}
