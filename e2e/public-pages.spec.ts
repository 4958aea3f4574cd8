import { expect, test } from "@playwright/test";

test.describe("public pages", () => {
  test("the home page stacks 14 sized images, lazy below the first, with the footer @no-js", async ({ page }) => {
    await page.goto("/?language=en");
    await expect(page).toHaveTitle("CamCloud: cloud services for your cameras");
    const images = page.locator("main img");
    await expect(images).toHaveCount(14);
    await expect(images.first()).toHaveAttribute("loading", "eager");
    for (let i = 1; i < 14; i++) await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
    for (let i = 0; i < 14; i++) {
      await expect(images.nth(i)).toHaveAttribute("width", "750");
      await expect(images.nth(i)).toHaveAttribute("height", "500");
    }
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Company registration No.")).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getUTCFullYear()} CamCloud`);
    await footer.getByRole("link", { name: "About us" }).click();
    await expect(page.getByRole("heading", { name: "About CamCloud" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("heading", { name: "Data protection notice" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  });

  test("every home image is served, light @no-js", async ({ request }) => {
    for (let i = 1; i <= 14; i++) {
      const response = await request.get(`/home/${String(i).padStart(2, "0")}.svg`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("image/svg+xml");
      expect((await response.body()).byteLength).toBeLessThanOrEqual(3_072);
    }
  });

  test("each public page may be kept by the browser only, per language; the home images for a week @no-js", async ({ request }) => {
    // No edge cache runs in front of the storefront and every page carries its own CSP nonce (docs/decisions/063).
    for (const path of ["/", "/about", "/protocol/data-protection", "/protocol/storage-agreement", "/app", "/app/viseecam/download", "/app/viseecam/user/privacy"]) {
      const response = await request.get(path, { headers: { "accept-language": "de" } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, max-age=300");
      expect(response.headers()["vary"], path).toMatch(/^Accept-Language, Cookie/);
      expect(response.headers()["content-security-policy"], path).toMatch(/'nonce-[^']+'/);
    }
    expect((await request.get("/app")).headers()["vary"]).toBe("Accept-Language, Cookie, User-Agent");
    const withCookie = await request.get("/about", { headers: { cookie: "tz=Europe%2FBerlin" } });
    expect(withCookie.headers()["cache-control"]).toBe("private, no-cache");
    const image = await request.get("/home/01.svg");
    expect(image.headers()["cache-control"]).toBe("public, max-age=604800");
  });

  test("the public pages follow the language: Chinese and Arabic @no-js", async ({ page }) => {
    await page.goto("/about?language=zh");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("About CamCloud");
    await page.goto("/protocol/data-protection?language=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Data protection notice");
  });

  test("the app download pages: Chinese and English titles, a store per phone, the default-browser tip", async ({ browser }) => {
    const android = await browser.newContext({ userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36" });
    const androidPage = await android.newPage();
    await androidPage.goto("/app?language=en");
    await expect(androidPage).toHaveTitle("APP下载");
    await expect(androidPage.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute("href", /play\.google\.com/);
    await expect(androidPage.getByText("open this page in your phone's default browser")).toBeVisible();
    await android.close();

    const iphone = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" });
    const iphonePage = await iphone.newPage();
    await iphonePage.goto("/app/viseecam/download?language=en");
    await expect(iphonePage).toHaveTitle("App download");
    await expect(iphonePage.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute("href", /apps\.apple\.com/);
    await iphone.close();

    const desktop = await browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36" });
    const desktopPage = await desktop.newPage();
    await desktopPage.goto("/app/viseecam/download?language=en");
    let alerted = "";
    desktopPage.once("dialog", (dialog) => {
      alerted = dialog.message();
      void dialog.accept();
    });
    await desktopPage.getByRole("link", { name: "Download" }).click();
    await expect.poll(() => alerted).toBe("We could not recognise your device. Please search for the app in your phone's app store.");
    await expect(desktopPage).toHaveURL(/download\?language=en$/);
    await desktop.close();
  });

  test("an unrecognised device is told to search a store without JavaScript too @no-js", async ({ browser, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the alert is covered above");
    const desktop = await browser.newContext({ javaScriptEnabled: false, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0" });
    const page = await desktop.newPage();
    await page.goto("/app?language=en");
    await page.getByRole("link", { name: "Download" }).click();
    await expect(page.getByRole("alert")).toHaveText("We could not recognise your device. Please search for the app in your phone's app store.");
    await desktop.close();
  });

  test("the privacy redirect opens the notice in the buyer's language (default en), titles the page and goes on @no-js", async ({ page, request }) => {
    // No brand policy is configured here: the built-in notice exists in all ten languages.
    for (const [language, expected] of [["ja", "ja"], ["zh", "zh"], ["en", "en"], ["fr", "fr"], ["xx", "en"], ["", "en"]] as const) {
      const html = await (await request.get(`/app/viseecam/user/privacy?language=${language}`)).text();
      expect(html).toContain(`url=/protocol/data-protection?language=${expected}`);
    }
    await page.goto("/app/viseecam/user/privacy?language=ja");
    await expect(page).toHaveURL(/\/protocol\/data-protection\?language=ja$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  });

  test("the cloud storage service agreement link opens an agreement, not the data protection notice @no-js", async ({ page }) => {
    await page.goto("/app/viseecam/user/privacy?language=de&doc=storageAgreement");
    await expect(page).toHaveURL(/\/protocol\/storage-agreement\?language=de$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vereinbarung zum Cloud-Speicherdienst");
    await expect(page.getByRole("heading", { name: "Erstattungen" })).toBeVisible();
  });

  test("/app-h5 goes to the cloud storage purchase screen @no-js", async ({ page }) => {
    await page.goto("/app-h5");
    await expect(page).toHaveURL(/\/app-h5\/(cloud\/storage\/buy|no-login\/1)/);
  });
});
