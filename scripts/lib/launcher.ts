import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "#platform/web-security.ts";
import { callCloudApi, defaultDemoDevice, demoBuyer } from "./launch-link.ts";
import { LAUNCH_SCREENS } from "./route-table.ts";
import { ALIPAY_CASHIER, PUBLIC_PAGES, SCREEN_LINKS, type ScreenLink } from "./screens.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import type { OperatorRole } from "#contract/operator.ts";
import { signInLink } from "./access-stand-in.ts";

/** "4G top-up (CN, English)" -> "4g-top-up-cn-english": the short path of a screen link. */
export const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/**
 * The local launcher that `npm start` and `npm run dev` print instead of 25 long links: its index page
 * lists the screens in the states worth opening (lib/screens.ts), any other screen of the route table,
 * the public pages, the console's demo operators and the demo receiver's integration events; /<slug> and /screen/<route> sign the
 * demo buyer in afresh (tokens expire) and redirect to the launch link; /console/<role> redirects to the Access stand-in's
 * sign-in link of that role's demo operator. Local only: it listens on 127.0.0.1.
 */
export async function startLauncher(options: { port: number; api: string; storefront: string; vars: Record<string, string>; receiver?: string; console?: string }) {
  // Screens that open only in a state of their own (an order to pay) are listed with it.
  const others = [ALIPAY_CASHIER];
  /** The cashier shows the form of the order's latest Alipay attempt: a repay starts one, as the order detail's Repay does. */
  const prepare = async (link: ScreenLink, accessToken: string) => {
    if (link !== ALIPAY_CASHIER) return;
    // An order no longer waiting to pay (paid in this demo) refuses the repay; the cashier then opens its result page.
    await callCloudApi(options.api, options.vars, "/v1/cloud/order/h5/order/repay", { orderId: link.query?.orderId }, accessToken).catch(() => undefined);
  };
  const listed = [...SCREEN_LINKS, ...others];
  const unlisted = LAUNCH_SCREENS.filter((screen) => !listed.some((link) => link.screen === screen));
  const linkFor = (path: string): ScreenLink | undefined => {
    const screen = path.startsWith("screen/") ? path.slice("screen/".length) : null;
    if (screen !== null) return LAUNCH_SCREENS.includes(screen) ? { label: screen, screen, deviceId: defaultDemoDevice(screen) } : undefined;
    return listed.find((candidate) => slug(candidate.label) === path);
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://launcher").pathname.slice(1));
    if (path === "") {
      const item = (href: string, label: string) => `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>CamCloud screens</title>
<h1>CamCloud screens</h1><p>Each link signs the demo buyer in (as the companion app would) and opens the screen.</p>
<ul>${SCREEN_LINKS.map((link) => item(`/${slug(link.label)}`, link.label)).join("")}</ul>
<h2>Other screens of the route table</h2><ul>${others.map((link) => item(`/${slug(link.label)}`, link.label)).join("")}${unlisted.map((screen) => item(`/screen/${screen}`, screen)).join("")}</ul>
<h2>Public pages</h2><ul>${PUBLIC_PAGES.map((page) => item(options.storefront + page.path, page.label)).join("")}</ul>${
        options.console
          ? `<h2>Operator console</h2><p>Each link signs a demo operator in through the local Cloudflare Access stand-in.</p><ul>${Object.entries(DEMO_OPERATORS)
              .map(([role, { email, name }]) => item(`/console/${role}`, `${role}: ${name}, ${email}`))
              .join("")}</ul>`
          : ""
      }${
        options.receiver
          ? `<h2>Integration events</h2><ul>${item(`${options.receiver}/events`, "What the demo receiver got from the cloud-api, each signature verified")}</ul>`
          : ""
      }`);
      return;
    }
    const operator = path.startsWith("console/") ? (path.slice("console/".length) as OperatorRole) : null;
    if (operator !== null && options.console && operator in DEMO_OPERATORS) {
      response.writeHead(302, { location: signInLink(options.console, DEMO_OPERATORS[operator].email) });
      response.end();
      return;
    }
    const link = linkFor(path);
    if (!link) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end(`No screen "${path}"; the list is at /`);
      return;
    }
    demoBuyer(options.api, options.storefront, options.vars).then(
      async (buyer) => {
        await prepare(link, buyer.tokens.accessToken);
        response.writeHead(302, { location: buyer.link(link) });
        response.end();
      },
      (error: unknown) => {
        response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        response.end(`The local cloud-api did not sign the demo buyer in: ${String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
