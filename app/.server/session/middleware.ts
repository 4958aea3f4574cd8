import type { MiddlewareFunction } from "react-router";
import { cloudflareContext, sessionContext } from "../../context.ts";
import { sessionStorageFor } from "./storage.ts";

/** Loads the session once per request and saves it after the response only if something changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(cloudflareContext);
  const storage = sessionStorageFor(env, request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  context.set(sessionContext, session);
  const response = await next();
  if (JSON.stringify(session.data) !== before) {
    response.headers.append("Set-Cookie", await storage.commitSession(session));
  }
  return response;
};
