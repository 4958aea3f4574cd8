import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import type { ReceivedEvent } from "#scripts/lib/webhook-receiver.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

interface Payload {
  type: string;
  data: { orderId?: string; deviceId?: string; addedMb?: number | null };
}

/** What the e2e servers' demo receiver got for one order, as GET /events lists it. */
async function eventsOfOrder(orderId: string) {
  const { events } = (await (await fetch(`${E2E.receiver}/events`)).json()) as { events: ReceivedEvent[] };
  return events.filter((event) => (event.payload as Payload | null)?.data.orderId === orderId);
}

test.describe("integration events", () => {
  test("buying 4G data in the sandbox sends order.paid, the period and the data added, each signed and verified at the receiver", async ({ page }) => {
    // The SIM left for purchases: other journeys assert the main demo SIM's remaining data.
    await page.goto(await launchLink(DEMO_DEVICES.simSpare));
    await page.getByRole("link", { name: /5 GB for 7 days/ }).click();
    await expect(page.getByRole("link", { name: /5 GB for 7 days/ })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "Pay", exact: true }).click();
    await page.getByRole("dialog", { name: "Choose a payment method" }).getByRole("button", { name: "WeChat Pay" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";

    // Fulfilment and delivery run on the cloud-api's queues, after the buyer's pages have answered.
    // Granted when the SIM had no 4G period yet, extended when an earlier journey bought one.
    await expect
      .poll(async () => (await eventsOfOrder(orderId)).map((event) => (event.payload as Payload).type.replace("entitlement.granted", "entitlement.extended")).sort(), { timeout: 20_000 })
      .toEqual(["entitlement.extended", "order.paid", "sim.data_added"]);
    const events = await eventsOfOrder(orderId);
    expect(events.every((event) => event.verified && event.error === null)).toBe(true);
    expect(new Set(events.map((event) => event.webhookId)).size).toBe(3);
    expect(events.every((event) => /^msg_[0-9a-f]{32}$/.test(event.webhookId ?? ""))).toBe(true);
    const added = events.find((event) => (event.payload as Payload).type === "sim.data_added")?.payload as Payload;
    expect(added.data).toMatchObject({ orderId, deviceId: DEMO_DEVICES.simSpare, addedMb: 5120 });
  });
});
