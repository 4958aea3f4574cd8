/**
 * A D1 database that writes down the SQL of every statement prepared on it and on each of its sessions: the
 * D1 binding's CPU and its tracing spans are paid per statement (docs/decisions/069), so a cut is proved by
 * counting them.
 */
export function countedD1(db: D1Database): { db: D1Database; statements: string[] } {
  const statements: string[] = [];
  const counted = <T extends Pick<D1Database, "prepare">>(target: T): T =>
    new Proxy(target, {
      get(inner, key) {
        const value: unknown = Reflect.get(inner, key);
        if (key === "prepare") return (sql: string) => (statements.push(sql), inner.prepare(sql));
        if (key === "withSession") return (constraint: Parameters<D1Database["withSession"]>[0]) => counted((inner as unknown as D1Database).withSession(constraint));
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
      },
    });
  return { db: counted(db), statements };
}
