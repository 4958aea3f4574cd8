import { expect, test, type Page } from "@playwright/test";
import { SCREEN_LINKS, type ScreenLink } from "#scripts/lib/screens.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/**
 * docs/decisions/061: the embedded cloud-api takes batches, so each screen's calls go as one request; a brand's
 * upstream without the batch gets them one by one. The e2e storefront honours the fault cookie's "no-batch"
 * (app/.server/upstream/faults.ts), which makes this browser's upstream one without it: every screen must read
 * the same either way.
 */
const FAULT_COOKIE = "camcloud-fault";

/** Every screen that asks the upstream something, once (its first launch in SCREEN_LINKS); the VIP card refund asks nothing. */
const SCREENS: ScreenLink[] = SCREEN_LINKS.filter(
  (link, i) => SCREEN_LINKS.findIndex((l) => l.screen === link.screen) === i && link.screen.startsWith("cloud/") && link.screen !== "cloud/vip-package-card/refund",
);

const launch = ({ deviceId, screen, country, language, version, pageType, codeId, serviceId, query }: ScreenLink) =>
  launchLink(deviceId, { screen, country, language, version, pageType, codeId, serviceId, query });

async function screenText(page: Page, link: ScreenLink, batch: boolean): Promise<string> {
  await page.context().clearCookies();
  if (!batch) await page.context().addCookies([{ name: FAULT_COOKIE, value: "no-batch", url: E2E.storefront }]);
  const response = await page.goto(await launch(link));
  expect(response?.status(), link.label).toBe(200);
  return page.locator("body").innerText();
}

test.describe("each screen with and without the upstream's batch", () => {
  // The document as the server rendered it: what the batch changes, without hydration's own timing.
  test.use({ javaScriptEnabled: false });

  for (const link of SCREENS) {
    test(`${link.label} reads the same`, async ({ page }) => {
      const batched = await screenText(page, link, true);
      const fannedOut = await screenText(page, link, false);
      expect(batched.length).toBeGreaterThan(0);
      expect(fannedOut).toBe(batched);
    });
  }
});
