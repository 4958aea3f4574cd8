import { mkdirSync, writeFileSync } from "node:fs";
import { listeningPorts } from "./process-cpu.ts";

/** A V8 CPU profile as the inspector's Profiler.stop answers it (the .cpuprofile format). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The node the sampler puts time on when the embedder has told V8 the isolate is idle. */
const IDLE = "(idle)";

/** Microseconds between samples: fine enough for documents of a few milliseconds, cheap enough not to move them much. */
const SAMPLING_INTERVAL_US = 200;

/** How long an inspector may take to open or answer: workerd's sometimes never does, and the bench must not hang. */
const ANSWER_MS = 15_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the inspector did not answer ${what} within ${ANSWER_MS} ms`)), ANSWER_MS).unref())]);
}

class Session {
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly socket: WebSocket;
  constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.#pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }
  static open(url: string): Promise<Session> {
    return within(new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.addEventListener("open", () => resolve(new Session(socket)), { once: true });
      socket.addEventListener("error", () => reject(new Error(`the inspector at ${url} did not open`)), { once: true });
    }), `an opening at ${url}`);
  }
  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    return within(
      new Promise<T>((resolve, reject) => {
        this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        this.socket.send(JSON.stringify({ id, method, params }));
      }),
      method,
    );
  }
  close() {
    this.socket.close();
  }
}

/** Milliseconds of a profile the isolate was busy (every sample but idle), and the functions that took most of it (self time). */
export function busyTime(profile: CpuProfile, top = 0): { busyMs: number; top: { name: string; ms: number; share: number }[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busyUs = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    // A sample's time is the gap to the next one, but workerd samples only while the isolate runs and does
    // not mark it idle between requests: a gap much longer than the interval is idle time, counted as one interval.
    const gap = profile.timeDeltas[i + 1] ?? SAMPLING_INTERVAL_US;
    const delta = gap > 2 * SAMPLING_INTERVAL_US ? SAMPLING_INTERVAL_US : gap;
    if (!node || node.callFrame.functionName === IDLE) return;
    busyUs += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const ranked = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    busyMs: busyUs / 1000,
    top: ranked.map(([name, us]) => ({ name, ms: Math.round(us / 10) / 100, share: Math.round((us / busyUs) * 1000) / 10 })),
  };
}

/** The runtime's own inspector (workerd's `--inspector-addr`, a port it picks): the one of its listening ports that answers `/json/list`. */
async function runtimeTargets(runtimePids: readonly number[]): Promise<{ id: string; webSocketDebuggerUrl: string }[]> {
  for (const port of runtimePids.flatMap(listeningPorts)) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
      const targets: unknown = await response.json();
      if (Array.isArray(targets) && targets.every((target) => typeof target?.id === "string" && typeof target?.webSocketDebuggerUrl === "string")) return targets as { id: string; webSocketDebuggerUrl: string }[];
    } catch {
      // another of the runtime's sockets (the Workers', the loopback): not the inspector
    }
  }
  throw new Error(`no inspector answers /json/list on the ports of the runtime (processes ${runtimePids.join(", ")})`);
}

/**
 * V8's sampling profiler on the named isolates of a local workerd, through the runtime's inspector, which lists
 * every isolate it runs by id (`core:user:<worker>` for a Worker). Profiler commands are answered without a
 * result (workerd echoes them) except `Profiler.stop`, which answers the profile. `measure`
 * runs its work with each isolate profiled and answers each one's busy milliseconds: for a Worker, the CPU a
 * deployment bills it, without the local runtime's other work (the D1 simulator, wrangler's proxy) that /proc
 * counts for the process.
 */
export async function isolateProfiler<Name extends string>(runtimePids: readonly number[], isolates: Record<Name, string>) {
  const targets = await runtimeTargets(runtimePids);
  const sessions: { worker: Name; session: Session }[] = [];
  try {
    for (const [name, id] of Object.entries<string>(isolates)) {
      const target = targets.find((candidate) => candidate.id === id);
      if (!target) throw new Error(`the runtime's inspector lists no isolate ${id} (it lists ${targets.map((t) => t.id).join(", ")})`);
      const session = await Session.open(target.webSocketDebuggerUrl);
      sessions.push({ worker: name as Name, session });
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    }
  } catch (error) {
    for (const { session } of sessions) session.close();
    throw error;
  }
  return {
    workers: sessions.map(({ worker }) => worker),
    /** Runs `work` under the profiler; `keep` names a folder to write each isolate's .cpuprofile into. */
    async measure<T>(work: () => Promise<T>, keep?: { dir: string; name: string }): Promise<{ result: T; busyMs: Record<Name, number>; profiles: Record<Name, CpuProfile> }> {
      await Promise.all(sessions.map(({ session }) => session.send("Profiler.start")));
      const result = await work();
      const stopped = await Promise.all(sessions.map(async ({ worker, session }) => [worker, (await session.send<{ profile: CpuProfile }>("Profiler.stop")).profile] as const));
      const profiles = Object.fromEntries(stopped) as Record<Name, CpuProfile>;
      if (keep) {
        mkdirSync(keep.dir, { recursive: true });
        for (const [worker, profile] of stopped) writeFileSync(`${keep.dir}/${keep.name.replace(/\W+/g, "_")}-${worker}.cpuprofile`, JSON.stringify(profile));
      }
      return { result, busyMs: Object.fromEntries(stopped.map(([worker, profile]) => [worker, busyTime(profile).busyMs])) as Record<Name, number>, profiles };
    },
    close() {
      for (const { session } of sessions) session.close();
    },
  };
}
