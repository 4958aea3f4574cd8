import { expect, test } from "@playwright/test";
import { DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { foreignDeviceLaunchLink, launchLink } from "./launch.ts";

test.describe("VIP, AI and cloud storage purchase screens", () => {
  test("VIP: state, rights table, 'renew' for CN, packages and a WeChat purchase @no-js", async ({ page }) => {
    // Without a coupon, so that the demo coupons stay unused for the other journeys.
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/vip-package/buy", query: { coupon: "none" } }));
    await expect(page.getByRole("heading", { name: "VIP", level: 1 })).toBeVisible();
    await expect(page.getByText("In use", { exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("Event cloud storage");
    await expect(page.getByRole("link", { name: "Renew" })).toBeVisible();
    // A camera (device type 1) has three intro items; the 4G one is for SIM devices only.
    await expect(page.getByRole("region", { name: "What you get" }).getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("region", { name: "Choose a package" }).getByRole("link")).toHaveText([/VIP monthly/, /VIP yearly/]);
    await page.getByRole("link", { name: "Pay", exact: true }).click();
    await page.getByRole("dialog", { name: "Choose a payment method" }).getByRole("button", { name: "WeChat Pay" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "View my orders" })).toHaveAttribute("href", "/app-h5/cloud/vip-package/order/list");
  });

  test("VIP outside China: no 'open now', and a SIM device shows the fourth intro item @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/vip-package/buy", country: "US" }));
    await expect(page.getByText("Not opened")).toBeVisible();
    await expect(page.getByRole("link", { name: /Open now|Renew/ })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "What you get" }).getByRole("listitem")).toHaveCount(4);
  });

  test("VIP card: choose a device in the picker, receive for free, then the screen leaves receive mode @no-js", async ({ page, javaScriptEnabled }) => {
    // A card is received once: each run of this journey takes its own.
    const codeId = javaScriptEnabled ? DEMO_CARD_CODES.vipNew : DEMO_CARD_CODES.vipNewSpare;
    await page.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/buy", pageType: "vip_card_receive", codeId, serviceId: 502 }));
    // Only the card's own package: none of the priced ones it has nothing to do with.
    await expect(page.getByRole("region", { name: "Choose a package" }).getByRole("link")).toHaveText([/VIP card, 30 days/]);
    await expect(page.getByRole("link", { name: "Pay", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Garage" }).click();
    const picker = page.getByRole("dialog", { name: "Choose the device to receive the VIP package" });
    // The spare SIM, whose data the journeys may change: VIP brings a SIM device 20 GB a month (decision 050-c).
    await picker.getByRole("link", { name: /Shed 4G/ }).click();
    await expect(page.getByRole("link", { name: "Shed 4G" })).toBeVisible();
    await page.getByRole("button", { name: "Receive for free" }).click();
    await expect(page.getByText("The VIP package was received")).toBeVisible();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/vip-package\/buy$/, { timeout: 5_000 });
    await expect(page.getByRole("button", { name: "Receive for free" })).toHaveCount(0);
    // The screen now shows the device the card went to, not the one the app launched with.
    await expect(page.getByText("Shed 4G").first()).toBeVisible();
    await expect(page.getByText("Garage")).toHaveCount(0);
  });

  test("Super AI: header, two intro items, privacy link and the payment bar @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/ai-srv-package/buy" }));
    await expect(page.getByRole("heading", { name: "Super AI recognition" })).toBeVisible();
    await expect(page.getByText("Expired")).toBeVisible();
    await expect(page.getByRole("region", { name: "What you get" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/app/viseecam/user/privacy?language=en");
    await expect(page.getByRole("link", { name: "Pay", exact: true })).toBeVisible();
  });

  test("the coupon selector sends the buyer back to the AI screen on its tab, and to the VIP screen with no tab @no-js", async ({ page }) => {
    for (const [from, screen, tab] of [
      ["ai_srv_buy", "/app-h5/cloud/ai-srv-package/buy", "1"],
      ["vip_buy", "/app-h5/cloud/vip-package/buy", null],
    ] as const) {
      await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/coupons", query: { from } }));
      const back = new URL((await page.getByRole("link", { name: "Don't use a coupon" }).getAttribute("href")) ?? "", page.url());
      expect(back.pathname).toBe(screen);
      expect([back.searchParams.get("coupon"), back.searchParams.get("selectedId")]).toEqual(["none", tab]);
    }
  });

  test("cloud storage: tabs switch the packages; /app-h5 opens this page @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/storage/buy" }));
    await expect(page.getByRole("link", { name: "All-day recording", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Choose a package" }).getByRole("link")).toHaveText([/7-day loop/, /30-day loop/, /Fleet plan/]);
    await page.getByRole("link", { name: "Event recording", exact: true }).click();
    await expect(page.getByRole("region", { name: "Choose a package" }).getByRole("link")).toHaveText([/Event recording, 30 days/, /Event recording, a year/]);
    await page.goto("/app-h5");
    await expect(page).toHaveURL(/\/app-h5\/cloud\/storage\/buy$/);
  });

  test("a VIP state that cannot be read shows the spec's message, and the packages say why they are missing @no-js", async ({ page }) => {
    await page.goto(await foreignDeviceLaunchLink("CAM-OTHER-001", { screen: "cloud/vip-package/buy" }));
    await expect(page.getByRole("alert").filter({ hasText: "failed to get device VIP state" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Choose a package" }).getByRole("alert")).toHaveText("This device is not linked to your account.");
    await expect(page.getByRole("link", { name: "Pay", exact: true })).toHaveCount(0);
  });

  test("'Open now' / 'Renew' opens the chooser every time: open, close, open again", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/vip-package/buy" }));
    const open = page.getByRole("link", { name: /^(Renew|Open now)$/ });
    const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
    for (let round = 0; round < 3; round++) {
      await open.click();
      await expect(chooser).toBeVisible();
      await chooser.getByRole("link", { name: "Close" }).click();
      await expect(chooser).toBeHidden();
    }
  });
});
