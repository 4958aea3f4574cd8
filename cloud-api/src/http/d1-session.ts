import { BOOKMARK_HEADER } from "#contract/headers.ts";
import type { CloudApiEnv } from "#api/env.ts";

/** What D1 hands out as a bookmark (hex groups and dashes); anything else is ignored, not passed on. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i;

/**
 * One operation's D1 session (docs/decisions/032): one that declares it only reads (its policy,
 * http/operation.ts) starts from the caller's bookmark (it then sees the caller's own writes) or from any
 * replica; any other from the primary, and answers with its bookmark for the caller to send next time.
 * The replay check writes beside it on the plain binding, so that a read does not wait for a replica to
 * catch up with a nonce.
 */
export function d1SessionFor(env: CloudApiEnv, request: Request, readOnly: boolean) {
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
