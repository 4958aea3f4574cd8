import type { Route } from "./+types/provider-forward";
import { sandboxEnabled } from "#app/.server/purchase/providers.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { forwardToCloudApi } from "#app/.server/upstream/forward.ts";

/**
 * /sandbox/* and /v1/pay/notify/*: the payment sandbox and provider notifications, served by the
 * cloud-api. The sandbox's pages exist on this origin only where the sandbox is turned on.
 */
function forward({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { env } = requestOf(context);
  if (new URL(request.url).pathname.startsWith("/sandbox/") && !sandboxEnabled(env)) {
    throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return forwardToCloudApi(env, request);
}

export const loader = forward;
export const action = forward;
