import { expect, test, type Page } from "@playwright/test";
import { DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { E2E } from "./ports.ts";
import { launchLink } from "./launch.ts";
import { emulateSafeArea } from "./webview.ts";

/**
 * What a companion app's webview needs beyond a phone browser (issue 17): the back button closes sheets,
 * no JS dialogs, the safe areas, working buttons only, and per-toast timers. Taps are touch events
 * (the phone projects have touch), and back is the browser's own history, as Android's back button is.
 */

const chooserOf = (page: Page) => page.getByRole("dialog", { name: "Choose a payment method" });

test.describe("the back button closes what is open, and the address agrees", () => {
  test("the payment chooser and its PayPal and card sub-views close one by one, then back leaves nothing open", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US" }));
    const heading = page.getByRole("heading", { name: "4G data top-up", exact: true });
    await page.getByRole("link", { name: "Pay", exact: true }).tap();
    const chooser = chooserOf(page);
    await expect(chooser).toBeVisible();
    await expect(page).toHaveURL(/[?&]pay=1/);

    await chooser.getByRole("button", { name: "PayPal" }).tap();
    await expect(chooser.getByRole("button", { name: "Back" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]pay=paypal/);
    await page.goBack();
    await expect(chooser.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expect(chooser.getByRole("button", { name: "Credit or debit card" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]pay=1/);

    await chooser.getByRole("button", { name: "Credit or debit card" }).tap();
    await expect(page).toHaveURL(/[?&]pay=card/);
    // The sub-view's own Back is the same step back.
    await chooser.getByRole("button", { name: "Back" }).tap();
    await expect(page).toHaveURL(/[?&]pay=1/);

    await page.goBack();
    await expect(chooser).toBeHidden();
    await expect(page).not.toHaveURL(/pay=/);
    await expect(heading).toBeAttached();

    // Close is a step back too: the sheet leaves no entry behind to come back to.
    await page.getByRole("link", { name: "Pay", exact: true }).tap();
    await chooser.getByRole("button", { name: "PayPal" }).tap();
    await chooser.getByRole("link", { name: "Close" }).tap();
    await expect(chooser).toBeHidden();
    await expect(page).not.toHaveURL(/pay=/);
    await page.goForward();
    await expect(chooser).toBeVisible();
  });

  test("the card sub-view's Back stays where it is while the card form loads, so a tap on it lands", async ({ page }) => {
    // The card checkout's script arrives late, as on a slow network: the form appears under a waiting buyer.
    await page.route("**/sandbox/stripe/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US" }));
    await page.getByRole("link", { name: "Pay", exact: true }).tap();
    const chooser = chooserOf(page);
    await chooser.getByRole("button", { name: "Credit or debit card" }).tap();
    const back = chooser.getByRole("button", { name: "Back" });
    await expect(back).toBeVisible();
    const whileLoading = await back.boundingBox();
    await expect(chooser.locator("[aria-busy]")).toBeAttached();
    await page.waitForTimeout(2500);
    expect(await back.boundingBox()).toEqual(whileLoading);
    await back.tap();
    await expect(page).toHaveURL(/[?&]pay=1/);
  });

  test("a chooser the page was loaded with (a reload) also closes on back, staying on the screen", async ({ page }) => {
    // The server-rendered chooser is visible before the page has given it its history entry: back (or a
    // reload) before that leaves the page or loads it afresh, as it would for a buyer within the first moment.
    const hasItsEntry = () => page.waitForFunction(() => (window.history.state as { usr?: { sheetDepth?: number } } | null)?.usr?.sheetDepth === 1);
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { query: { pay: "1" } }));
    await expect(chooserOf(page)).toBeVisible();
    await hasItsEntry();
    await page.reload();
    await expect(chooserOf(page)).toBeVisible();
    await hasItsEntry();
    await page.goBack();
    await expect(chooserOf(page)).toBeHidden();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/mobile-data\/buy$/);
    await expect(page.getByRole("link", { name: "Pay", exact: true })).toBeVisible();
  });

  test("the device pickers close on back", async ({ page }) => {
    await page.goto(await launchLink("", { screen: "cloud/storage-card/refund" }));
    await page.getByRole("link", { name: "Choose a device" }).tap();
    const picker = page.getByRole("dialog", { name: "Choose the device whose package is to be cancelled" });
    await expect(picker).toBeVisible();
    await expect(page).toHaveURL(/[?&]picker=1/);
    await page.goBack();
    await expect(picker).toBeHidden();
    await expect(page).not.toHaveURL(/picker=/);
    await expect(page.getByRole("heading", { name: "Cancel a cloud card package" })).toBeVisible();

    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/vip-package/buy", pageType: "vip_card_receive", codeId: DEMO_CARD_CODES.vipNew, serviceId: 501 }));
    await page.locator("#device-picker").tap();
    const vipPicker = page.getByRole("dialog", { name: "Choose the device to receive the VIP package" });
    await expect(vipPicker).toBeVisible();
    await page.goBack();
    await expect(vipPicker).toBeHidden();
    await expect(page).not.toHaveURL(/picker=/);
  });

  test("the card repay sheet of an order list closes on back", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/ai-srv-package/order/list" }));
    await page.getByRole("listitem").filter({ hasText: "DEMO6000005" }).getByRole("button", { name: "Repay" }).tap();
    const sheet = page.getByRole("dialog", { name: "Credit or debit card" });
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(/[?&]repay=DEMO6000005/);
    await page.goBack();
    await expect(sheet).toBeHidden();
    await expect(page).not.toHaveURL(/repay=/);
    await expect(page.getByRole("heading", { name: "AI service orders" })).toBeVisible();
  });
});

