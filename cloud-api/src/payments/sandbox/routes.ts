import { Hono } from "hono";
import type { CloudApiEnv } from "../../env.ts";

/** Hands a request to the cloud-api's own router (how sandbox notifications are delivered). */
export type SelfFetch = (request: Request, env: CloudApiEnv) => Promise<Response>;

/** The sandbox provider's pages and scripts, mounted at /sandbox. */
export function sandboxRoutes(_selfFetch: SelfFetch) {
  return new Hono<{ Bindings: CloudApiEnv }>();
}
