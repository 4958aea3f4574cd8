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

/**
 * The CPU time, in milliseconds, that the named processes and everything they started have used so far,
 * counting only processes whose command matches (workerd: the runtime itself, not wrangler's Node) and that
 * are not excepted. Null where there is no /proc (the bench then reports no CPU figures).
 */
export function treeCpuMs(roots: readonly number[], command: RegExp, except: readonly number[] = []): number | null {
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
  const ticks = stats.filter((stat) => inTree.has(stat.pid) && command.test(stat.command) && !except.includes(stat.pid)).reduce((sum, stat) => sum + stat.cpuTicks, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * The processes that hold a socket listening on this TCP port (Linux: /proc/net/tcp and tcp6, then each
 * process's open descriptors). The bench uses it to tell wrangler's local proxy, the runtime that listens on
 * the public port, from the runtime running the Workers behind it, which is what a deployment bills.
 */
export function listeningPids(port: number): number[] {
  const inodes = new Set<string>();
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
      if (fields[3] === "0A" && Number.parseInt(fields[1]?.split(":")[1] ?? "", 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  const pids: number[] = [];
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    let descriptors: string[] = [];
    try {
      descriptors = readdirSync(`/proc/${name}/fd`);
    } catch {
      continue; // another user's process, or ended
    }
    const holds = descriptors.some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${name}/fd/${fd}`))?.[1] ?? "");
      } catch {
        return false;
      }
    });
    if (holds) pids.push(Number(name));
  }
  return pids;
}
