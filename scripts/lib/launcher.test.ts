import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slug, startLauncher } from "./launcher.ts";
import { LAUNCH_SCREENS } from "./route-table.ts";
import { ALIPAY_CASHIER, SCREEN_LINKS } from "./screens.ts";

// No cloud-api behind it: a link the launcher knows answers 502 (it could not sign the buyer in), an
// unknown one 404. Opening the screens themselves is the e2e journeys' and the bench's work.
const closedPort = "http://127.0.0.1:1";
let launcher: Awaited<ReturnType<typeof startLauncher>>;

beforeAll(async () => {
  launcher = await startLauncher({ port: 0, api: closedPort, storefront: closedPort, vars: {} });
});
afterAll(() => launcher.close());

describe("the launcher npm start prints", () => {
  it("lists every screen of the route table with a launch that opens it, the Alipay cashier with an order to pay", async () => {
    const index = await (await fetch(launcher.url)).text();
    const hrefs = [...index.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1] ?? "");
    for (const link of [...SCREEN_LINKS, ALIPAY_CASHIER]) expect(hrefs, link.label).toContain(`/${slug(link.label)}`);
    expect(hrefs.filter((href) => href.startsWith("/screen/"))).toEqual([]);
    const opened = new Set([...SCREEN_LINKS, ALIPAY_CASHIER].map((link) => link.screen));
    expect(LAUNCH_SCREENS.filter((screen) => !opened.has(screen))).toEqual([]);
    expect(ALIPAY_CASHIER.query).toEqual({ orderId: expect.stringMatching(/^DEMO1\d{6}$/) });
  });

  it("links the demo receiver's integration events when it runs one", async () => {
    const withReceiver = await startLauncher({ port: 0, api: closedPort, storefront: closedPort, vars: {}, receiver: "http://127.0.0.1:8791" });
    try {
      expect(await (await fetch(withReceiver.url)).text()).toContain('<a href="http://127.0.0.1:8791/events">');
    } finally {
      withReceiver.close();
    }
    expect(await (await fetch(launcher.url)).text()).not.toContain("/events");
  });

  it("signs in for a link it lists and refuses one it does not", async () => {
    expect((await fetch(`${launcher.url}/${slug(ALIPAY_CASHIER.label)}`, { redirect: "manual" })).status).toBe(502);
    expect((await fetch(`${launcher.url}/no-such-screen`, { redirect: "manual" })).status).toBe(404);
  });
});

describe("the launcher's console links", () => {
  it("lists the three demo operators, each opening the Access stand-in's sign-in for that operator", async () => {
    const withConsole = await startLauncher({ port: 0, api: closedPort, storefront: closedPort, vars: {}, console: "http://127.0.0.1:8790" });
    try {
      const index = await (await fetch(withConsole.url)).text();
      for (const role of ["viewer", "support", "admin"]) {
        expect(index).toMatch(new RegExp(`<a href="/console/${role}">${role}: [A-Z][a-z]+ [A-Z][a-z]+, ${role}@camcloud.example</a>`));
        const answer = await fetch(`${withConsole.url}/console/${role}`, { redirect: "manual" });
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toBe(`http://127.0.0.1:8790/cdn-cgi/access/sign-in?email=${role}%40camcloud.example&to=%2F`);
      }
      expect((await fetch(`${withConsole.url}/console/root`, { redirect: "manual" })).status).toBe(404);
    } finally {
      withConsole.close();
    }
    expect(await (await fetch(launcher.url)).text()).not.toContain("/console/");
  });
});
