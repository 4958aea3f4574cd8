import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { treeCpuMs } from "./process-cpu.ts";

test.skipIf(process.platform !== "linux")("counts the CPU a started process spends, and only processes whose command matches", async () => {
  // A child that burns about 300 ms of CPU, then waits to be read.
  const child = spawn(process.execPath, ["-e", "const end = Date.now() + 300; while (Date.now() < end); setTimeout(() => {}, 10_000)"]);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const childTree = treeCpuMs([child.pid ?? -1], /./) ?? 0;
    expect(childTree).toBeGreaterThanOrEqual(200);
    // The test's own process started the child: its tree holds the child's time and more.
    expect(treeCpuMs([process.pid], /./)).toBeGreaterThan(childTree);
    expect(treeCpuMs([process.pid], /^no-such-command$/)).toBe(0);
  } finally {
    child.kill();
  }
});
