/**
 * npm run screenshots: every launch link of `npm start`, in English, Chinese and Arabic, at iPhone 13
 * size, as PNGs in screenshots/ (not committed). The way to look at what a change did to each screen.
 * `npm run screenshots -- refund receipt` takes only the screens whose label contains "refund" or "receipt";
 * `--dark` takes them in the dark colour scheme, `--languages=en,de` in other languages than English, Chinese and Arabic.
 */
import { chromium, devices } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { CHROMIUM_ARGS, testBrowserPath } from "./lib/browser.ts";
import { demoBuyer } from "./lib/launch-link.ts";
import { run } from "./lib/process.ts";
import { devVars, ROOT } from "./lib/project.ts";
import { PUBLIC_PAGES, SCREEN_LINKS } from "./lib/screens.ts";
import { serveFreshDemo } from "./lib/servers.ts";

// PORT_OFFSET shifts the ports, as for the e2e servers, so that two checkouts can take screenshots at once.
const offset = Number(process.env.PORT_OFFSET ?? 0);
const ports = { storefrontPort: 8767 + offset, apiPort: 8768 + offset };
const colorScheme = process.argv.includes("--dark") ? "dark" : "light";
const vars = devVars();
await run(process.execPath, ["scripts/ensure-chromium.ts"], { cwd: ROOT });
await run(`${ROOT}node_modules/.bin/react-router`, ["build"], { cwd: ROOT });
const servers = await serveFreshDemo({ stateDir: ".wrangler/screenshots-state", ...ports, quiet: true });
const browser = await chromium.launch({
  executablePath: testBrowserPath(),
  args: CHROMIUM_ARGS,
});
try {
  mkdirSync(`${ROOT}screenshots`, { recursive: true });
  const buyer = await demoBuyer(`http://127.0.0.1:${ports.apiPort}`, `http://127.0.0.1:${ports.storefrontPort}`, vars);
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--")).map((arg) => arg.toLowerCase());
  const languages = process.argv.find((arg) => arg.startsWith("--languages="))?.slice("--languages=".length).split(",") ?? ["en", "zh", "ar"];
  const storefront = `http://127.0.0.1:${ports.storefrontPort}`;
  const screens = [
    ...SCREEN_LINKS.map((link) => ({ label: link.label, url: (language: string) => buyer.link({ ...link, language }) })),
    ...PUBLIC_PAGES.map((page) => ({
      label: page.label,
      url: (language: string) => `${storefront}${page.path}${page.path.includes("?") ? "&" : "?"}language=${language}`,
    })),
  ].filter((screen) => only.length === 0 || only.some((words) => screen.label.toLowerCase().includes(words)));
  for (const screen of screens) {
    for (const language of languages) {
      const context = await browser.newContext({ ...devices["iPhone 13"], colorScheme });
      const page = await context.newPage();
      await page.goto(screen.url(language));
      await page.waitForLoadState("networkidle");
      const name = screen.label.replace(/\W+/g, "-").replace(/^-|-$/g, "").toLowerCase();
      const file = `${ROOT}screenshots/${name}-${language}${colorScheme === "dark" ? "-dark" : ""}.png`;
      await page.screenshot({ path: file, fullPage: process.argv.includes("--full") });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  servers.stop();
}
