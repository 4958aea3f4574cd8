import { expect, test, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "../launch.ts";
import { E2E } from "../ports.ts";
import { expectNoSeriousViolations, expectTargetsAtLeast44px, signInAs } from "./fixtures.ts";

/** A date input's value, `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Each run makes its own campaign and batch: the journeys share the demo database. */
const runName = (what: string, javaScriptEnabled: boolean) => `${what} ${javaScriptEnabled ? "js" : "no-js"} ${Date.now()}`;

/** axe and the 44 px targets, which run in the page: in the journey's run with JavaScript. */
async function checkPage(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await expectNoSeriousViolations(page);
  await expectTargetsAtLeast44px(page);
}

async function newCampaign(page: Page, title: string) {
  await signInAs(page, "admin", "/coupons");
  const form = page.getByRole("region", { name: "New campaign" });
  await form.getByLabel("Campaign").fill(title);
  await form.getByLabel("Currency").selectOption("CNY");
  await form.getByLabel("Amount off").fill("7.77");
  await form.getByLabel("Minimum spend").fill("0");
  await form.getByLabel("For").selectOption({ label: "every service" });
  await form.getByLabel("Ends (UTC)").fill(dayFromNow(30));
  await form.getByLabel("How many may be issued").fill("10");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test.describe("coupons and cards in the console (issue 32 items 4 and 5)", () => {
  test("an admin makes a campaign, issues a coupon to the demo buyer, whose coupon screen shows it in Chinese, then revokes it @no-js", async ({ page, javaScriptEnabled }) => {
    const title = runName("Autumn", javaScriptEnabled);
    await newCampaign(page, title);
    await expect(page.getByTestId("campaign-amount")).toHaveText("¥7.77");
    await checkPage(page, javaScriptEnabled);

    // An account the cloud-api does not know is refused, and what was typed is still there to correct.
    const accounts = page.getByLabel("Accounts, one per line (at most 100)");
    await accounts.fill(`${DEMO_ACCOUNTS.buyer}\nnobody-here@camcloud.example`);
    await page.getByRole("button", { name: "Issue coupons" }).click();
    await expect(page.getByRole("alert")).toContainText("nobody-here@camcloud.example");
    await expect(accounts).toHaveValue(`${DEMO_ACCOUNTS.buyer}\nnobody-here@camcloud.example`);
    await expect(page.getByTestId("campaign-counts")).toHaveText("0 of 10 issued, 0 redeemed, 0 revoked");

    await accounts.fill(DEMO_ACCOUNTS.buyer);
    await page.getByRole("button", { name: "Issue coupons" }).click();
    await expect(page.getByRole("status")).toHaveText(`Issued to ${DEMO_ACCOUNTS.buyer}.`);
    await expect(page.getByTestId("campaign-counts")).toHaveText("1 of 10 issued, 0 redeemed, 0 revoked");
    const row = page.getByRole("row", { name: new RegExp(DEMO_ACCOUNTS.buyer) });
    await expect(row).toContainText("unused");

    // The buyer's coupon selector, in Chinese: the new coupon with its amount as Chinese writes it.
    const buyer = await page.context().newPage();
    await buyer.goto(await launchLink(DEMO_DEVICES.simSpare, { screen: "cloud/coupons", language: "zh", query: { from: "mobile_data_buy", package: "5" } }));
    await expect(buyer.getByText("立减¥7.77")).toBeVisible();
    await buyer.close();

    // Revoked, it leaves the buyer's coupons, and the other journeys' coupon lists are as they were.
    await row.getByRole("button", { name: /^Revoke/ }).click();
    await expect(page.getByRole("status")).toHaveText(/^Coupon C\d+-[0-9A-F]+ was revoked\.$/);
    await expect(page.getByRole("row", { name: new RegExp(DEMO_ACCOUNTS.buyer) })).toContainText("revoked");
    const after = await page.context().newPage();
    await after.goto(await launchLink(DEMO_DEVICES.simSpare, { screen: "cloud/coupons", language: "zh", query: { from: "mobile_data_buy", package: "5" } }));
    await expect(after.getByText("优惠券")).not.toHaveCount(0);
    await expect(after.getByText("立减¥7.77")).toHaveCount(0);
  });

  test("an admin's bad amount is refused with what to change, and nothing is made @no-js", async ({ page }) => {
    await signInAs(page, "admin", "/coupons");
    const form = page.getByRole("region", { name: "New campaign" });
    await form.getByLabel("Campaign").fill("Too generous");
    await form.getByLabel("Amount off").fill("10000");
    await form.getByLabel("Ends (UTC)").fill(dayFromNow(30));
    await form.getByLabel("How many may be issued").fill("1");
    await form.getByRole("button", { name: "Create campaign" }).click();
    await expect(page.getByRole("alert")).toHaveText("Amount off: enter an amount from 0.01 to 9,999.99, with at most two decimals.");
    await expect(page.getByRole("link", { name: "Too generous" })).toHaveCount(0);
    // Nothing typed is lost: the operator corrects the amount only.
    await expect(form.getByLabel("Campaign")).toHaveValue("Too generous");
    await expect(form.getByLabel("Amount off")).toHaveValue("10000");
    await expect(form.getByLabel("Ends (UTC)")).toHaveValue(dayFromNow(30));
    await expect(form.getByLabel("How many may be issued")).toHaveValue("1");
  });

  test("an admin generates cards, downloads them, a buyer receives one on the spare SIM, and the console shows it received there @no-js", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, "admin", "/cards");
    const form = page.getByRole("region", { name: "New batch" });
    await form.getByLabel("Package").selectOption({ label: "VIP card: VIP card, 30 days (CNY)" });
    await form.getByLabel("How many codes (at most 10,000)").fill("2");
    await form.getByLabel("Codes expire (UTC)").fill(dayFromNow(60));
    await form.getByRole("button", { name: "Generate codes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Batch \d+$/);
    await expect(page.getByTestId("batch-counts")).toHaveText("2 unused, 0 received, 0 refunded, 0 revoked, of 2");
    await checkPage(page, javaScriptEnabled);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the codes (CSV)" }).click();
    const csv = await (await downloading).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toBe("code,kind,package_id,expires_at,state,device_id,received_at");
    expect(rows).toHaveLength(2);
    const code = rows[0]!.split(",")[0]!;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);

    // The buyer scans the card and receives its package on the spare SIM.
    const buyer = await page.context().newPage();
    await buyer.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/buy", pageType: "vip_card_receive", codeId: code, serviceId: 502 }));
    await buyer.getByRole("link", { name: "Garage" }).click();
    await buyer.getByRole("dialog", { name: "Choose the device to receive the VIP package" }).getByRole("link", { name: /Shed 4G/ }).click();
    await buyer.getByRole("button", { name: "Receive for free" }).click();
    await expect(buyer.getByText("The VIP package was received")).toBeVisible();
    await buyer.close();

    await page.reload();
    await expect(page.getByTestId("batch-counts")).toHaveText("1 unused, 1 received, 0 refunded, 0 revoked, of 2");
    const received = page.getByTestId(`card-${code.slice(-4)}`);
    await expect(received).toContainText("received");
    await expect(received).toContainText(DEMO_DEVICES.simSpare);
    await expect(received.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  });

  test("a viewer reads coupons and cards without a form, and a forged post is refused with 403 @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/coupons");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coupons");
    await expect(page.getByRole("button")).toHaveText(["中文"]);
    await expect(page.getByText("Only an admin can change these; you can read them.")).toBeVisible();
    await page.goto("/cards");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cards");
    await expect(page.getByRole("region", { name: "New batch" })).toHaveCount(0);

    const forged = await page.request.post(`${E2E.console}/coupons`, {
      headers: { Origin: E2E.console },
      form: { requestId: crypto.randomUUID(), title: "Forged", currency: "CNY", amount: "1", minimumSpend: "0", serviceType: "0", starts: dayFromNow(0), ends: dayFromNow(5), issueLimit: "1" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("Your role (viewer) may not do this.");
    await page.goto("/coupons");
    await expect(page.getByRole("link", { name: "Forged" })).toHaveCount(0);
    // A campaign the cloud-api does not have is no page at all.
    expect((await page.goto("/coupons/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("There is no such page in the console.");
  });
});
