/**
 * The reads one request's calls share, each started once for all of them on the request's D1 session: a purchase
 * screen's batch names the same device, its periods and the catalogue in several calls, and the D1 binding's CPU
 * is paid per statement (docs/decisions/069). Each call still runs its own checks on what it is given; the
 * reads live for the request only, so nothing of a buyer outlives it (decision 044).
 */
export function requestReads(db: D1Database) {
  const started = new Map<string, Promise<unknown>>();
  return {
    /** The request's D1 session, for a read no other call shares. */
    db,
    /** The read named `key`, started on the first call that asks for it. */
    once<T>(key: string, read: (db: D1Database) => Promise<T>): Promise<T> {
      let found = started.get(key);
      if (!found) started.set(key, (found = read(db)));
      return found as Promise<T>;
    },
  };
}

export type RequestReads = ReturnType<typeof requestReads>;
