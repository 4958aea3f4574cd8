import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { RETRY_DELAYS_SECONDS, webhookQueueRole } from "#api/webhooks/schedule.ts";
import { ROOT } from "./project.ts";

interface Consumer {
  queue: string;
  max_retries?: number;
  dead_letter_queue?: string;
}
interface Queues {
  queues: { producers?: { binding: string; queue: string }[]; consumers?: Consumer[] };
}
const read = (env?: string): Queues => unstable_readConfig({ config: `${ROOT}cloud-api/wrangler.jsonc`, env }, { hideWarnings: true });

describe("integration events' queues (cloud-api/wrangler.jsonc)", () => {
  it("retry from 30 s, doubling to at most 6 h, for three days", () => {
    expect(RETRY_DELAYS_SECONDS.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...RETRY_DELAYS_SECONDS)).toBe(6 * 3600);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(3 * 86400);
    expect(total - RETRY_DELAYS_SECONDS.at(-1)!).toBeLessThan(3 * 86400);
  });

  for (const env of [undefined, "preview", "production"]) {
    it(`${env ?? "local"}: WEBHOOKS feeds a consumer with one retry per delay and a dead-letter queue that is consumed too, each routed to its role`, () => {
      const { producers = [], consumers = [] } = read(env).queues;
      const deliveries = producers.find((producer) => producer.binding === "WEBHOOKS")?.queue ?? "";
      expect(webhookQueueRole(deliveries)).toBe("deliveries");
      const consumer = consumers.find((candidate) => candidate.queue === deliveries);
      expect(consumer?.max_retries).toBe(RETRY_DELAYS_SECONDS.length);
      const dead = consumer?.dead_letter_queue ?? "";
      expect(webhookQueueRole(dead)).toBe("dead letters");
      expect(consumers.map((candidate) => candidate.queue)).toContain(dead);
      const fulfilment = producers.find((producer) => producer.binding === "FULFILMENT")?.queue ?? "";
      expect(webhookQueueRole(fulfilment)).toBeNull();
    });
  }
});
