import type { Route } from "./+types/provider-forward";
import { forwardToCloudApi } from "../.server/upstream/forward.ts";
import { cloudflareContext } from "../context.ts";

/** /sandbox/* and /v1/pay/notify/*: the payment sandbox and provider notifications, served by the cloud-api. */
export function loader({ request, context }: Route.LoaderArgs) {
  return forwardToCloudApi(context.get(cloudflareContext).env, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return forwardToCloudApi(context.get(cloudflareContext).env, request);
}
