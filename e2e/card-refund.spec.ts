import { expect, test } from "@playwright/test";
import { DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

const screen = "cloud/storage-card/refund";

test.describe("cloud storage card refund", () => {
  test("shows an already refunded card as Cancelled, with the US feature style @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen, country: "US" }));
    await expect(page.getByRole("heading", { name: "Cancel a cloud card package" })).toBeVisible();
    await expect(page.getByText("Activated", { exact: true })).toBeVisible();
    await expect(page.getByText("CAM-DEMO-001")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cloud card: event recording, 30 days" })).toContainText("¥0.00");
    await expect(page.getByRole("button", { name: "Cancelled" })).toBeDisabled();
    for (const feature of ["Safe cloud storage", "Smart cloud storage", "Multi-scene monitoring", "Security certification"]) {
      await expect(page.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("ISO/IEC 27001 certified information security.")).toBeVisible();
    await page.getByRole("link", { name: "Event recording", exact: true }).click();
    await expect(page.getByText("Event recording keeps a clip of every motion event.")).toBeVisible();
  });

  test("without a device, tells the buyer to choose one; the action sheet traps and returns focus; a refund then cancels the package", async ({ page }) => {
    await page.goto(await launchLink("", { screen }));
    await expect(page.getByText("Choose the device whose package you want to cancel, or scan the cloud card QR code")).toBeVisible();
    await page.getByRole("button", { name: "Refund Package" }).click();
    await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Choose the device whose package" }).first()).toBeVisible();

    const trigger = page.getByRole("link", { name: "Choose a device" });
    await trigger.click();
    const sheet = page.getByRole("dialog", { name: "Choose the device whose package is to be cancelled" });
    await expect(sheet).toBeVisible();
    // Modal: Tab never leaves the sheet, Escape closes it and focus goes back to the trigger.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await sheet.getByRole("button", { name: /Garage/ }).click();
    await expect(page.getByText("CAM-DEMO-002")).toBeVisible();
    await expect(page.getByRole("link", { name: "Garage" })).toBeVisible();
    await expect(page.getByText("Packages received with a cloud card")).toBeVisible();
    // A refund cannot be taken back: it asks first. Keeping the package changes nothing.
    const refund = page.getByRole("button", { name: "Refund Package" });
    await refund.click();
    const question = page.getByRole("dialog", { name: "Tips" });
    await expect(question.getByText("Refund this package? It is cancelled at once and cannot be restored.")).toBeVisible();
    // The question takes focus, not its Refund button: an Enter pressed twice on the opener confirms nothing.
    await expect(question).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(question).toBeVisible();
    await question.getByRole("link", { name: "Keep the package" }).click();
    await expect(question).toBeHidden();
    await expect(refund).toBeFocused();
    await expect(refund).toBeEnabled();
    await refund.click();
    await question.getByRole("button", { name: "Refund Package" }).click();
    await expect(page.getByText("The package was cancelled")).toBeVisible();
    await expect(question).toBeHidden();
    await expect(page).not.toHaveURL(/refund=/);
    // About 2 s later the screen loads again and shows the refunded state.
    await expect(page.getByRole("button", { name: "Cancelled" })).toBeDisabled({ timeout: 6_000 });
    await expect(page.getByText("Not activated", { exact: true }).or(page.getByText("Expired", { exact: true }))).toBeVisible();
  });

  test("a scanned cloud card without a device shows that card's package and state, not 'choose the device' @no-js", async ({ page }) => {
    await page.goto(await launchLink("", { screen, codeId: DEMO_CARD_CODES.storageRefunded }));
    await expect(page.getByText("Choose the device whose package you want to cancel, or scan the cloud card QR code")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cloud card: event recording, 30 days" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancelled" })).toBeDisabled();
  });

  test("refunds with plain form posts, after the question, in Arabic @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the JavaScript journey above refunds its own device");
    await page.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen, language: "ar" }));
    await page.getByRole("button", { name: "استرداد الباقة" }).click();
    const question = page.getByRole("dialog", { name: "تنبيه" });
    await expect(question.getByText("هل تريد استرداد هذه الباقة؟ سيتم إلغاؤها فورًا ولا يمكن استعادتها.")).toBeVisible();
    await question.getByRole("link", { name: "الإبقاء على الباقة" }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole("button", { name: "استرداد الباقة" })).toBeEnabled();
    await page.getByRole("button", { name: "استرداد الباقة" }).click();
    await page.getByRole("dialog", { name: "تنبيه" }).getByRole("button", { name: "استرداد الباقة" }).click();
    await expect(page.getByText("تم إلغاء الباقة")).toBeVisible();
    await expect(page.getByRole("button", { name: "ملغاة" })).toBeDisabled();
    await expect(page).not.toHaveURL(/refund=/);
  });

  test("without JavaScript, a refund with no device says why on the page, and a tap beside the question closes it @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript a toast says it (above) and the sheet is modal");
    await page.goto(await launchLink("", { screen }));
    await page.getByRole("button", { name: "Refund Package" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose the device whose package you want to cancel, or scan the cloud card QR code");
    // Every question sheet (here an order's cancel; this screen's packages are refunded by now): a tap on the
    // dimmed page above it closes it rather than acting on the page behind.
    await page.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/order/list", query: { cancel: "DEMO5000003" } }));
    await expect(page.getByRole("dialog", { name: "Tips" })).toBeVisible();
    await page.mouse.click(200, 150);
    await expect(page.getByRole("dialog", { name: "Tips" })).toHaveCount(0);
    await expect(page).not.toHaveURL(/cancel=/);
  });

  test("the device picker works without JavaScript @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "covered with JavaScript above");
    await page.goto(await launchLink("", { screen }));
    await page.getByRole("link", { name: "Choose a device" }).click();
    const sheet = page.getByRole("dialog", { name: "Choose the device whose package is to be cancelled" });
    await sheet.getByRole("button", { name: /Front door/ }).click();
    await expect(page.getByText("CAM-DEMO-001")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancelled" })).toBeDisabled();
  });

  test("a question left open in one window refunds nothing once another window chose another device", async ({ page, context }) => {
    // Porch's package stays for the journey without JavaScript below: this one must not refund it.
    await page.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen }));
    await page.getByRole("button", { name: "Refund Package" }).click();
    const question = page.getByRole("dialog", { name: "Tips" });
    await expect(question.getByText(/^Porch · /)).toBeVisible();
    const other = await context.newPage();
    await other.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen }));
    await expect(other.getByText("CAM-DEMO-002")).toBeVisible();
    await question.getByRole("button", { name: "Refund Package" }).click();
    await expect(page.getByText("The device on this screen was changed in another window. Check the screen and try again.")).toBeVisible();
    await other.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen }));
    await expect(other.getByRole("button", { name: "Refund Package" })).toBeEnabled();
  });

  test("a link from another website opens the screen with the refund question closed @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen }));
    await page.route("http://other-site.example/", (route) => route.fulfill({ contentType: "text/html", body: `<a href="${new URL(`/app-h5/${screen}?refund=1`, page.url())}">Claim</a>` }));
    await page.goto("http://other-site.example/");
    await page.getByRole("link", { name: "Claim" }).click();
    await expect(page).toHaveURL(new RegExp(`/app-h5/${screen}$`));
    await expect(page.getByRole("heading", { name: "Cancel a cloud card package" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Tips" })).toHaveCount(0);
  });

  test("the VIP card refund route is the blank placeholder", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/vip-package-card/refund" }));
    await expect(page).toHaveTitle("VIP card refund");
    await expect(page.locator("main")).toHaveText("VIP card refund");
  });
});
