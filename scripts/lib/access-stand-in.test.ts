import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessVerifier } from "#console/app/.server/access.ts";
import { STAND_IN_KEY_PREFIX } from "#console/app/access-rules.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import { signInLink, startAccessStandIn } from "./access-stand-in.ts";

/** A console Worker stand-in that answers with the headers it got. */
let seen: IncomingHttpHeaders[] = [];
const worker = createServer((request, response) => {
  seen.push(request.headers);
  response.writeHead(200, { "content-type": "text/plain" });
  response.end(`worker saw ${request.method} ${request.url}`);
});
let standIn: Awaited<ReturnType<typeof startAccessStandIn>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => worker.listen(0, "127.0.0.1", resolve));
  standIn = await startAccessStandIn({ port: 0, worker: `http://127.0.0.1:${(worker.address() as AddressInfo).port}`, audience: "camcloud-console-local" });
});
afterAll(() => {
  standIn.close();
  worker.close();
});

const signIn = async (email: string) => {
  const answer = await fetch(signInLink(standIn.url, email, "/orders?page=2"), { redirect: "manual" });
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("/orders?page=2");
  return (answer.headers.get("set-cookie") ?? "").split(";")[0]!;
};

describe("the local Access stand-in", () => {
  it("sends a browser without its cookie to sign in, and never on to the console", async () => {
    seen = [];
    const answer = await fetch(`${standIn.url}/today`, { redirect: "manual", headers: { "Cf-Access-Jwt-Assertion": "forged", "Cf-Access-Authenticated-User-Email": "admin@camcloud.example" } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/cdn-cgi/access/sign-in?to=%2Ftoday");
    const page = await (await fetch(`${standIn.url}/cdn-cgi/access/sign-in?to=%2Ftoday`)).text();
    for (const { email } of Object.values(DEMO_OPERATORS)) expect(page).toContain(email);
    expect(seen).toEqual([]);
  });

  it("proxies a signed-in operator with a token the console's own verification accepts, replacing any Access header the browser sent", async () => {
    seen = [];
    const cookie = await signIn("Support@CamCloud.example");
    const answer = await fetch(`${standIn.url}/orders?page=2`, { headers: { cookie, "Cf-Access-Jwt-Assertion": "forged", "Cf-Access-Authenticated-User-Email": "admin@camcloud.example" } });
    expect(await answer.text()).toBe("worker saw GET /orders?page=2");
    const token = String(seen[0]?.["cf-access-jwt-assertion"]);
    expect(token).not.toBe("forged");
    expect(seen[0]?.["cf-access-authenticated-user-email"]).toBe("support@camcloud.example");
    const verify = accessVerifier();
    const request = new Request("http://127.0.0.1/orders", { headers: { "Cf-Access-Jwt-Assertion": token } });
    expect(await verify(request, { teamDomain: standIn.url, audience: "camcloud-console-local", standIn: true })).toEqual({ ok: true, email: "support@camcloud.example" });
    // The same token is refused by a console not running on the stand-in (production's rule), and for another application.
    expect(await verify(request, { teamDomain: standIn.url, audience: "camcloud-console-local", standIn: false })).toEqual({ ok: false, reason: "a key of the local Access stand-in" });
    expect((await verify(request, { teamDomain: standIn.url, audience: "another-application", standIn: true })).ok).toBe(false);
  });

  it("serves its key as a team's JWKS, named as the stand-in's", async () => {
    const { keys } = (await (await fetch(`${standIn.url}/cdn-cgi/access/certs`)).json()) as { keys: { kid: string; kty: string; alg: string }[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", kid: expect.stringMatching(new RegExp(`^${STAND_IN_KEY_PREFIX}-`)) });
  });

  it("signs out: the cookie is cleared", async () => {
    const answer = await fetch(`${standIn.url}/cdn-cgi/access/logout`, { redirect: "manual" });
    expect(answer.headers.get("set-cookie")).toMatch(/^CF_Authorization=; .*Max-Age=0/);
  });

  it("a sign-in link goes back only to a path of the console, never to another site", async () => {
    const answer = await fetch(`${standIn.url}/cdn-cgi/access/sign-in?email=a%40b.example&to=%2F%2Fevil.example`, { redirect: "manual" });
    expect(answer.headers.get("location")).toBe("/");
  });
});
