/**
 * npm run screenshots: every launch link of `npm start`, in English, Chinese and Arabic, at iPhone 13
 * size, as PNGs in screenshots/ (not committed). The way to look at what a change did to each screen.
 */
import { chromium, devices } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { demoBuyer } from "./lib/launch-link.ts";
import { run } from "./lib/process.ts";
import { devVars, ROOT } from "./lib/project.ts";
import { SCREEN_LINKS } from "./lib/screens.ts";
import { serveFreshDemo } from "./lib/servers.ts";

const ports = { storefrontPort: 8767, apiPort: 8768 };
const vars = devVars();
await run(`${ROOT}node_modules/.bin/react-router`, ["build"], { cwd: ROOT });
const servers = await serveFreshDemo({ stateDir: ".wrangler/screenshots-state", ...ports, quiet: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  mkdirSync(`${ROOT}screenshots`, { recursive: true });
  const buyer = await demoBuyer(`http://127.0.0.1:${ports.apiPort}`, `http://127.0.0.1:${ports.storefrontPort}`, vars);
  for (const link of SCREEN_LINKS) {
    for (const language of ["en", "zh", "ar"]) {
      const context = await browser.newContext({ ...devices["iPhone 13"] });
      const page = await context.newPage();
      await page.goto(buyer.link({ ...link, language }));
      await page.waitForLoadState("networkidle");
      const name = link.label.replace(/\W+/g, "-").replace(/^-|-$/g, "").toLowerCase();
      const file = `${ROOT}screenshots/${name}-${language}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  servers.stop();
}
