import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import { E2E } from "../ports.ts";
import { expectNoSeriousViolations, expectTargetsAtLeast44px, signInAs } from "./fixtures.ts";

/** The sections each demo operator's navigation shows (console/app/navigation.ts): what their role may use. */
const NAVIGATION = {
  viewer: ["Today", "Orders", "Packages", "Coupons", "Cards", "Deliveries", "Audit log"],
  support: ["Today", "Orders", "Packages", "Coupons", "Cards", "Deliveries", "Audit log"],
  admin: ["Today", "Orders", "Packages", "Coupons", "Cards", "Deliveries", "Audit log", "Operators"],
} as const;

test.describe("signing in to the console through Cloudflare Access (the local stand-in)", () => {
  for (const role of ["viewer", "support", "admin"] as const) {
    test(`the ${role} lands on Today and sees their email, their role and the sections their role may use @no-js`, async ({ page }) => {
      await signInAs(page, role);
      await expect(page).toHaveURL(`${E2E.console}/today`);
      await expect(page.getByTestId("operator-email")).toHaveText(`Signed in as ${DEMO_OPERATORS[role].email}`);
      await expect(page.getByTestId("operator-role")).toHaveText(`Role: ${role}`);
      await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link")).toHaveText([...NAVIGATION[role]]);
    });
  }

  test("an email that is not an operator gets a page saying so, and nothing of the console @no-js", async ({ page }) => {
    await signInAs(page, { email: "stranger@example.com" }, "/orders");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not an operator");
    await expect(page.getByText("stranger@example.com signed in, but is not an operator of this console")).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("link")).toHaveText(["Sign out"]);
  });

  test("without signing in, the console is never reached: Access asks who you are first @no-js", async ({ page }) => {
    await page.goto(`${E2E.console}/operators`);
    await expect(page).toHaveURL(/\/cdn-cgi\/access\/sign-in\?to=%2Foperators$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the CamCloud console");
    await expect(page.getByTestId("operator-email")).toHaveCount(0);
  });

  test("signing out ends the Access session: the console asks for sign-in again @no-js", async ({ page }) => {
    await signInAs(page, "viewer");
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.goto(`${E2E.console}/today`);
    await expect(page).toHaveURL(/\/cdn-cgi\/access\/sign-in/);
  });

  test("the language switch turns the console into Chinese and back, on the same page @no-js", async ({ page }) => {
    await signInAs(page, "support", "/orders");
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page).toHaveURL(`${E2E.console}/orders`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByTestId("operator-email")).toHaveText("已登录：support@camcloud.example");
    await expect(page.getByTestId("operator-role")).toHaveText("角色：客服");
    await expect(page.getByRole("navigation", { name: "后台栏目" }).getByRole("link")).toHaveText(["今日", "订单", "套餐", "优惠券", "卡券", "事件投递", "审计日志"]);
    await page.getByRole("button", { name: "语言: English" }).click();
    await expect(page.getByTestId("operator-role")).toHaveText("Role: support");
  });

  test("the layout is axe-clean and every target is at least 44 px tall, in English and in Chinese", async ({ page }) => {
    await signInAs(page, "admin");
    await expect(page.getByTestId("operator-role")).toHaveText("Role: admin");
    await expectNoSeriousViolations(page);
    await expectTargetsAtLeast44px(page);
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByTestId("operator-role")).toHaveText("角色：管理员");
    await expectNoSeriousViolations(page);
    await expectTargetsAtLeast44px(page);
  });
});

test.describe("an operator whose browser asks for Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("reads the console in Chinese without choosing it @no-js", async ({ page }) => {
    await signInAs(page, "viewer");
    await expect(page.getByTestId("operator-role")).toHaveText("角色：只读");
    await expect(page.getByRole("link", { name: "今日" })).toBeVisible();
  });
});

/** A newcomer's browser console showed a 404 for the console's icon: it names the brand's icon, the storefront's own. */
test("the console names the brand's icon, and serving it answers the storefront's icon @no-js", async ({ page }) => {
  await signInAs(page, "viewer");
  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await page.request.get(new URL(href!, page.url()).href);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toBe(readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8"));
});
