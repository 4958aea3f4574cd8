/**
 * What a shared read reads and of which row. A pair, not one string: a device id is any text, so "device " + an id
 * could spell another kind's name ("device of SIM " + an ICCID) and two calls would share a row neither named alone.
 */
export type ReadName = readonly [what: string, id: string];

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
    /** The read named `name`, started on the first call that asks for it. */
    once<T>(name: ReadName, read: (db: D1Database) => Promise<T>): Promise<T> {
      const key = JSON.stringify(name);
      let found = started.get(key);
      if (!found) started.set(key, (found = read(db)));
      return found as Promise<T>;
    },
  };
}

export type RequestReads = ReturnType<typeof requestReads>;
