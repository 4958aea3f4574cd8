import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES, SCREEN_LINKS } from "#scripts/lib/screens.ts";
import { launchLink } from "./launch.ts";

/** Every screen `npm start` links to, the public pages, the no-login pages and the open sheets. */
const SCREENS: { label: string; url: () => Promise<string> }[] = [
  ...SCREEN_LINKS.map(({ label, deviceId, ...link }) => ({ label, url: () => launchLink(deviceId, link) })),
  ...PUBLIC_PAGES.filter((page) => !page.path.includes("privacy")).map((page) => ({ label: page.label, url: async () => page.path })),
  { label: "No access (no token)", url: async () => "/app-h5/no-login/1" },
  { label: "No access (bad link)", url: async () => "/app-h5/no-login/2?reason=bad_json" },
  { label: "Cloud card refund, device picker open", url: () => launchLink("", { screen: "cloud/storage-card/refund", query: { picker: "1" } }) },
];

/** axe-core with the WCAG 2.1 A and AA rules: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** Tab from the top of the page: every visible control must take focus, in a loop that ends. */
async function expectEveryControlReachable(page: Page) {
  const controls = await page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden" && !el.closest("[inert]");
    };
    // With a modal sheet open the page behind it is inert: only the sheet's controls count.
    const scope = document.querySelector("dialog:modal, [role=dialog][aria-modal=true]") ?? document;
    const all = Array.from(scope.querySelectorAll("a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, [tabindex]"));
    return all.filter(visible).map((el, index) => {
      el.setAttribute("data-a11y-control", String(index));
      return { index, tabindex: el.getAttribute("tabindex") };
    });
  });
  const reachable = controls.filter((c) => c.tabindex !== "-1");
  const seen = new Set<string>();
  for (let i = 0; i < reachable.length + 10 && seen.size < reachable.length; i++) {
    await page.keyboard.press("Tab");
    const id = await page.evaluate(() => document.activeElement?.getAttribute("data-a11y-control") ?? null);
    if (id !== null) seen.add(id);
  }
  const missed = reachable.filter((c) => !seen.has(String(c.index)));
  const html = await Promise.all(missed.map((c) => page.locator(`[data-a11y-control="${c.index}"]`).evaluate((el) => el.outerHTML.slice(0, 160))));
  expect(html, "controls that Tab never reaches").toEqual([]);
}

test.describe("accessibility", () => {
  for (const screen of SCREENS) {
    test(`${screen.label}: axe finds nothing serious, every control is named and reachable by keyboard`, async ({ page }) => {
      await page.goto(await screen.url());
      await page.waitForLoadState("networkidle");
      await expectNoSeriousViolations(page);
      await expectEveryControlReachable(page);
    });
  }

  test("the payment chooser keeps Tab inside and gives focus back to Pay when it closes", async ({ page }) => {
    await page.goto(await launchLink("SIM-DEMO-001", { screen: "cloud/mobile-data/buy" }));
    const pay = page.getByRole("link", { name: "Pay", exact: true });
    await pay.click();
    const sheet = page.getByRole("dialog", { name: "Choose a payment method" });
    await expect(sheet).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(pay).toBeFocused();
  });

  for (const language of ["zh", "ar"]) {
    test(`the order list and the refund screen in ${language}: axe finds nothing serious`, async ({ page }) => {
      for (const screen of ["cloud/vip-package/order/list", "cloud/storage-card/refund"]) {
        await page.goto(await launchLink("CAM-DEMO-001", { screen, language }));
        await expectNoSeriousViolations(page);
      }
    });
  }
});
