import { createExecutionContext, createMessageBatch, createScheduledController, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "#api/index.ts";

/** The JSON log lines written while `run` ran. */
async function logLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((line: unknown) => void written.push(String(line)));
  await run();
  return written.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the cloud-api's log lines", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes one line per queue message, each its own trace, with its ids, attempts and outcome", async () => {
    const batch = createMessageBatch("camcloud-fulfilment-local", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { order: 1 } },
      { id: "m2", timestamp: new Date(), attempts: 2, body: { paymentId: "no-such-payment" } },
    ]);
    const lines = (await logLines(() => worker.queue(batch as never, env, createExecutionContext()))).filter((line) => line.event === "queue.message");
    expect(lines).toEqual([
      expect.objectContaining({ queue: "camcloud-fulfilment-local", attempts: 1, outcome: "dropped", level: "error", worker: "cloud-api", ms: expect.any(Number) }),
      expect.objectContaining({ queue: "camcloud-fulfilment-local", attempts: 2, paymentId: "no-such-payment", outcome: "done", level: "info" }),
    ]);
    expect(lines[0]?.trace).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[1]?.trace).not.toBe(lines[0]?.trace);
  });

  it("writes one line per cron sweep with what each sweep did", async () => {
    const lines = await logLines(() => worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, createExecutionContext()));
    const sweeps = lines.filter((line) => line.event === "cron.sweep");
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]).toMatchObject({ worker: "cloud-api", ordersClosed: expect.any(Number), fulfilmentNeedingAPerson: expect.any(Number), ms: expect.any(Number) });
  });
});
