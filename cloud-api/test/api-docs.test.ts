import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildApp } from "#api/app.ts";

const get = (path: string) => SELF.fetch(`https://cloud-api.test${path}`);

describe("/v1/docs, the OpenAPI document's reader", () => {
  it("serves a page that loads the reader from this origin with the served document, under a policy that allows nothing else", async () => {
    const response = await get("/v1/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<script src="/v1/docs/reference.js"></script>');
    expect(page).toContain('data-url="/v1/openapi.json"');
    expect(page).not.toMatch(/https?:\/\//);
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
    );
  });

  it("serves the reader's script from the installed package", async () => {
    const response = await get("/v1/docs/reference.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    const script = await response.text();
    expect(script.length).toBeGreaterThan(1_000_000);
    expect(script).toContain("createApiReference");
  });

  it("answers 404 for both where API_DOCS is not on, as in production, and keeps the document itself", async () => {
    const app = buildApp();
    for (const API_DOCS of ["off", "", undefined]) {
      for (const path of ["/v1/docs", "/v1/docs/reference.js"]) {
        const response = await app.fetch(new Request(`https://cloud-api.test${path}`), { ...env, API_DOCS });
        expect([API_DOCS, path, response.status]).toEqual([API_DOCS, path, 404]);
        expect(await response.json()).toEqual({ status: 404, msg: "the API reference is not served here", data: null });
      }
    }
    expect((await app.fetch(new Request("https://cloud-api.test/v1/openapi.json"), { ...env, API_DOCS: "off" })).status).toBe(200);
  });
});
