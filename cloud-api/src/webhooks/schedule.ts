/**
 * When integration events are retried and which queue is which: plain values, read by the consumer and by
 * the test that holds cloud-api/wrangler.jsonc to them (scripts/lib/webhook-queues.test.ts).
 */

/** Three days of retries, then the dead-letter queue (docs/decisions/054). */
const RETRY_FOR_SECONDS = 3 * 86_400;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 6 * 3600;

/**
 * The delay before each retry: 30 s, doubling, at most 6 h, until three days have passed. Its length is the
 * consumer's max_retries in cloud-api/wrangler.jsonc (a test compares them), after which the queue moves the
 * message to the dead-letter queue.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = (() => {
  const delays: number[] = [];
  for (let total = 0; total < RETRY_FOR_SECONDS; total += delays[delays.length - 1]!) {
    delays.push(Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** delays.length));
  }
  return delays;
})();

/** The queues of integration events are named camcloud-webhooks[-<env>] and camcloud-webhooks-dead[-<env>]. */
export function webhookQueueRole(queue: string): "deliveries" | "dead letters" | null {
  if (/^camcloud-webhooks-dead(-[a-z]+)?$/.test(queue)) return "dead letters";
  if (/^camcloud-webhooks(-[a-z]+)?$/.test(queue)) return "deliveries";
  return null;
}
