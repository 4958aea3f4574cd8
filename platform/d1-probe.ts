/**
 * The bench's view of storage (npm run bench, docs/decisions/030): with BENCH_D1_LATENCY_MS set, a
 * Worker wraps its D1 bindings for the length of one request, so that every round trip waits that long
 * first (a deployed D1 is milliseconds away, a local one microseconds), and counts how deep the request's
 * chain of sequential round trips goes, how many statements wrote and how many service calls it made. The
 * storefront adds the depth and writes its cloud-api calls report in their response headers. Unset
 * (everywhere but the bench) nothing is wrapped; production refuses the variable (each Worker's checkSecrets).
 */
import { PROBE_HEADERS } from "#contract/headers.ts";

const WRITE = /^\s*(?:insert|update|delete|replace)\b/i;

/** One request's chain of round trips. */
class Trace {
  /** The deepest level a finished round trip reached: the next one to start sits one below it. */
  private reached = 0;
  writes = 0;
  /** Calls through a probed service binding (the storefront's to the cloud-api). */
  calls = 0;

  constructor(readonly latencyMs: number) {}

  get depth(): number {
    return this.reached;
  }

  /** A round trip that itself stands for `levels` sequential ones (a cloud-api call), `writes` writes and `calls` service calls. */
  async roundTrip<T>(run: () => Promise<T>, cost: (result: T) => { levels: number; writes: number; calls: number }): Promise<T> {
    const start = this.reached;
    const result = await run();
    const { levels, writes, calls } = cost(result);
    this.writes += writes;
    this.calls += calls;
    this.reached = Math.max(this.reached, start + levels);
    return result;
  }

  d1<T>(sqls: string[], run: () => Promise<T>): Promise<T> {
    return this.roundTrip(
      async () => {
        if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
        return run();
      },
      () => ({ levels: 1, writes: sqls.filter((sql) => WRITE.test(sql)).length, calls: 0 }),
    );
  }
}

const realStatement = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
const statementSql = new WeakMap<D1PreparedStatement, string>();

function probeStatement(real: D1PreparedStatement, sql: string, trace: Trace): D1PreparedStatement {
  const probed = {
    bind: (...values: unknown[]) => probeStatement(real.bind(...values), sql, trace),
    first: (column?: string) => trace.d1([sql], () => (column === undefined ? real.first() : real.first(column))),
    run: () => trace.d1([sql], () => real.run()),
    all: () => trace.d1([sql], () => real.all()),
    raw: (options?: { columnNames?: boolean }) => trace.d1([sql], () => real.raw(options as { columnNames?: false })),
  } as unknown as D1PreparedStatement;
  realStatement.set(probed, real);
  statementSql.set(probed, sql);
  return probed;
}

function probeBatch(trace: Trace, batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>) {
  return (statements: D1PreparedStatement[]) =>
    trace.d1(
      statements.map((s) => statementSql.get(s) ?? ""),
      () => batch(statements.map((s) => realStatement.get(s) ?? s)),
    );
}

function probeSession(real: D1DatabaseSession, trace: Trace): D1DatabaseSession {
  return {
    prepare: (sql: string) => probeStatement(real.prepare(sql), sql, trace),
    batch: probeBatch(trace, (statements) => real.batch(statements)),
    getBookmark: () => real.getBookmark(),
  } as unknown as D1DatabaseSession;
}

function probeDatabase(real: D1Database, trace: Trace): D1Database {
  return {
    prepare: (sql: string) => probeStatement(real.prepare(sql), sql, trace),
    batch: probeBatch(trace, (statements) => real.batch(statements)),
    exec: (sql: string) => trace.d1(sql.split(";"), () => real.exec(sql)),
    withSession: (constraint?: string) => probeSession(real.withSession(constraint), trace),
    dump: () => real.dump(),
  } as unknown as D1Database;
}

/** A service binding whose calls count as deep, and wrote as much, as the callee's probe headers say. */
function probeFetcher(real: Fetcher, trace: Trace): Fetcher {
  return {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      trace.roundTrip(
        () => real.fetch(input, init),
        (response) => ({
          levels: Number(response.headers.get(PROBE_HEADERS.depth) ?? 0),
          writes: Number(response.headers.get(PROBE_HEADERS.writes) ?? 0),
          calls: 1 + Number(response.headers.get(PROBE_HEADERS.calls) ?? 0),
        }),
      ),
  } as unknown as Fetcher;
}

export interface ProbedEnv {
  /** Bench only: milliseconds every D1 round trip waits; set, the request is probed. */
  BENCH_D1_LATENCY_MS?: string;
}

/** BENCH_D1_LATENCY_MS as a number of milliseconds, or null when probing is off. */
export function probeLatency(env: ProbedEnv): number | null {
  const value = env.BENCH_D1_LATENCY_MS;
  if (value === undefined || value === "") return null;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`BENCH_D1_LATENCY_MS must be a number of milliseconds, not ${value}`);
  return ms;
}

/**
 * Runs one request with the named D1 and service bindings probed, and answers its response with the
 * probe headers; with probing off, runs it on the env as it is.
 */
export async function withD1Probe<E extends ProbedEnv>(
  env: E,
  bindings: { d1: (keyof E)[]; services?: (keyof E)[] },
  handle: (env: E) => Promise<Response>,
): Promise<Response> {
  const latencyMs = probeLatency(env);
  if (latencyMs === null) return handle(env);
  const trace = new Trace(latencyMs);
  const probed = { ...env };
  for (const name of bindings.d1) probed[name] = probeDatabase(env[name] as D1Database, trace) as E[keyof E];
  for (const name of bindings.services ?? []) probed[name] = probeFetcher(env[name] as Fetcher, trace) as E[keyof E];
  const response = await handle(probed);
  const answered = new Response(response.body, response);
  answered.headers.set(PROBE_HEADERS.depth, String(trace.depth));
  answered.headers.set(PROBE_HEADERS.writes, String(trace.writes));
  answered.headers.set(PROBE_HEADERS.calls, String(trace.calls));
  return answered;
}
