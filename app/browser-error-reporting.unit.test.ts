import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data } from "react-router";
import { startSentryCapture } from "#test/sentry-capture.ts";
import type { StorefrontEnv } from "./.server/env.ts";
import { contentSecurityPolicy } from "./.server/security.ts";
import { reportBrowserError, thrownInBrowser } from "./browser-error-reporting.ts";

let capture: Awaited<ReturnType<typeof startSentryCapture>>;
beforeAll(async () => {
  capture = await startSentryCapture();
});
afterAll(() => capture.close());

const REFERENCE = "4bf92f3577b34da6a3ce929d0e0e4736";
const PAGE = {
  url: "https://shop.test/app-h5/cloud/mobile-data/buy?params=eyJ0b2tlbiI6InNlY3JldCJ9&language=en",
  userAgent: "Mozilla/5.0 (iPhone) CamCloud/2.0",
};

describe("browser error reports", () => {
  it("reach the configured endpoint with the page's reference, scrubbed as the Workers' reports are", async () => {
    capture.envelopes.length = 0;
    const error = new TypeError("cannot read 'amount' for ann@example.com, accessToken=tok_live_abcdef, card 4242 4242 4242 4242");
    await reportBrowserError(error, REFERENCE, { dsn: capture.dsn, environment: "preview" }, PAGE);
    expect(capture.envelopes).toHaveLength(1);
    const envelope = capture.envelopes[0]!;
    const event = JSON.parse(envelope.split("\n")[2]!) as {
      tags: Record<string, string>;
      environment: string;
      request: { url: string; headers: Record<string, string> };
      exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] };
    };
    expect(event.tags).toEqual({ trace: REFERENCE, worker: "browser" });
    expect(event.environment).toBe("preview");
    expect(event.request).toEqual({ url: "https://shop.test/app-h5/cloud/mobile-data/buy", headers: { "User-Agent": PAGE.userAgent } });
    expect(event.exception.values[0]).toMatchObject({ type: "TypeError", value: "cannot read 'amount' for [scrubbed], accessToken=[scrubbed], card [scrubbed]" });
    expect(event.exception.values[0]?.stacktrace?.frames.length).toBeGreaterThan(0);
    for (const leak of ["eyJ0b2tlbiI6InNlY3JldCJ9", "tok_live_abcdef", "4242 4242", "ann@example.com"]) expect(envelope).not.toContain(leak);
  });

  it("are sent for errors this browser threw, not for the server's answers or errors the server reported", () => {
    expect(thrownInBrowser(new TypeError("x is undefined"))).toBe(true);
    // React Router's copy of a server error in production: no stack (hydration data gives "", a navigation none).
    const fromServer = new Error("Unexpected Server Error");
    fromServer.stack = "";
    expect(thrownInBrowser(fromServer)).toBe(false);
    fromServer.stack = undefined;
    expect(thrownInBrowser(fromServer)).toBe(false);
    expect(thrownInBrowser(data("Not found", { status: 404 }))).toBe(false);
    expect(thrownInBrowser("a string")).toBe(false);
  });

  it("may reach only the DSN's host, and only when one is set (the page's CSP)", () => {
    const env = { ENVIRONMENT: "production" } as StorefrontEnv;
    const connect = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("connect-src"));
    expect(connect(contentSecurityPolicy(env, "n"))).toBe("connect-src 'self'");
    expect(connect(contentSecurityPolicy({ ...env, SENTRY_BROWSER_DSN: "https://public@o1.ingest.sentry.io/42" }, "n"))).toBe("connect-src 'self' https://o1.ingest.sentry.io");
  });
});
