import { expect, type Page, test } from "@playwright/test";

/** Sends this Accept-Language with every request of the page (the browser would otherwise send its own). */
async function acceptLanguage(page: Page, header: string) {
  await page.route("**/*", (route) => route.continue({ headers: { ...route.request().headers(), "accept-language": header } }));
}

/**
 * A browser's Accept-Language picks the language of a page opened without one: its most preferred
 * locale by q-value, when it is one of ours; otherwise English (docs/decisions/020, 062).
 */
test.describe("language from the browser", () => {
  for (const [header, language, heading] of [
    ["fr;q=0.1, de;q=0.9", "de", "Über CamCloud"],
    ["ja-JP, en;q=0.5", "ja", "CamCloud について"],
    ["pt-BR, ja;q=0.5", "en", "About CamCloud"],
    ["fr-CA, en;q=0.8", "fr", "À propos de CamCloud"],
    ["pt-BR", "en", "About CamCloud"],
  ] as const) {
    test(`Accept-Language "${header}" renders ${language} @no-js`, async ({ page }) => {
      await acceptLanguage(page, header);
      await page.goto("/about");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }

  test("the language in the address wins over the browser's @no-js", async ({ page }) => {
    await acceptLanguage(page, "de");
    await page.goto("/about?language=ja");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("CamCloud について");
  });
});
