import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "#demo/seed.ts";
import { demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

const DAY_MS = 86_400_000;
const detail = (deviceId: string, orderId: string, language?: string) => launchLink(deviceId, { screen: "cloud/order/detail", query: { orderId }, language });

test.describe("order detail", () => {
  test("tapping an order card opens it: the period bought, amounts, method, reference and every status change @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/storage/order/list" }));
    await page.getByRole("link", { name: "All-day recording, 7-day loop" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/detail\?orderId=DEMO1000026$/);
    await expect(page.getByRole("heading", { name: "Order details" })).toBeVisible();
    const order = page.getByRole("region", { name: "All-day recording, 7-day loop" });
    await expect(order).toContainText("Purchase succeeded");
    const period = (await order.getByRole("definition").nth(2).textContent()) ?? "";
    const [from, to] = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(period)?.slice(1) ?? [];
    expect(Date.parse(to ?? "") - Date.parse(from ?? "")).toBe(30 * DAY_MS);
    await expect(order.getByRole("definition")).toContainText(["DEMO1000026", period, "¥38.00", "¥38.00", "WeChat Pay", "DEMO-REF-DEMO1000026"]);
    await expect(order.getByRole("term")).toContainText(["Order number", "Device", "Service period", "Price", "Amount paid", "Payment method", "Payment reference", "Created", "Paid"]);
    const history = page.getByRole("region", { name: "Status history" }).getByRole("listitem");
    await expect(history).toHaveText([/^Waiting to pay\d{4}-/, /^Paying\d{4}-/, /^Paid\d{4}-/, /^Buying\d{4}-/, /^Purchase succeeded\d{4}-/]);
    await expect(order.getByRole("button")).toHaveCount(0);
    await page.getByRole("link", { name: "All orders" }).click();
    await expect(page.getByRole("heading", { name: "Cloud storage orders" })).toBeVisible();
  });

  test("a refund is a tracker: where it stands and by when the money comes back @no-js", async ({ page }) => {
    await page.goto(await detail(DEMO_DEVICES.sim, "DEMO2000010"));
    const refund = page.getByRole("region", { name: "Refund" });
    await expect(refund.getByRole("listitem")).toHaveText([/^Waiting for refund \(done\)\d{4}-/, /^Refunding \(in progress\)\d{4}-/, "Refunded (not yet)"]);
    await expect(refund.locator("[aria-current=step]")).toContainText("Refunding");
    // The money was promised 7 days after the refund was asked for, 10 days ago: that date has passed.
    const asked = (await refund.getByRole("listitem").nth(1).textContent())?.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? "";
    const by = new Date(Date.parse(asked) + 7 * DAY_MS).toISOString().slice(0, 10);
    await expect(refund).toContainText(`Your refund is late: the money was expected back by ${by}.`);
    // A refund never delivered has no period to show.
    await expect(page.getByRole("term")).not.toContainText(["Service period"]);

    await page.goto(await detail(DEMO_DEVICES.sim, "DEMO2000012"));
    await expect(page.getByRole("region", { name: "Refund" }).getByRole("listitem").last()).toHaveText(/^Refund failed \(in progress\)/);
    // Its retries ran past the date the money was expected by: it is asked again and names support, and does not send the
    // buyer to a statement the money never reached (found by an outside buyer).
    await expect(page.getByRole("region", { name: "Refund" })).toContainText("we ask the payment provider again automatically");
    await expect(page.getByRole("region", { name: "Refund" })).not.toContainText("statement");
    await expect(page.getByRole("region", { name: "Refund" }).getByRole("link", { name: /Contact support/ })).toHaveAttribute("href", "mailto:support@camcloud.example");

    // A refund closed without the money is over, not in progress, and support pays it back another way.
    await page.goto(await detail(DEMO_DEVICES.sim, "DEMO2000013"));
    await expect(page.getByRole("region", { name: "Refund" }).getByRole("listitem").last()).toHaveText(/^Refund closed \(done\)/);
    await expect(page.getByRole("region", { name: "Refund" })).toContainText("closed without the money being returned. Contact support with order number DEMO2000013");
    await expect(page.getByRole("region", { name: "Refund" })).not.toContainText("this refund is complete");

    // A refund still waiting to be asked for, for days, is late too instead of "usually within minutes".
    await page.goto(await detail(DEMO_DEVICES.sim, "DEMO2000009"));
    await expect(page.getByRole("region", { name: "Refund" })).toContainText("Your refund is late");
    await expect(page.getByRole("region", { name: "Refund" })).not.toContainText("within minutes");
  });

  test("shows in the buyer's language: German amounts and dates, Arabic right to left @no-js", async ({ page }) => {
    await page.goto(await detail(DEMO_DEVICES.cameraRenewal, "DEMO1000026", "de"));
    await expect(page.getByRole("heading", { name: "Bestelldetails" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^38,00\s¥$/ })).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Statusverlauf" })).toContainText("Kauf erfolgreich");
    await page.goto(await detail(DEMO_DEVICES.cameraRenewal, "DEMO1000026", "ar"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "تفاصيل الطلب" })).toBeVisible();
  });

  test("another user's order, an unknown one and a missing id are plainly not found @no-js", async ({ page }) => {
    const other = await demoBuyer(E2E.api, E2E.storefront, devVars(), DEMO_ACCOUNTS.other);
    await page.goto(other.link({ screen: "cloud/order/detail", deviceId: DEMO_DEVICES.otherCamera, query: { orderId: "DEMO1000026" } }));
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    await expect(page.getByText("There is no such order in your account.")).toBeVisible();
    await expect(page.getByText("DEMO-REF")).toHaveCount(0);
    await page.goto(await detail(DEMO_DEVICES.camera, "NO-SUCH-ORDER"));
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/order/detail" }));
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  });

  test("Cancel asks first, then the order is cancelled and says so in its history @no-js", async ({ page, javaScriptEnabled }) => {
    // Each run cancels its own waiting order.
    const orderId = javaScriptEnabled ? "DEMO1000003" : "DEMO1000004";
    await page.goto(await detail(DEMO_DEVICES.cameraCard, orderId));
    const order = page.getByRole("region", { name: "Event recording, 30 days" });
    await expect(order.getByRole("term")).toContainText(["Amount to pay"]);
    await order.getByRole("button", { name: "Cancel Order" }).click();
    // The question is a sheet of the page, with and without JavaScript.
    const tips = page.getByRole("dialog", { name: "Tips" });
    await expect(tips.getByText("Are you sure you want to cancel this order?")).toBeVisible();
    await tips.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByText("cancel success")).toBeVisible();
    await expect(order).toContainText("Cancelled");
    await expect(page.getByRole("region", { name: "Status history" }).getByRole("listitem").last()).toHaveText(/^Cancelled\d{4}-/);
    await expect(order.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  });

  test("Repay sends the order to its provider and it ends paid, with a receipt @no-js", async ({ page, javaScriptEnabled }) => {
    const [orderId, method] = javaScriptEnabled ? ["DEMO1000005", "WeChat Pay"] : ["DEMO1000006", "Alipay"];
    await page.goto(await detail(DEMO_DEVICES.cameraCard, orderId));
    await page.getByRole("button", { name: "Repay" }).click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue to Alipay" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app-h5/cloud/order/payment/result\\?orderId=${orderId}`));
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
    await page.goto(await detail(DEMO_DEVICES.cameraCard, orderId));
    const order = page.getByRole("region", { name: "Event recording, 30 days" });
    await expect(order).toContainText(method);
    await expect(order.getByRole("definition").filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:/ })).toHaveCount(2);
    await expect(order.getByRole("link", { name: "View receipt" })).toBeVisible();
  });
});

