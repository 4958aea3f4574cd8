import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { callCloudApi, demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink, rawLaunch } from "./launch.ts";
import { E2E } from "./ports.ts";

test.describe("4G top-up screen", () => {
  test("a launch link opens the screen from real data and drops the tokens from the URL @no-js", async ({ page, context }) => {
    const link = await launchLink(DEMO_DEVICES.sim);
    await page.goto(link);
    expect(page.url()).toMatch(/\/app-h5\/cloud\/mobile-data\/buy$/);
    await expect(page).toHaveTitle("4G data top-up");
    await expect(page.getByText("SIM card is working normally")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Backyard 4G" })).toBeVisible();
    await expect(page.getByText("SIM-DEMO-001")).toBeVisible();
    await expect(page.getByText("89860012345678901234")).toBeVisible();
    await expect(page.getByText("12.25 GB")).toBeVisible();

    const current = page.getByRole("region", { name: "Current package" });
    await expect(current.getByText("10 GB for 30 days")).toBeVisible();
    await expect(current.getByText("In use")).toBeVisible();
    await expect(current.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^(3[6-9]|4[0-4])$/);
    // Until the browser has named its zone (first page, or no JavaScript), a time says the zone it guessed.
    await expect(current.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(\+08:00\))?$/)).toHaveCount(2);

    // isGive packages are hidden; the rest sorted by displaySort.
    const packages = page.getByRole("region", { name: "Choose a package" }).getByRole("link");
    await expect(packages).toHaveText([/10 GB for 30 days/, /5 GB for 7 days/, /30 GB for 90 days/, /Unlimited data for a year/]);
    await expect(page.getByText("1 GB trial")).toHaveCount(0);

    // The best usable coupon is picked: ¥29.90 - ¥20.00.
    await expect(page.getByText("−¥20.00")).toBeVisible();
    await expect(page.getByText("¥9.90").last()).toBeVisible();

    const html = await page.content();
    expect(html).not.toContain(new URL(link).searchParams.get("params"));
    const cookies = await context.cookies();
    const sid = cookies.find((c) => c.name === "camcloud_sid");
    expect(sid).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(decodeURIComponent(sid?.value ?? "")).not.toMatch(/token|SIM-DEMO/i);
  });

  test("choosing another package changes the URL and the total @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await page.getByRole("link", { name: /30 GB for 90 days/ }).click();
    await expect(page).toHaveURL(/\?package=\d+$/);
    await expect(page.getByRole("link", { name: /30 GB for 90 days/ })).toHaveAttribute("aria-current", "true");
    // ¥79.00 with the ¥30.00 coupon, now usable.
    await expect(page.getByText("−¥30.00")).toBeVisible();
    await expect(page.getByText("¥49.00")).toBeVisible();
    await page.reload();
    await expect(page.getByText("¥49.00")).toBeVisible();
  });

  test("the screen's document carries what it shows, not the coupon selector's lists, which the selector's own does @no-js", async ({ page, request }) => {
    // The ¥10 coupon's condition is shown only in the selector (docs/decisions/062).
    const condition = "For orders of ¥50.00 or more";
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await expect(page.getByRole("link", { name: /10 GB for 30 days/ })).toHaveAttribute("aria-current", "true");
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect(await (await request.get(page.url(), { headers: { cookie } })).text()).not.toContain(condition);
    await page.goto("/app-h5/cloud/coupons?from=mobile_data_buy");
    await expect(page.getByText(condition)).toBeVisible();
  });

  test("junk package and coupon values in the URL fall back to the defaults @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    for (const query of ["?package=abc&coupon=%00", "?package=-1&coupon=1e9", "?package=99999999999999999999&coupon=none"]) {
      const response = await page.goto(`/app-h5/cloud/mobile-data/buy${query}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("link", { name: /10 GB for 30 days/ })).toHaveAttribute("aria-current", "true");
    }
    await expect(page.getByText("Not used")).toBeVisible();
    await expect(page.getByText("¥29.90").last()).toBeVisible();
  });

  test("an encrypted (version 2) link in Chinese @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { version: "2", language: "zh" }));
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page.getByText("SIM 卡状态正常")).toBeVisible();
    await expect(page.getByText("10GB 月包").first()).toBeVisible();
  });

  test("Arabic is laid out right to left, and the query overrides the payload's language and country @no-js", async ({ page }) => {
    await page.goto(`${await launchLink(DEMO_DEVICES.sim, { language: "en", country: "CN" })}&language=ar&countryCode=US`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByText("شريحة SIM تعمل بشكل طبيعي")).toBeVisible();
    // CLDR's Arabic writes the dollar after the amount, as "US$".
    await expect(page.getByText(/4\.99\s\u2066US\$\u2069/).first()).toBeVisible();
  });

  test("exhausted data, an unlimited package and a SIM exception each show their state @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.simExhausted));
    await expect(page.getByText("Your data is used up. Top up to keep the camera online.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Current package" }).getByText("Expired")).toBeVisible();

    await page.goto(await launchLink(DEMO_DEVICES.simUnlimited));
    await expect(page.getByRole("region", { name: "Current package" }).getByText("Unlimited", { exact: true })).toBeVisible();
    await expect(page.getByText("850 MB")).toBeVisible();

    await page.goto(await launchLink(DEMO_DEVICES.simException));
    await expect(page.getByRole("alert")).toHaveText("An error occurred while retrieving SIM card information. Please check the SIM card.");
    await expect(page.getByRole("region", { name: "Choose a package" })).toHaveCount(0);
    await expect(page.getByText("Total")).toHaveCount(0);
  });

  test("an invalid access token is refreshed without the buyer noticing @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { tokens: { accessToken: "expired-or-forged" } }));
    await expect(page.getByText("12.25 GB")).toBeVisible();
  });

  test("copy buttons copy and say so", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await page.getByRole("button", { name: "Copy ICCID" }).click();
    await expect(page.getByRole("status")).toContainText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("89860012345678901234");
  });
});

test.describe("launch errors", () => {
  test("a malformed launch link ends at no-login/2 with a clear message @no-js", async ({ page }) => {
    for (const [params, code] of [
      ["***not-base64***", "bad_base64"],
      [Buffer.from("{oops").toString("base64"), "bad_json"],
      [Buffer.from(JSON.stringify({ deviceId: 7 })).toString("base64"), "bad_fields"],
    ]) {
      const response = await page.goto(rawLaunch(params ?? ""));
      expect(response?.status()).toBe(200);
      expect(page.url()).toContain(`/app-h5/no-login/2?reason=${code}`);
      await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
      await expect(page.getByText(`The link that opened this page is damaged (${code}).`)).toBeVisible();
    }
    await page.goto(rawLaunch(Buffer.from("00112233445566778899aabbccddeeff:AAAAAAAAAAAAAAAAAAAAAA==").toString("base64"), "&version=2"));
    expect(page.url()).toContain("reason=bad_cipher");
  });

  test("a launch link that signs nobody in (damaged, or without tokens) signs the buyer out of nothing: any site can link to one @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await expect(page.getByRole("heading", { name: "4G data top-up", exact: true })).toBeVisible();
    await page.goto(rawLaunch("!"));
    expect(page.url()).toContain("/app-h5/no-login/2?reason=bad_base64");
    await page.goto(rawLaunch(Buffer.from("{}").toString("base64")));
    expect(page.url()).toMatch(/\/app-h5\/no-login\/1$/);
    await page.goto("/app-h5/cloud/mobile-data/buy");
    await expect(page.getByRole("heading", { name: "4G data top-up", exact: true })).toBeVisible();
    await expect(page.getByText("89860012345678901234")).toBeVisible();
  });

  test("another website cannot sign the buyer into someone else's account with a launch link @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await expect(page.getByText("89860012345678901234")).toBeVisible();
    // A page of another site links to a launch of another device (the attacker's own, in real life).
    const foreign = await launchLink(DEMO_DEVICES.simSpare);
    await page.route("http://other-site.example/", (route) => route.fulfill({ contentType: "text/html", body: `<a href="${foreign}">Free data</a>` }));
    await page.goto("http://other-site.example/");
    await page.getByRole("link", { name: "Free data" }).click();
    await expect(page).toHaveURL(/\/app-h5\/no-login\/2\?reason=other_site$/);
    await expect(page.getByText("This link was opened from another website, so it cannot sign you in. Open this page from the app.")).toBeVisible();
    await page.goto("/app-h5/cloud/mobile-data/buy");
    await expect(page.getByText("89860012345678901234")).toBeVisible();
  });

  test("no token goes to no-login/1; no ICCID for mobile data goes to no-login/2 @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { tokens: { accessToken: "" } }));
    expect(page.url()).toMatch(/\/app-h5\/no-login\/1$/);
    await expect(page.getByText("You are not signed in, or your sign-in has expired.")).toBeVisible();

    await page.goto(await launchLink(DEMO_DEVICES.camera));
    expect(page.url()).toMatch(/\/app-h5\/no-login\/2$/);
    await expect(page.getByText("The app did not say which device this page is for.")).toBeVisible();
  });

  test("a refused refresh ends at no-login/1 @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { tokens: { accessToken: "forged", refreshToken: "forged" } }));
    expect(page.url()).toMatch(/\/app-h5\/no-login\/1$/);
  });

  test("an unreachable upstream shows a clear message with a way to try again @no-js", async ({ page }) => {
    const link = await launchLink(DEMO_DEVICES.sim, { country: E2E.unreachableRegion.country });
    const response = await page.goto(link);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("The service is not responding. Check your connection and try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy");
    await expect(page.getByRole("button", { name: "Go back" })).toBeVisible();
  });

  test("a page outside the route table is a 404 with a way back @no-js", async ({ page }) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go back" })).toBeVisible();
  });

  test("times follow the device's own clock once the browser has named it; a guessed zone is labelled @no-js", async ({ browser, javaScriptEnabled }) => {
    // A buyer in Brazil on a US-region launch: the country's guess would be New York.
    const context = await browser.newContext({ ...test.info().project.use, timezoneId: "America/Sao_Paulo", javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(await launchLink(DEMO_DEVICES.sim, { country: "US" }));
    const current = page.getByRole("region", { name: "Current package" });
    if (javaScriptEnabled) {
      await page.reload();
      const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
      const period = await callCloudApi<{ endTime: number }>(E2E.api, devVars(), "/v1/cloud/package/current", { deviceId: DEMO_DEVICES.sim, type: 2 }, buyer.tokens.accessToken);
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
          .formatToParts(new Date(period.endTime * 1000))
          .map((part) => [part.type, part.value]),
      );
      await expect(current.getByText(`${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`, { exact: true })).toBeVisible();
    } else {
      // The guess: the network's zone when it is in the US (wrangler's stand-in network is in Texas), else New York.
      await expect(current.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(-0[4-6]:00\)$/)).toHaveCount(2);
    }
    await context.close();
  });
});
