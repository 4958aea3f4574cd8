import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tracedRequest } from "#platform/observability.ts";
import { signIn } from "#test/signed-request.ts";
import { createUpstreamClient } from "./client.ts";
import { simcardDetails } from "./endpoints.ts";

/** Every JSON log line written while `run` ran, parsed. */
async function logLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((line: unknown) => void written.push(String(line)));
  await run();
  return written.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A storefront request that calls the real cloud-api Worker once, as a loader does. */
async function storefrontRequestCallingTheCloudApi(headers: HeadersInit = {}) {
  const signedIn = await signIn();
  const request = new Request("https://shop.test/app-h5/cloud/mobile-data/buy?params=eyJzZWNyZXQiOjF9", { headers });
  return tracedRequest("storefront", request, async () => {
    const api = createUpstreamClient({
      transport: (path, init) => SELF.fetch(`https://cloud-api.test${path}`, init),
      appId: env.APP_ID,
      appSecret: env.APP_SECRET,
      countryCode: "CN",
      language: "en",
      timeoutMs: 30_000,
      tokens: { get: () => signedIn, set: () => {}, clear: () => {} },
    });
    await api.call(simcardDetails, { iccId: "89860012345678901234" });
    return new Response("page");
  });
}

/** The request lines of one Worker (signing in, before, is a cloud-api request of its own). */
const requestLines = (lines: Record<string, unknown>[], worker: string) =>
  lines.filter((line) => line.event === "request" && line.worker === worker && (worker === "storefront" || line.route === simcardDetails.path));

describe("one request id across both Workers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("continues the trace the storefront's request came with into the cloud-api, in both Workers' request lines", async () => {
    const incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const lines = await logLines(() => storefrontRequestCallingTheCloudApi({ traceparent: incoming }));
    const [storefront] = requestLines(lines, "storefront");
    const [cloudApi] = requestLines(lines, "cloud-api");
    expect(storefront).toMatchObject({ trace: "4bf92f3577b34da6a3ce929d0e0e4736", route: "/app-h5/cloud/mobile-data/buy", status: 200, outcome: "ok" });
    expect(cloudApi).toMatchObject({ trace: "4bf92f3577b34da6a3ce929d0e0e4736", route: simcardDetails.path, status: 200, outcome: "ok" });
    expect(typeof cloudApi?.ms).toBe("number");
  });

  it("starts a trace for a request that came without one (or with a malformed one) and passes that on", async () => {
    for (const headers of [{} as Record<string, string>, { traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" }, { traceparent: "garbage" }]) {
      const lines = await logLines(() => storefrontRequestCallingTheCloudApi(headers));
      const storefrontTrace = requestLines(lines, "storefront")[0]?.trace;
      expect(storefrontTrace).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      expect(requestLines(lines, "cloud-api")[0]?.trace).toBe(storefrontTrace);
      vi.restoreAllMocks();
    }
  });

  it("never writes the launch payload (the query) or a token into a line", async () => {
    const lines = await logLines(() => storefrontRequestCallingTheCloudApi());
    const text = JSON.stringify(lines);
    expect(text).not.toContain("params");
    expect(text).not.toContain("eyJzZWNyZXQiOjF9");
    expect(text).not.toMatch(/accessToken|refreshToken/);
  });
});
