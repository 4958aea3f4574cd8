import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { descendants, listeningPids, listeningPorts, treeCpuMs } from "./process-cpu.ts";

test.skipIf(process.platform !== "linux")("counts the CPU a started process spends, and only processes whose command matches", async () => {
  // A child that spends 300 ms of its own CPU time (not of the clock: the machine may be busy), says so, then waits.
  const child = spawn(process.execPath, ["-e", "while (process.cpuUsage().user < 300_000); console.log('spent'); setTimeout(() => {}, 30_000)"]);
  try {
    await once(child.stdout, "data");
    const childTree = treeCpuMs([child.pid ?? -1], /./) ?? 0;
    expect(childTree).toBeGreaterThanOrEqual(250);
    // The test's own process started the child: its tree holds the child's time and more.
    expect(treeCpuMs([process.pid], /./)).toBeGreaterThan(childTree);
    expect(treeCpuMs([process.pid], /^no-such-command$/)).toBe(0);
  } finally {
    child.kill();
  }
}, 30_000);

test.skipIf(process.platform !== "linux")("finds the process listening on a port, and only that one, and can leave it out of the count", async () => {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const { port } = server.address() as AddressInfo;
    expect(listeningPids(port)).toEqual([process.pid]);
    expect(listeningPids(port + 1).includes(process.pid)).toBe(false);
    expect(treeCpuMs([process.pid], /./, [process.pid])).toBeLessThan(treeCpuMs([process.pid], /./) ?? 0);
  } finally {
    server.close();
  }
});

test.skipIf(process.platform !== "linux")("lists the ports a process listens on, and the processes under a root by command", async () => {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
  try {
    const { port } = server.address() as AddressInfo;
    expect(listeningPorts(process.pid)).toContain(port);
    expect(listeningPorts(child.pid ?? -1)).not.toContain(port);
    expect(descendants(process.pid, /./)).toEqual(expect.arrayContaining([process.pid, child.pid]));
    expect(descendants(process.pid, /^no-such-command$/)).toEqual([]);
  } finally {
    child.kill();
    server.close();
  }
});
