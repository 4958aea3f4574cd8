import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times: 100 on every Linux the project runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  parent: number;
  command: string;
  cpuTicks: number;
}

/** Fields of /proc/PID/stat after the command, which is in parentheses and may hold spaces. */
function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    // state ppid ... utime (14th field of the line, 12th after the command) stime (13th).
    return { pid, parent: Number(fields[1]), command: text.slice(text.indexOf("(") + 1, close), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // ended between the listing and the read
  }
}

/** Every process under the roots (the roots included); null where there is no /proc. */
function processesUnder(roots: readonly number[]): ProcStat[] | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  const stats = entries.filter((name) => /^\d+$/.test(name)).flatMap((name) => readStat(Number(name)) ?? []);
  const inTree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (!inTree.has(stat.pid) && inTree.has(stat.parent)) {
        inTree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => inTree.has(stat.pid));
}

/**
 * The CPU time, in milliseconds, that the named processes and everything they started have used so far,
 * counting only processes whose command matches (workerd: the runtime itself, not wrangler's Node) and that
 * are not excepted. Null where there is no /proc (the bench then reports no CPU figures).
 */
export function treeCpuMs(roots: readonly number[], command: RegExp, except: readonly number[] = []): number | null {
  const stats = processesUnder(roots);
  if (stats === null) return null;
  const ticks = stats.filter((stat) => command.test(stat.command) && !except.includes(stat.pid)).reduce((sum, stat) => sum + stat.cpuTicks, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The processes under `root` (itself included) whose command matches. */
export function descendants(root: number, command: RegExp): number[] {
  return (processesUnder([root]) ?? []).filter((stat) => command.test(stat.command)).map((stat) => stat.pid);
}

/** Listening TCP sockets by inode (Linux: /proc/net/tcp and tcp6), with their ports. */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === "0A" && fields[9]) sockets.set(fields[9], Number.parseInt(fields[1]?.split(":")[1] ?? "", 16));
    }
  }
  return sockets;
}

/** The inodes of the sockets a process holds open (none for another user's process, or one that ended). */
function socketInodes(pid: number): string[] {
  let descriptors: string[] = [];
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return descriptors.flatMap((fd) => {
    try {
      return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? [];
    } catch {
      return [];
    }
  });
}

/**
 * The processes that hold a socket listening on this TCP port. The bench uses it to tell wrangler's local
 * proxy, the runtime that listens on the public port, from the runtime running the Workers behind it, which
 * is what a deployment bills.
 */
export function listeningPids(port: number): number[] {
  const inodes = new Set([...listeningSockets()].filter(([, listening]) => listening === port).map(([inode]) => inode));
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => socketInodes(pid).some((inode) => inodes.has(inode)));
}

/** The TCP ports a process listens on (the runtime's inspector, which it picks itself, among them). */
export function listeningPorts(pid: number): number[] {
  const sockets = listeningSockets();
  return socketInodes(pid).flatMap((inode) => sockets.get(inode) ?? []);
}

