/**
 * Proves npm run dev's hot reload (`npm run check:hot-reload` beside `npm run dev`): lib/hot-reload.ts edits a component's
 * heading under an open page of the 4G top-up screen and checks that the page shows the edit without a reload.
 */
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "./lib/browser.ts";
import { proveHotReload } from "./lib/hot-reload.ts";
import { LAUNCHER_PORT, ROOT } from "./lib/project.ts";

const browser = await chromium.launch({ executablePath: testBrowserPath(), args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ ...devices["iPhone 13"] })).newPage();
  const heading = await proveHotReload(page, `http://127.0.0.1:${LAUNCHER_PORT}`);
  await page.locator("#intro-heading").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ROOT}.wrangler/hot-reload.png` });
  console.log(`✔ the open page shows the edit without a reload: "${heading}" (screenshot .wrangler/hot-reload.png)`);
} finally {
  await browser.close();
}
