import { createSession, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import type { StorefrontEnv } from "./env.ts";
import { screenViewMiddleware } from "./funnel.ts";
import { i18nextMiddleware } from "./i18n.ts";

/** A screen request through the language and screen-view middleware, with the given dataset and a page that answers 200. */
async function viewScreen(dataset: AnalyticsEngineDataset) {
  const pending: Promise<unknown>[] = [];
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { FUNNEL: dataset } as unknown as StorefrontEnv, ctx: { waitUntil: (p: Promise<unknown>) => void pending.push(p) } as unknown as ExecutionContext });
  const session = createSession();
  session.set("launch", { deviceId: "SIM-DEMO-001", iccId: "89860012345678901234", countryCode: "US" });
  context.set(sessionContext, session as never);
  const request = new Request("https://shop.test/app-h5/cloud/mobile-data/buy?language=ja&package=2");
  const page = new Response("the page", { status: 200 });
  const args = { request, context, params: {}, unstable_pattern: "", pattern: "" } as never;
  const response = (await i18nextMiddleware(args, async () => (await screenViewMiddleware(args, async () => page)) as Response)) as Response;
  return { response, page, settled: () => Promise.allSettled(pending) };
}

describe("the funnel never holds a page up", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the page before the data point is written, then writes the screen's setting and no id of a person", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const { response, page, settled } = await viewScreen({ writeDataPoint: (point) => void points.push(point ?? {}) });
    expect(response).toBe(page);
    expect(points).toEqual([]);
    await settled();
    expect(points).toEqual([{ indexes: ["screen"], blobs: ["screen", "cloud/mobile-data/buy", "", "", "US", "ja", ""], doubles: [1] }]);
    expect(JSON.stringify(points)).not.toMatch(/SIM-DEMO|8986/);
  });

  it("serves the page when the dataset throws, and logs the failed write", async () => {
    const errors = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { response, settled } = await viewScreen({
      writeDataPoint: () => {
        throw new Error("dataset unavailable");
      },
    });
    expect(await response.text()).toBe("the page");
    await settled();
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: "funnel.write-failed", step: "screen", error: "Error: dataset unavailable" }),
    );
  });
});
