/**
 * Proves npm run dev's hot reload (`npm run check:hot-reload` beside `npm run dev`): opens the 4G top-up screen through the
 * launcher, marks the page, edits a component's heading, and checks that the open page shows the edit
 * while the mark survives (no reload). The file is restored whatever happens.
 */
import { chromium, devices } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, testBrowserPath } from "./lib/browser.ts";
import { slug } from "./lib/launcher.ts";
import { LAUNCHER_PORT, ROOT } from "./lib/project.ts";
import { SCREEN_LINKS } from "./lib/screens.ts";

const FILE = `${ROOT}app/components/purchase/service-header.tsx`;
const BEFORE = `title={t("service.introTitle")}`;
const AFTER = "title={`${t(\"service.introTitle\")} (edited live)`}";
const original = readFileSync(FILE, "utf8");
if (!original.includes(BEFORE)) throw new Error(`${FILE} no longer renders ${BEFORE}; point this check at another component`);

const browser = await chromium.launch({ executablePath: testBrowserPath(), args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ ...devices["iPhone 13"] })).newPage();
  const link = SCREEN_LINKS.find((candidate) => candidate.screen === "cloud/mobile-data/buy");
  await page.goto(`http://127.0.0.1:${LAUNCHER_PORT}/${slug(link?.label ?? "")}`);
  const heading = page.locator("#intro-heading");
  await heading.waitFor();
  await page.evaluate(() => Object.assign(window, { hotReloadMark: "still here" }));
  writeFileSync(FILE, original.replace(BEFORE, AFTER));
  await page.waitForFunction(() => document.querySelector("#intro-heading")?.textContent?.includes("(edited live)"), null, { timeout: 20_000 });
  const mark = await page.evaluate(() => (window as unknown as { hotReloadMark?: string }).hotReloadMark);
  if (mark !== "still here") throw new Error("the page reloaded instead of updating in place");
  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ROOT}.wrangler/hot-reload.png` });
  console.log(`✔ the open page shows the edit without a reload: "${await heading.textContent()}" (screenshot .wrangler/hot-reload.png)`);
} finally {
  writeFileSync(FILE, original);
  await browser.close();
}