test.describe("cancelling an order asks in a sheet of the page, not a JS dialog", () => {
  test("Tips: a waiting order is cancelled only after the buyer confirms; back keeps it @no-js", async ({ page, javaScriptEnabled }) => {
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    // A fresh order waiting to pay, so that the run owns it: WeChat Pay's sandbox checkout left unpaid.
    await page.goto(await launchLink(DEMO_DEVICES.simSpare));
    await page.getByRole("link", { name: "Pay", exact: true }).click();
    await chooserOf(page).getByRole("button", { name: "WeChat Pay" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { screen: "cloud/mobile-data/order/list" }));
    const card = page.getByRole("listitem").filter({ hasText: "Waiting to pay" }).first();
    const orderId = (await card.locator("dd").first().innerText()).trim();

    const tips = page.getByRole("dialog", { name: "Tips" });
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await expect(tips).toBeVisible();
    await expect(tips.getByText("Are you sure you want to cancel this order?")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]cancel=${orderId}`));
    // Back (or "Keep the order") leaves the order as it was.
    await page.goBack();
    await expect(tips).toBeHidden();
    const again = page.getByRole("listitem").filter({ hasText: orderId });
    await expect(again).toContainText("Waiting to pay");

    await again.getByRole("button", { name: "Cancel Order" }).click();
    await tips.getByRole("link", { name: "Keep the order" }).click();
    await expect(tips).toBeHidden();
    await expect(again).toContainText("Waiting to pay");

    await again.getByRole("button", { name: "Cancel Order" }).click();
    await tips.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByText("cancel success")).toBeVisible();
    await expect(tips).toBeHidden();
    await expect(page).not.toHaveURL(/cancel=/);
    await expect(again).toContainText("Cancelled");
    await expect(again.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    expect(dialogs, "window.confirm or alert").toBe(0);
    if (javaScriptEnabled) {
      // The sheet's entry is gone: back leaves the list rather than reopening the question.
      await page.goBack();
      await expect(tips).toBeHidden();
    }
  });
});

test.describe("safe areas", () => {
  test("with a notch's insets, the banner, toasts and the progress bar sit below the top inset, and bars above the bottom one", async ({ page }) => {
    await emulateSafeArea(page, { top: 47, bottom: 34, left: 0, right: 0 });
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    const banner = page.getByText("SIM card is working normally");
    expect((await banner.boundingBox())?.y).toBeGreaterThanOrEqual(47);

    await page.getByRole("button", { name: "Copy Device ID" }).tap();
    const toast = page.getByRole("status").getByText("Copied");
    await expect(toast).toBeVisible();
    expect((await toast.boundingBox())?.y).toBeGreaterThanOrEqual(47);

    const viewport = page.viewportSize()!;
    const pay = await page.getByRole("link", { name: "Pay", exact: true }).boundingBox();
    expect(pay!.y + pay!.height).toBeLessThanOrEqual(viewport.height - 34);

    // The progress bar shows while the next screen loads: hold that load back to measure it.
    let release = () => {};
    await page.route("**/*.data*", async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await page.getByRole("link", { name: /30 GB for 90 days/ }).tap();
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())?.y).toBeGreaterThanOrEqual(47);
    release();
  });

  test("in landscape, content and the payment bar keep clear of the left and right insets", async ({ page }) => {
    await page.setViewportSize({ width: 844, height: 390 });
    await emulateSafeArea(page, { top: 0, bottom: 21, left: 47, right: 47 });
    await page.goto(await launchLink(DEMO_DEVICES.sim, { query: { pay: "1" } }));
    const inside = async (locator: ReturnType<Page["locator"]>) => {
      const box = (await locator.boundingBox())!;
      expect(box.x, await locator.innerText()).toBeGreaterThanOrEqual(47);
      expect(box.x + box.width).toBeLessThanOrEqual(844 - 47);
    };
    await inside(page.getByText("SIM card is working normally"));
    await inside(chooserOf(page).getByRole("button", { name: "WeChat Pay" }));
    await chooserOf(page).getByRole("link", { name: "Close" }).tap();
    await inside(page.getByRole("link", { name: "Pay", exact: true }));
    await inside(page.getByText("Total", { exact: true }));
  });
});

test.describe("the error page", () => {
  test("offers the screen again and a way home in the store, whatever the history @no-js", async ({ page, javaScriptEnabled }) => {
    const response = await page.goto("/app-h5/cloud/no-such-screen");
    expect(response?.status()).toBe(404);
    const home = page.getByRole("link", { name: "Back to the store" });
    await expect(home).toHaveAttribute("href", "/app-h5");
    await home.click();
    await expect(page).toHaveURL(/\/app-h5\/no-login\/1$/);

    await page.goto("/no/such/page");
    await expect(page.getByRole("link", { name: "Back to the store" })).toHaveAttribute("href", "/");
    if (javaScriptEnabled) {
      // The first entry of a fresh webview: "Go back" has nowhere to go, so it goes home.
      const fresh = await page.context().newPage();
      await fresh.goto("/no/such/page");
      await fresh.getByRole("button", { name: "Go back" }).tap();
      await expect(fresh).toHaveURL(/\/$/);
      await expect(fresh.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
    }
  });
});

test.describe("copy buttons", () => {
  test("without JavaScript the ids are shown to select, and no button that cannot work @no-js", async ({ page, javaScriptEnabled }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await expect(page.getByText(DEMO_DEVICES.sim, { exact: true })).toBeVisible();
    await expect(page.getByText("89860012345678901234", { exact: true })).toBeVisible();
    const userSelect = await page.getByText("89860012345678901234", { exact: true }).evaluate((el) => getComputedStyle(el).userSelect);
    expect(userSelect).toBe("all");
    await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(javaScriptEnabled ? 2 : 0);
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Copy ICCID" }).tap();
      await expect(page.getByRole("status").getByText("Copied")).toBeVisible();
    }
  });
});

test.describe("toasts", () => {
  test("a long message wraps inside the screen and keeps its Dismiss button whole", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { language: "de" }));
    await page.getByRole("button", { name: /Geräte-ID/ }).tap();
    const toast = page.getByRole("status").locator("div").filter({ has: page.getByRole("button") }).first();
    await expect(toast).toBeVisible();
    // The layout is the stylesheet's: the longest messages (a refusal in German or Russian) are this long.
    await toast.locator("span").first().evaluate((span) => {
      span.textContent = "Die Zahlung konnte nicht abgeschlossen werden, weil der Zahlungsdienst gerade nicht erreichbar ist. Bitte versuchen Sie es später erneut.";
    });
    const dismiss = toast.getByRole("button");
    const viewport = page.viewportSize();
    const box = await dismiss.boundingBox();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    expect(await dismiss.evaluate((button) => button.scrollWidth <= button.clientWidth && button.getClientRects().length === 1)).toBe(true);
    const toastBox = await toast.boundingBox();
    expect(toastBox && viewport && toastBox.x >= 8 && toastBox.x + toastBox.width <= viewport.width - 8).toBe(true);
  });

  test("each toast keeps its own 3 s: a newer one does not restart the older one's timer", async ({ page }) => {
    await page.clock.install();
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    const toasts = page.getByRole("status").getByText("Copied");
    await page.getByRole("button", { name: "Copy Device ID" }).tap();
    await expect(toasts).toHaveCount(1);
    await page.clock.runFor(2_000);
    await page.getByRole("button", { name: "Copy ICCID" }).tap();
    await expect(toasts).toHaveCount(2);
    await page.clock.runFor(1_100);
    await expect(toasts).toHaveCount(1);
    await page.clock.runFor(2_000);
    await expect(toasts).toHaveCount(0);
  });
});

/**
 * An outside buyer's connection dropped after a page had loaded, and a toast then sat as bare text at the top of
 * the screen for good: no code a toast needs may arrive only after the page.
 */
for (const width of [320, 390]) {
  test(`with every script the page did not name refused after it loads, a toast is still a styled one that goes, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.clock.install();
    let named!: (scripts: string) => void;
    const documentScripts = new Promise<string>((resolve) => (named = resolve));
    page.on("response", (response) => {
      if (response.request().isNavigationRequest() && response.status() === 200) void response.text().then(named);
    });
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const script = new URL(route.request().url()).pathname;
      if ((await documentScripts).includes(script)) await route.continue();
      else await route.abort("internetdisconnected");
    });
    // The card refund screen: its copy button and its toasts load nothing after the page.
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/storage-card/refund" }));
    await page.getByRole("button", { name: "Copy Device ID" }).tap();
    const toast = page.getByRole("status").locator("div").filter({ hasText: "Copied" });
    await expect(toast).toBeVisible();
    // A box of its own colour, not bare text over the screen.
    expect(await toast.evaluate((box) => getComputedStyle(box).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await expect(toast.getByRole("button", { name: "Dismiss" })).toBeVisible();
    await page.clock.runFor(3_100);
    await expect(page.getByRole("status").getByText("Copied")).toHaveCount(0);
    // The page goes on working: the next tap shows the next toast, which its button dismisses.
    await page.getByRole("button", { name: "Copy Device ID" }).tap();
    await toast.getByRole("button", { name: "Dismiss" }).tap();
    await expect(page.getByRole("status").getByText("Copied")).toHaveCount(0);
  });
}

// What a browser may keep of a public page is e2e/public-pages.spec.ts's (docs/decisions/063).
test.describe("public pages answer in the browser's language; app screens are never stored", () => {
  test("a public page follows Accept-Language; an app screen is no-store", async ({ request, playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: E2E.storefront });
    const [german, french] = await Promise.all(["de", "fr"].map((language) => anonymous.get("/about", { headers: { "Accept-Language": language } })));
    expect(await german!.text()).toContain('lang="de"');
    expect(await french!.text()).toContain('lang="fr"');
    await anonymous.dispose();

    const screen = await request.get("/app-h5/no-login/1");
    expect(screen.headers()["cache-control"]).toBe("no-store");
  });
});