test.describe("receipt", () => {
  test("names merchant, order, dates, package, period, amounts with currency, method and reference, and works without JavaScript @no-js", async ({ page }) => {
    await page.goto(await detail(DEMO_DEVICES.cameraRenewal, "DEMO1000026"));
    await page.getByRole("link", { name: "View receipt" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/receipt\?orderId=DEMO1000026$/);
    const receipt = page.getByRole("article", { name: "Receipt" });
    await expect(receipt.getByRole("term")).toHaveText(["Merchant", "Address", "VAT ID", "Order number", "Created", "Paid", "Package", "Device", "Service period", "Price", "Payment method", "Payment reference", "Tax included (0%)"]);
    await expect(receipt.getByRole("definition")).toContainText(["CamCloud", "DEMO1000026", /\d{4}-/, /\d{4}-/, "All-day recording, 7-day loop", / to /, "¥38.00", "WeChat Pay", "DEMO-REF-DEMO1000026"]);
    await expect(receipt).toContainText("Amount paid (CNY)¥38.00");
  });

  test("prints on one clean page, without the screen's buttons", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/order/receipt", query: { orderId: "DEMO1000026" } }));
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("link", { name: "Back to the order" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
    const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });

  test("an order not paid has no receipt @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/order/receipt", query: { orderId: "DEMO2000011" } }));
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  });
});

