import { afterAll, describe, expect, it, vi } from "vitest";

/** A stand-in for the built server (the real one exists only in a React Router build). */
const serverBuild = vi.hoisted(() => ({ routes: {}, entry: { module: {} }, assets: {}, future: {}, publicPath: "/", assetsBuildDirectory: "", ssr: true, isSpaMode: false, prerender: [] }));
vi.mock("virtual:react-router/server-build", () => serverBuild);
const createRequestHandler = vi.hoisted(() => vi.fn(() => async () => new Response("ok")));
vi.mock("react-router", async (original) => ({ ...(await original<typeof import("react-router")>()), createRequestHandler }));

describe("the storefront Worker's request handler", () => {
  afterAll(() => vi.unstubAllEnvs());

  it("is derived from the build itself once per isolate, not from a function React Router calls again on every request", async () => {
    vi.stubEnv("DEV", false);
    await import("./app.ts");
    expect(createRequestHandler).toHaveBeenCalledTimes(1);
    const [build] = createRequestHandler.mock.calls[0] as unknown as [unknown];
    expect(typeof build).toBe("object");
    expect(build).toMatchObject({ routes: serverBuild.routes, entry: serverBuild.entry });
  });
});
