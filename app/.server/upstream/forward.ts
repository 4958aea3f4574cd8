import type { StorefrontEnv } from "../env.ts";

/** Headers that belong to the buyer's session with the storefront, never to the cloud-api. */
const PRIVATE_REQUEST_HEADERS = ["cookie", "authorization"];

/**
 * Passes a request to the embedded cloud-api unchanged but for the storefront's own cookies: the
 * sandbox provider's pages and scripts, and provider notifications (docs/architecture.md §1, embedded mode).
 * A Set-Cookie from the cloud-api is dropped, so that it cannot set cookies on the storefront's origin.
 */
export async function forwardToCloudApi(env: StorefrontEnv, request: Request): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of PRIVATE_REQUEST_HEADERS) headers.delete(name);
  const upstream = await env.CLOUD_API.fetch(
    // The storefront's own URL: the sandbox then sees the buyer's host (its same-host redirect rule).
    new Request(request.url, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer(),
      redirect: "manual",
    }),
  );
  const response = new Response(upstream.body, upstream);
  response.headers.delete("set-cookie");
  return response;
}
