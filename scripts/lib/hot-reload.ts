import type { Page } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { slug } from "./launcher.ts";
import { ROOT } from "./project.ts";
import { SCREEN_LINKS } from "./screens.ts";

const FILE = `${ROOT}app/components/purchase/service-header.tsx`;
const BEFORE = `title={t("service.introTitle")}`;
const AFTER = "title={`${t(\"service.introTitle\")} (edited live)`}";

/**
 * npm run dev's hot reload, proved on `page`: opens the 4G top-up screen through the launcher at `launcherUrl`, marks the
 * page, edits a component's heading, and checks that the open page shows the edit while the mark survives (no reload).
 * The file is restored whatever happens. Returns the edited heading's text.
 */
export async function proveHotReload(page: Page, launcherUrl: string): Promise<string> {
  const original = readFileSync(FILE, "utf8");
  if (!original.includes(BEFORE)) throw new Error(`${FILE} no longer renders ${BEFORE}; point this check at another component`);
  const link = SCREEN_LINKS.find((candidate) => candidate.screen === "cloud/mobile-data/buy");
  await page.goto(`${launcherUrl}/${slug(link?.label ?? "")}`);
  const heading = page.locator("#intro-heading");
  await heading.waitFor();
  await page.evaluate(() => Object.assign(window, { hotReloadMark: "still here" }));
  try {
    writeFileSync(FILE, original.replace(BEFORE, AFTER));
    await page.waitForFunction(() => document.querySelector("#intro-heading")?.textContent?.includes("(edited live)"), null, { timeout: 20_000 });
  } finally {
    writeFileSync(FILE, original);
  }
  const mark = await page.evaluate(() => (window as unknown as { hotReloadMark?: string }).hotReloadMark);
  if (mark !== "still here") throw new Error("the page reloaded instead of updating in place");
  return (await heading.textContent()) ?? "";
}
