import { expect, test, type Page } from "@playwright/test";
import { DEMO_GIVEN_UP_DELIVERIES, DEMO_OPERATORS } from "#demo/seed.ts";
import type { ReceivedEvent } from "#scripts/lib/webhook-receiver.ts";
import { E2E } from "../ports.ts";
import { expectNoSeriousViolations, expectTargetsAtLeast44px, signInAs } from "./fixtures.ts";

/**
 * Operators, the audit log and deliveries as an admin, a viewer and support use them (issue 32, decision 057), with
 * and without JavaScript: each project adds its own operator and sends its own demo delivery again.
 */
const withJs = () => test.info().project.name === "console-js";
const project = () => (withJs() ? "js" : "nojs");

async function checkAccessibility(page: Page) {
  if (!withJs()) return;
  await expectNoSeriousViolations(page);
  await expectTargetsAtLeast44px(page);
}

const row = (page: Page, email: string) => page.getByTestId(`operator-${email}`);

test.describe("operators and the audit log", () => {
  test("an admin adds an operator, changes their role and disables them; each change is in the audit log with before and after @no-js", async ({ page }) => {
    const email = `agent-${project()}@camcloud.example`;
    await signInAs(page, "admin", "/operators");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operators");
    await expect(row(page, DEMO_OPERATORS.admin.email)).toContainText("Ada Admin (you)");
    await checkAccessibility(page);

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Name", { exact: true }).fill("Ann Agent");
    await page.getByLabel("Role", { exact: true }).selectOption("support");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByRole("status")).toHaveText(`${email} was added as support.`);
    await expect(row(page, email)).toContainText("Active");
    await expect(row(page, email)).toContainText("by admin@camcloud.example");

    await row(page, email).getByLabel("New role for Ann Agent").selectOption("viewer");
    await row(page, email).getByRole("button", { name: "Save role" }).click();
    await expect(page.getByRole("status")).toHaveText(`${email} is now viewer, Active.`);
    await row(page, email).getByRole("button", { name: "Disable Ann Agent" }).click();
    await expect(page.getByRole("status")).toHaveText(`${email} is now viewer, Disabled.`);
    await expect(row(page, email).getByRole("button", { name: "Enable Ann Agent" })).toBeVisible();

    // The same email again is refused, and nothing changes.
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Name", { exact: true }).fill("Someone else");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByRole("alert")).toHaveText(`${email} is an operator already. Enable or change them in the list below.`);

    await page.goto("/audit");
    await page.getByLabel("Object id").fill(email);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]objectId=${encodeURIComponent(email)}`));
    const entries = page.getByTestId("audit-row");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("operator.disable");
    await expect(entries.nth(0).getByRole("listitem")).toHaveText(["enabled: yes → no"]);
    // The exact values as recorded stay one click away.
    await expect(entries.nth(0).locator("details")).toContainText('"enabled": true');
    await expect(entries.nth(0).locator("details")).toContainText('"enabled": false');
    await expect(entries.nth(1)).toContainText("operator.role");
    await expect(entries.nth(2)).toContainText("operator.create");
    for (let i = 0; i < 3; i++) await expect(entries.nth(i)).toContainText("admin@camcloud.example (admin)");
    await expect(entries.nth(2)).toContainText(/\d{4}.*UTC/);
    await checkAccessibility(page);
  });

  test("an edit made from a page someone else changed since is refused, saying who and when; an admin cannot demote themself @no-js", async ({ page, context }) => {
    const email = `shared-${project()}@camcloud.example`;
    await signInAs(page, "admin", "/operators");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Name", { exact: true }).fill("Sam Shared");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByRole("status")).toContainText("was added as viewer");

    // A second tab opened the same list; the first tab saves first.
    const other = await context.newPage();
    await other.goto("/operators");
    await row(page, email).getByLabel("New role for Sam Shared").selectOption("support");
    await row(page, email).getByRole("button", { name: "Save role" }).click();
    await expect(page.getByRole("status")).toHaveText(`${email} is now support, Active.`);
    await row(other, email).getByRole("button", { name: "Disable Sam Shared" }).click();
    await expect(other.getByRole("alert")).toHaveText(
      new RegExp(`^${email.replace(/\./g, "\\.")} was changed by admin@camcloud\\.example at .+ UTC after you opened this page\\. Nothing was saved`),
    );
    await expect(row(other, email)).toContainText("Active");

    await row(page, DEMO_OPERATORS.admin.email).getByLabel("New role for Ada Admin").selectOption("viewer");
    await row(page, DEMO_OPERATORS.admin.email).getByRole("button", { name: "Save role" }).click();
    await expect(page.getByRole("alert")).toHaveText("You cannot demote or disable yourself; another admin can.");
  });

  test("a viewer reads the audit log but has no Operators page: it says their role may not @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/audit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
    await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Operators" })).toHaveCount(0);
    await page.goto("/operators");
    await expect(page.getByText("Your role (viewer) may not do this.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add operator" })).toHaveCount(0);
  });
});

test.describe("integration-event deliveries", () => {
  test("support sends a given-up delivery again: the same event id reaches the receiver, verified, and the delivery shows delivered @no-js", async ({ page }) => {
    const { eventId, orderId } = withJs() ? DEMO_GIVEN_UP_DELIVERIES.withJs : DEMO_GIVEN_UP_DELIVERIES.withoutJs;
    await signInAs(page, "support", "/deliveries");
    await page.getByLabel("State", { exact: true }).selectOption("given_up");
    await page.getByLabel("Order", { exact: true }).fill(orderId);
    await page.getByRole("button", { name: "Show" }).click();
    const delivery = page.getByTestId("delivery-row");
    await expect(delivery).toHaveCount(1);
    for (const text of ["order.paid", eventId, orderId, "demo", "given up", "22", "HTTP 503"]) await expect(delivery).toContainText(text);
    await checkAccessibility(page);

    await delivery.getByRole("button", { name: "Send again: order.paid to demo" }).click();
    await expect(page.getByRole("status")).toHaveText(`order.paid ${eventId} is queued for demo again, with the same event id.`);
    await expect
      .poll(
        async () => {
          await page.goto(`/deliveries?orderId=${orderId}`);
          return page.getByTestId("delivery-row").textContent();
        },
        { timeout: 20_000 },
      )
      .toContain("delivered");
    const { events } = (await (await fetch(`${E2E.receiver}/events`)).json()) as { events: ReceivedEvent[] };
    const received = events.filter((event) => event.webhookId === eventId);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((event) => event.verified)).toBe(true);

    await page.goto(`/audit?action=delivery.resend&objectId=${eventId}%2Fdemo`);
    await expect(page.getByTestId("audit-row")).toContainText("support@camcloud.example (support)");
  });

  test("a viewer sees deliveries, in Chinese too, without a Send again button @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/deliveries?endpoint=demo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deliveries");
    // The newest delivery is whatever another journey caused last (a payment, a refund, a period): any event.
    await expect(page.getByTestId("delivery-row").first()).toContainText(/(order|entitlement|sim)\.[a-z_]+/);
    await expect(page.getByRole("button", { name: /^Send again/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("事件投递");
    await expect(page.getByRole("columnheader")).toHaveText(["事件", "订单", "接收端", "状态", "尝试次数", "最近应答", "最近尝试"]);
    await expect(page.getByLabel("接收端")).toHaveValue("demo");
  });
});
