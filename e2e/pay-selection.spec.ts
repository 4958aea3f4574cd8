import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

/**
 * An outside buyer on a slow network tapped a package and then Pay before the package had loaded, and the chooser
 * offered the package selected before it: Pay must charge for the package the buyer chose.
 */
test("Pay tapped while a package is still loading opens the chooser for that package", async ({ page }) => {
  await page.goto(await launchLink(DEMO_DEVICES.simSpare));
  const chosen = page.getByRole("link", { name: /5 GB for 7 days/ });
  await expect(chosen).not.toHaveAttribute("aria-current", "true");
  // The selection's data arrives a second and a half after the tap.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await chosen.click();
  // It shows selected at once, while its data is on the way.
  await expect(chosen).toHaveAttribute("aria-current", "true", { timeout: 500 });
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
  // The 5 GB package costs ¥9.90; the one selected before it (10 GB) costs ¥29.90 before the buyer's coupon.
  await expect(chooser.getByText("¥9.90").first()).toBeVisible();
  await expect(chooser).not.toContainText("¥29.90");
  await expect(chosen).toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL(/[?&]package=5(&|$)/);
  // Closing the chooser keeps the package chosen.
  await chooser.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/buy\?package=5$/);
  await expect(chosen).toHaveAttribute("aria-current", "true");
});

/**
 * What the payment bar does once Pay is tapped (the chooser, the confirm and what follows it) is not in a purchase
 * screen's first-load JS: it is fetched as the screen hydrates (docs/decisions/065-a). A buyer who taps Pay before
 * it has arrived still gets the chooser.
 */
test("Pay tapped before the chooser's code has arrived opens the chooser once it has", async ({ page }) => {
  let requested!: () => void;
  const chooserRequested = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/payment-chooser-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  await page.goto(await launchLink(DEMO_DEVICES.simSpare), { waitUntil: "domcontentloaded" });
  // The screen is hydrating and the chooser's code is on its way, held back until after the tap.
  await chooserRequested;
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/[?&]pay=1(&|$)/);
  release();
  const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
  await expect(chooser.getByRole("button", { name: "Alipay" })).toBeVisible();
  // Back closes it, as a chooser opened with its code already there.
  await page.goBack();
  await expect(chooser).toHaveCount(0);
  await expect(page).toHaveURL(/\/buy$/);
});

/**
 * An outside buyer tapped a package on a slow network and the payment bar went on showing the amount and the
 * period of the package selected before it, under the new one shown selected: while the tapped package loads the
 * bar shows neither, only that its total is on the way, and then the tapped package's own.
 */
for (const width of [320, 390]) {
  for (const [language, updating] of [["en", "Updating…"], ["de", "Aktualisierung…"]] as const) {
    test(`while a tapped package loads the bar shows no other package's amount or period, at ${width} px in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(await launchLink(DEMO_DEVICES.simSpare, { language }));
      const bar = page.locator("#pay-button").locator("..");
      const before = { total: await bar.locator("[aria-live]").innerText(), preview: await bar.locator("p > span").last().innerText() };
      expect(before.preview).toMatch(/\d{4}-\d{2}-\d{2}/);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.data(\?|$)/, async (route) => {
        await released;
        await route.continue();
      });
      const href = await page.locator("#packages-heading ~ ul a:not([aria-current])").first().getAttribute("href");
      const tapped = page.locator(`#packages-heading ~ ul a[href="${href}"]`);
      await tapped.click();
      await expect(tapped).toHaveAttribute("aria-current", "true");
      await expect(bar).toContainText(updating);
      // What the buyer sees: the previous period keeps its place in the bar, hidden.
      await expect(bar).not.toContainText(before.total, { useInnerText: true });
      await expect(bar).not.toContainText(before.preview, { useInnerText: true });
      release();
      await expect(bar).not.toContainText(updating);
      await expect(bar).not.toContainText(before.preview);
      // Then it shows what the tapped package's own screen shows.
      const after = await bar.innerText();
      await page.unrouteAll();
      await page.reload();
      await expect(tapped).toHaveAttribute("aria-current", "true");
      expect(await bar.innerText()).toBe(after);
    });
  }
}
