import type { MiddlewareFunction } from "react-router";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import { sessionStorageFor } from "./storage.ts";

/**
 * Loads the session once per request and saves it after the response only if something changed. A
 * request that puts a new session in the context (a sign-in: launchMiddleware) gets a new id: the old
 * session's row is deleted, so an id known before a sign-in is worth nothing after it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(cloudflareContext);
  const storage = sessionStorageFor(env, request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  context.set(sessionContext, session);
  const response = await next();
  const current = context.get(sessionContext);
  if (current !== session) {
    const cleared = session.id ? await storage.destroySession(session) : null;
    const hasData = Object.keys(current.data).length > 0;
    if (hasData) response.headers.append("Set-Cookie", await storage.commitSession(current));
    else if (cleared) response.headers.append("Set-Cookie", cleared);
  } else if (JSON.stringify(session.data) !== before) {
    response.headers.append("Set-Cookie", await storage.commitSession(session));
  }
  return response;
};
