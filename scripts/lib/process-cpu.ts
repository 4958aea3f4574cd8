import { readdirSync, readFileSync } from "node:fs";

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
 * counting only processes whose command matches (workerd: the runtime itself, not wrangler's Node).
 * Null where there is no /proc (the bench then reports no CPU figures).
 */
export function treeCpuMs(roots: readonly number[], command: RegExp): number | null {
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
  const ticks = stats.filter((stat) => inTree.has(stat.pid) && command.test(stat.command)).reduce((sum, stat) => sum + stat.cpuTicks, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
