import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSentryCapture } from "#test/sentry-capture.ts";
import { withErrorReporting } from "./error-reporting.ts";
import { tracedRequest } from "./observability.ts";

let capture: Awaited<ReturnType<typeof startSentryCapture>>;
let dsn = "";
let envelopes: string[] = [];
beforeAll(async () => {
  capture = await startSentryCapture();
  ({ dsn, envelopes } = capture);
});
afterAll(() => capture.close());

const SECRETS = { APP_SECRET: "app-secret-value-0123456789", SESSION_SECRET: "session-secret-value-0123456789", LAUNCH_AES_KEY: "00112233445566778899aabbccddeeff" };
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

/** A Worker whose handler fails with everything sensitive in reach, run once with the given DSN. */
async function failingRequest(sentryDsn: string | undefined) {
  const env = { ...SECRETS, SENTRY_DSN: sentryDsn, ENVIRONMENT: "preview" };
  const handler: ExportedHandler<typeof env> = {
    fetch: (request) =>
      tracedRequest("storefront", request, async () => {
        throw new Error(`upstream refused accessToken=tok_live_abcdef with ${SECRETS.APP_SECRET}, card 4242 4242 4242 4242, buyer ann@example.com`);
      }),
  };
  const worker = withErrorReporting("storefront", handler);
  const waiting: Promise<unknown>[] = [];
  const request = new Request("https://shop.test/app-h5/cloud/mobile-data/buy?params=eyJ0b2tlbiI6InNlY3JldCJ9&package=2", {
    headers: { cookie: "__Host-session=s%3Asession-id", accessToken: "tok_live_abcdef", traceparent: `00-${TRACE}-00f067aa0ba902b7-01`, "user-agent": "CamCloud/2.0" },
  });
  const ctx = { waitUntil: (p: Promise<unknown>) => void waiting.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  await expect(worker.fetch!(request as never, env, ctx)).rejects.toThrow("upstream refused");
  await Promise.allSettled(waiting);
}

describe("error reports", () => {
  it("reach the configured endpoint as an envelope with the trace id and nothing sensitive", async () => {
    envelopes.length = 0;
    await failingRequest(dsn);
    expect(envelopes).toHaveLength(1);
    const envelope = envelopes[0]!;
    const event = JSON.parse(envelope.split("\n")[2]!) as { tags: Record<string, string>; request: { url: string; headers: Record<string, string> } };
    expect(event.tags).toMatchObject({ trace: TRACE, worker: "storefront" });
    expect(event.request.url).toBe("https://shop.test/app-h5/cloud/mobile-data/buy");
    expect(event.request.headers).toEqual({ "user-agent": "CamCloud/2.0", traceparent: `00-${TRACE}-00f067aa0ba902b7-01` });
    expect(envelope).toContain("upstream refused");
    for (const leak of ["eyJ0b2tlbiI6InNlY3JldCJ9", "tok_live_abcdef", "session-id", SECRETS.APP_SECRET, "4242 4242", "ann@example.com"]) expect(envelope).not.toContain(leak);
  });

  it("are not sent without a DSN", async () => {
    envelopes.length = 0;
    await failingRequest(undefined);
    expect(envelopes).toEqual([]);
  });
});
