import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startWebhookReceiver, type ReceivedEvent } from "./webhook-receiver.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ port: 0, secret: SECRET });
});
afterAll(() => receiver.close());

function post(body: string, secret: string, id: string) {
  const now = new Date();
  return fetch(`${receiver.url}/webhooks`, {
    method: "POST",
    headers: { "webhook-id": id, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": new Webhook(secret).sign(id, now, body) },
    body,
  });
}

describe("the demo receiver of integration events", () => {
  it("answers a browser's request for its icon with the brand's icon, as the storefront serves it (a newcomer saw a 404)", async () => {
    const brandIcon = readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8");
    for (const path of ["/favicon.ico", "/favicon.svg"]) {
      const icon = await fetch(`${receiver.url}${path}`);
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get("content-type")).toBe("image/svg+xml");
      expect(await icon.text()).toBe(brandIcon);
    }
  });

  it("keeps what it receives and answers GET /events with whether the library verified each signature", async () => {
    const body = JSON.stringify({ type: "order.paid", timestamp: "2026-11-26T14:00:00Z", data: { orderId: "O1" } });
    expect((await post(body, SECRET, "msg_good")).status).toBe(204);
    expect((await post(body, "whsec_aWPQczootYm0Yy1EZRKtTMxwaTKdoLyi", "msg_forged")).status).toBe(400);
    const { events } = (await (await fetch(`${receiver.url}/events`)).json()) as { events: ReceivedEvent[] };
    expect(events.map(({ webhookId, verified, error, payload }) => ({ webhookId, verified, error, payload }))).toEqual([
      { webhookId: "msg_good", verified: true, error: null, payload: JSON.parse(body) },
      { webhookId: "msg_forged", verified: false, error: "No matching signature found", payload: JSON.parse(body) },
    ]);
  });
});