test.describe("the language the order screens were opened with (?language=)", () => {
  test("stays in the cancel question, All orders, the order cards and the next page (found by an outside buyer) @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/order/detail", query: { orderId: "DEMO6000005" } }));
    await expect(page.getByRole("heading", { name: "Order details" })).toBeVisible();
    await page.goto(`${E2E.storefront}/app-h5/cloud/order/detail?orderId=DEMO6000005&language=ar`);
    await page.getByRole("button", { name: "إلغاء الطلب" }).click();
    const tips = page.getByRole("dialog");
    await expect(tips.getByText("هل أنت متأكد من إلغاء هذا الطلب؟")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/[?&]language=ar(&|$)/);
    await page.goto(`${E2E.storefront}/app-h5/cloud/order/detail?orderId=DEMO6000005&language=de`);
    await page.getByRole("link", { name: "Alle Bestellungen" }).click();
    await expect(page.getByRole("heading", { name: "KI-Bestellungen" })).toBeVisible();
    await page.getByRole("listitem").first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Bestelldetails" })).toBeVisible();
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/mobile-data/order/list" }));
    await page.goto(`${E2E.storefront}/app-h5/cloud/mobile-data/order/list?language=de`);
    await expect(page.getByRole("link", { name: "Mehr laden" })).toHaveAttribute("href", /[?&]language=de(&|$)/);
  });
});

test("the cancel question never opens over an order that can no longer be cancelled, as after Back to it (found by an outside buyer) @no-js", async ({ page }) => {
  // DEMO2000007 is the SIM's cancelled order.
  await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/order/detail", query: { orderId: "DEMO2000007", cancel: "DEMO2000007" } }));
  await expect(page.getByRole("heading", { name: "Order details" })).toBeVisible();
  await expect(page.getByRole("region", { name: /./ }).first()).toContainText("Cancelled");
  await expect(page.getByRole("dialog", { name: "Tips" })).toBeHidden();
  await expect(page.getByText("Are you sure you want to cancel this order?")).toBeHidden();
  await page.goto(`${E2E.storefront}/app-h5/cloud/mobile-data/order/list?page=2&cancel=DEMO2000007`);
  await expect(page.getByText("DEMO2000007")).toBeVisible();
  await expect(page.getByText("Are you sure you want to cancel this order?")).toBeHidden();
});

/**
 * An outside buyer at 320 px saw the support address cut anywhere ("support@camcloud.e" / "xample") beside a label
 * squeezed into two lines: the address goes under its label when both do not fit, and breaks only after "@" or
 * before a dot, with no sideways scroll.
 */
for (const width of [320, 390]) {
  for (const language of ["en", "de"]) {
    test(`the support address breaks only at sensible points, at ${width} px in ${language}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(await detail(DEMO_DEVICES.sim, "DEMO2000012", language));
      const link = page.getByRole("region", { name: language === "en" ? "Refund" : "Erstattung" }).locator('a[href^="mailto:"]');
      await expect(link).toContainText("support@camcloud.example");
      const { breaks, labelLines } = await link.evaluate((anchor) => {
        const range = document.createRange();
        /** The line (its bottom) of each character of a text node. */
        const lines = (node: Text) =>
          Array.from(node.data, (_, index) => {
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            return Math.round(range.getBoundingClientRect().bottom);
          });
        const texts: Text[] = [];
        const walker = document.createTreeWalker(anchor, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
        const address = texts.map((node) => node.data).join("").split(": ").pop()!;
        const addressNodes = texts.filter((node) => node.data.trim() && address.includes(node.data));
        const addressLines = addressNodes.flatMap(lines);
        const labelLines = new Set(texts.filter((node) => node.data.trim() && !addressNodes.includes(node)).flatMap(lines)).size;
        // The two characters either side of each place where the address changes line.
        const breaks = addressLines.flatMap((bottom, index) => (index > 0 && bottom !== addressLines[index - 1] ? [address.slice(index - 1, index + 1)] : []));
        return { breaks, labelLines };
      });
      // Every break is after an "@" or before a dot ("@c", "d."), and the label reads on one line.
      for (const pair of breaks) expect(pair[0] === "@" || pair[1] === ".", `a break inside "${pair}"`).toBe(true);
      expect(labelLines).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
