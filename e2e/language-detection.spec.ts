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

/**
 * docs/decisions/062: a document names its language's bundle, a hashed static asset, instead of carrying it
 * in its loader data; the browser fetches it before hydrating, and again when a navigation changes language.
 */
test.describe("the language bundle", () => {
  test("is an asset of the document's language, not part of the document, and the page hydrates and navigates in its language", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const bundleResponse = page.waitForResponse((response) => /\/assets\/messages-de-[0-9a-f]+\.json$/.test(response.url()));
    const response = await page.goto("/?language=de");
    const html = await response!.text();
    const bundle = await (await bundleResponse).json();
    // A text of the bundle that the home page does not show is in the asset, not in the document.
    expect(bundle.noLogin.title).toBe("Kein Zugriff");
    expect(html).not.toContain("Kein Zugriff");
    expect(html).toMatch(/data-messages-href="\/assets\/messages-de-[0-9a-f]+\.json"/);
    expect((await request.get(`/?language=de`)).headers()["content-type"]).toContain("text/html");

    // Hydrated: the link is followed by the router, and the next page is in the language it is served in.
    await page.getByRole("link", { name: "Über uns" }).click();
    await expect(page).toHaveURL(/\/about$/);
    const language = await page.locator("html").getAttribute("lang");
    const heading = { en: "About CamCloud", de: "Über CamCloud" }[language as "en" | "de"];
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(errors).toEqual([]);
  });

  /**
   * A buyer's finding: a bundle that cannot be fetched (a dropped connection) turned a change of language into an
   * English error page. The next page is then loaded whole instead, and the server renders it in its language;
   * a page whose own bundle fails stays as the server rendered it, and works without JavaScript.
   */
  test("a change of language whose bundle cannot be fetched opens the next page in its language, not an error page", async ({ page }) => {
    await acceptLanguage(page, "ar");
    await page.route(/\/assets\/messages-ar-[0-9a-f]+\.json$/, (route) => route.abort("connectionreset"));
    await page.goto("/?language=de");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("link", { name: "Über uns" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("حول CamCloud");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  });

  test("a browser without JavaScript does not fetch the bundle, which only hydration reads; one with it does @no-js", async ({ page, javaScriptEnabled }) => {
    const bundles: string[] = [];
    page.on("request", (request) => /\/assets\/messages-de-[0-9a-f]+\.json$/.test(request.url()) && bundles.push(request.url()));
    await page.goto("/about?language=de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über CamCloud");
    await page.waitForLoadState("networkidle");
    expect(bundles.length > 0).toBe(javaScriptEnabled);
  });

  test("a page whose own bundle cannot be fetched stays in its language and its links still work", async ({ page }) => {
    await acceptLanguage(page, "de");
    await page.route(/\/assets\/messages-de-[0-9a-f]+\.json$/, (route) => route.abort("connectionreset"));
    await page.goto("/");
    await page.getByRole("link", { name: "Über uns" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über CamCloud");
  });
});
